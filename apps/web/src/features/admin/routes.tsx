import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RequireSession } from '../../lib/session';
import { RequirePermission } from './RequirePermission';

/**
 * A staff page for holders of `permission`; `load` fetches its code (a lazy route, so nothing
 * of the back office ships with the customer's pages).
 */
function staffPage(
  path: string,
  permission: string,
  load: () => Promise<ComponentType>,
): RouteObject {
  return {
    path,
    lazy: () =>
      load().then((Page) => ({
        element: (
          <RequirePermission permission={permission}>
            <Page />
          </RequirePermission>
        ),
      })),
  };
}

/** The staff area, `{BASE_PATH}/admin/...` (PRODUCT.md, the back office). */
export const adminRoute: RouteObject = {
  path: 'admin',
  lazy: () =>
    import('./AdminLayout').then(({ AdminLayout }) => ({
      element: <RequireSession scope="staff">{(me) => <AdminLayout me={me} />}</RequireSession>,
    })),
  children: [
    {
      index: true,
      lazy: () => import('./AdminHomePage').then((m) => ({ Component: m.AdminHomePage })),
    },
    staffPage('kyc', 'kyc.review', () => import('./kyc/KycQueuePage').then((m) => m.KycQueuePage)),
    staffPage('kyc/:id', 'kyc.review', () =>
      import('./kyc/KycReviewPage').then((m) => m.KycReviewPage),
    ),
    staffPage('catalog/document-types', 'catalog.manage', () =>
      import('./catalog/DocumentTypesPage').then((m) => m.DocumentTypesPage),
    ),
    staffPage('catalog/support-contacts', 'catalog.manage', () =>
      import('./catalog/SupportContactsPage').then((m) => m.SupportContactsPage),
    ),
    staffPage('catalog/availability', 'catalog.manage', () =>
      import('./catalog/AvailabilityPage').then((m) => m.AvailabilityPage),
    ),
  ],
};
