import type { RouteObject } from 'react-router';
import { AdminLayout } from './AdminLayout';
import { RequireSession } from '../../lib/session';
import { AdminHomePage } from './AdminHomePage';
import { DocumentTypesPage } from './catalog/DocumentTypesPage';
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
    {
      path: 'catalog/document-types',
      element: (
        <RequirePermission permission="catalog.manage">
          <DocumentTypesPage />
        </RequirePermission>
      ),
    },
  ],
};
