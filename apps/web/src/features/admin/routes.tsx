import type { RouteObject } from 'react-router';
import { AdminLayout } from './AdminLayout';
import { RequireSession } from '../../lib/session';
import { AdminHomePage } from './AdminHomePage';
import { AvailabilityPage } from './catalog/AvailabilityPage';
import { DocumentTypesPage } from './catalog/DocumentTypesPage';
import { SupportContactsPage } from './catalog/SupportContactsPage';
import { KycQueuePage } from './kyc/KycQueuePage';
import { KycReviewPage } from './kyc/KycReviewPage';
import { RequirePermission } from './RequirePermission';

/** The staff area, `{BASE_PATH}/admin/...` (PRODUCT.md, the back office). */
export const adminRoute: RouteObject = {
  path: 'admin',
  element: <RequireSession scope="staff">{(me) => <AdminLayout me={me} />}</RequireSession>,
  children: [
    { index: true, element: <AdminHomePage /> },
    {
      path: 'kyc',
      element: (
        <RequirePermission permission="kyc.review">
          <KycQueuePage />
        </RequirePermission>
      ),
    },
    {
      path: 'kyc/:id',
      element: (
        <RequirePermission permission="kyc.review">
          <KycReviewPage />
        </RequirePermission>
      ),
    },
    ...(
      [
        ['catalog/document-types', <DocumentTypesPage key="types" />],
        ['catalog/support-contacts', <SupportContactsPage key="contacts" />],
        ['catalog/availability', <AvailabilityPage key="availability" />],
      ] as const
    ).map(([path, page]) => ({
      path,
      element: <RequirePermission permission="catalog.manage">{page}</RequirePermission>,
    })),
  ],
};
