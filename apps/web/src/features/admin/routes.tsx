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
    staffPage('catalog/crypto-types', 'catalog.manage', () =>
      import('./catalog/CryptoTypesPage').then((m) => m.CryptoTypesPage),
    ),
    staffPage('catalog/payment-purposes', 'catalog.manage', () =>
      import('./catalog/PaymentPurposesPage').then((m) => m.PaymentPurposesPage),
    ),
    staffPage('catalog/fixed-deposit-plans', 'catalog.manage', () =>
      import('./catalog/FixedDepositPlansPage').then((m) => m.FixedDepositPlansPage),
    ),
    staffPage('catalog/account-plans', 'catalog.manage', () =>
      import('./catalog/AccountPlansPage').then((m) => m.AccountPlansPage),
    ),
    staffPage('catalog/institution', 'catalog.manage', () =>
      import('./catalog/InstitutionDetailsPage').then((m) => m.InstitutionDetailsPage),
    ),
    staffPage('funding', 'funding.review', () =>
      import('./funding/FundingQueuePage').then((m) => m.FundingQueuePage),
    ),
    staffPage('funding/:id', 'funding.review', () =>
      import('./funding/FundingReviewPage').then((m) => m.FundingReviewPage),
    ),
    staffPage('transfers', 'transfers.process', () =>
      import('./transfers/TransferQueuePage').then((m) => m.TransferQueuePage),
    ),
    staffPage('transfers/:id', 'transfers.process', () =>
      import('./transfers/TransferReviewPage').then((m) => m.TransferReviewPage),
    ),
  ],
};
