import type { RouteObject } from 'react-router';
import { RequireSession } from '../../lib/session';

/**
 * What of the back office is in the app's entry chunk: its place in the route tree and how its
 * pages are found. The list of areas, the menu and every page are fetched on the first visit to
 * /admin/... (docs/decisions/0023), so the customers' pages carry none of them.
 */
const ADMIN_ROUTE_ID = 'admin';

/** The staff area, `{BASE_PATH}/admin/...` (PRODUCT.md, the back office): its shell. */
export const adminRoute: RouteObject = {
  id: ADMIN_ROUTE_ID,
  path: 'admin',
  lazy: () =>
    import('./AdminLayout').then(({ AdminLayout }) => ({
      element: <RequireSession scope="staff">{(me) => <AdminLayout me={me} />}</RequireSession>,
    })),
  children: [{ index: true, lazy: () => import('./routes').then((m) => m.frontPage()) }],
};

/**
 * The staff areas' routes (routes.tsx, made from areas.tsx), which join the tree under
 * `adminRoute` the first time an address under /admin matches nothing yet (the router's
 * `patchRoutesOnNavigation`). An address that still matches nothing is the 404 it was before.
 */
export const foundStaffPages = {
  under: ADMIN_ROUTE_ID,
  load: () => import('./routes').then((m) => m.staffPages),
};
