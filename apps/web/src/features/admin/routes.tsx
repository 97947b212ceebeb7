import type { RouteObject } from 'react-router';
import { AdminHomePage } from './AdminHomePage';
import { STAFF_AREAS, type PageLoader, type StaffArea } from './areas';
import { RequirePermission } from './RequirePermission';

/** A lazy route showing the page `load` fetches, to holders of `permission` only. */
function guarded(permission: StaffArea['permission'], load: PageLoader): RouteObject['lazy'] {
  return () =>
    load().then((Page) => ({
      element: (
        <RequirePermission permission={permission}>
          <Page />
        </RequirePermission>
      ),
    }));
}

/**
 * The routes of `areas` under /admin: each area's page at its path and its children below it.
 * The front page (path '') is the index route, made by `frontPage`; its children are here.
 */
export function staffRoutes(areas: readonly StaffArea[]): RouteObject[] {
  return areas.flatMap((area) => {
    const children: RouteObject[] = Object.entries(area.children ?? {}).map(([path, load]) => ({
      path,
      lazy: guarded(area.permission, load),
    }));
    if (area.path === '') return children;
    return [
      {
        path: area.path,
        children: [{ index: true, lazy: guarded(area.permission, area.page) }, ...children],
      },
    ];
  });
}

/**
 * What /admin shows: the front-page area to holders of its permission; to everyone else (and
 * while there is no such area) the way to the first area their menu offers.
 */
export async function frontPage(
  areas: readonly StaffArea[] = STAFF_AREAS,
): Promise<Pick<RouteObject, 'element'>> {
  const front = areas.find((area) => area.path === '');
  const fallback = <AdminHomePage areas={areas} />;
  if (!front) return { element: fallback };
  const Page = await front.page();
  return {
    element: (
      <RequirePermission permission={front.permission} otherwise={fallback}>
        <Page />
      </RequirePermission>
    ),
  };
}

/** The pages of every staff area, patched under /admin when first needed (entry.tsx). */
export const staffPages = staffRoutes(STAFF_AREAS);
