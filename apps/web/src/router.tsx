import {
  createBrowserRouter,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import type * as SecondFactorPages from './features/auth/second-factor-pages';
import type * as FundingPages from './features/funding/pages';
import type * as TransferPages from './features/transfers/pages';
import type * as TransactionPages from './features/transactions/pages';
import type { ComponentType } from 'react';
import { PageLoading } from './components/ui/QueryStatus';
import { RouteErrorPage } from './components/ui/RouteErrorPage';
import { adminRoute, foundStaffPages } from './features/admin/entry';
import { SigninPage } from './features/auth/signin/SigninPage';
import { WelcomePage } from './features/auth/WelcomePage';
import { dashboardRoute } from './features/dashboard/routes';
import { AuthLayout } from './layouts/AuthLayout';
import { basePath } from './lib/base-path';
import { FrontDoor, OnboardingOnly, SignedOutOnly } from './lib/session';

/** The identity check, for an onboarding session only. */
const kycPage = () =>
  import('./features/kyc/KycPage').then(({ KycPage }) => ({
    element: (
      <OnboardingOnly>
        <KycPage />
      </OnboardingOnly>
    ),
  }));

/**
 * A lazy page of the signed-out tree (spec: used when no session exists): a customer or staff
 * member who opens it goes to their own area instead.
 */
const signedOutPage = (load: () => Promise<ComponentType>) => () =>
  load().then((Page) => ({
    element: (
      <SignedOutOnly>
        <Page />
      </SignedOutOnly>
    ),
  }));

const resetPage = signedOutPage(() => import('./features/auth/ResetPage').then((m) => m.ResetPage));

const noticePage = () =>
  import('./features/auth/InfoNoticePage').then((m) => ({ Component: m.InfoNoticePage }));

const pinCreationPage = () =>
  import('./features/pin/PinCreationPage').then((m) => ({ Component: m.PinCreationPage }));

/**
 * The route tree, shared by the browser router and by tests' memory routers. The signed-out
 * front door (welcome, sign-in) is in the entry chunk; every other page is a lazy route, its
 * code fetched the first time it is opened (issue 8: the sign-in page ships at most 150 kB of
 * JavaScript, checked by `npm run check:bundle`).
 */
/** A page of the funding feature (add funds, make payment, fixed deposit, upgrade): one chunk. */
function fundingPage(name: keyof typeof FundingPages) {
  return () => import('./features/funding/pages').then((m) => ({ Component: m[name] }));
}

/** The second step of a sign-in, staff or customer: one chunk. */
function secondFactorPage(name: keyof typeof SecondFactorPages) {
  return () => import('./features/auth/second-factor-pages').then((m) => ({ Component: m[name] }));
}

/** A page of the transfer flow (send, confirm, pin): one chunk. */
function transferPage(name: keyof typeof TransferPages) {
  return () => import('./features/transfers/pages').then((m) => ({ Component: m[name] }));
}

/** A detail page of a transaction or transfer, or the public receipt check: one chunk. */
function transactionPage(name: keyof typeof TransactionPages) {
  return () => import('./features/transactions/pages').then((m) => ({ Component: m[name] }));
}

export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteErrorPage />,
    // Shown when the app opens straight on a lazy route, until that route's code has arrived;
    // later navigations keep the current page on screen meanwhile.
    HydrateFallback: PageLoading,
    children: [
      { index: true, element: <FrontDoor /> },
      {
        path: 'auth',
        element: <AuthLayout />,
        children: [
          {
            index: true,
            element: (
              <SignedOutOnly>
                <WelcomePage />
              </SignedOutOnly>
            ),
          },
          {
            path: 'signup',
            lazy: signedOutPage(() =>
              import('./features/auth/SignupPage').then((m) => m.SignupPage),
            ),
          },
          {
            path: 'signin',
            element: (
              <SignedOutOnly>
                <SigninPage />
              </SignedOutOnly>
            ),
          },
          {
            path: 'verify/:email',
            lazy: () =>
              import('./features/auth/VerifyPage').then((m) => ({ Component: m.VerifyPage })),
          },
          {
            path: 'staff/second-factor',
            lazy: secondFactorPage('SecondFactorPage'),
          },
          {
            path: 'second-factor',
            lazy: secondFactorPage('TwoStepSigninPage'),
          },
          {
            path: 'staff/invitation/:token',
            lazy: signedOutPage(() =>
              import('./features/auth/staff-invitation/StaffInvitationPage').then(
                (m) => m.StaffInvitationPage,
              ),
            ),
          },
          {
            path: 'forgot',
            lazy: signedOutPage(() =>
              import('./features/auth/ForgotPage').then((m) => m.ForgotPage),
            ),
          },
          {
            path: 'reset',
            children: [
              { index: true, lazy: resetPage },
              { path: ':email/:token', lazy: resetPage },
            ],
          },
          {
            path: 'info',
            children: [
              { index: true, lazy: noticePage },
              { path: 'notice', lazy: noticePage },
            ],
          },
          {
            path: 'account',
            children: [
              { index: true, lazy: kycPage },
              { path: 'verification', lazy: kycPage },
              {
                path: 'under-review',
                lazy: () =>
                  import('./features/kyc/UnderReviewPage').then((m) => ({
                    Component: m.UnderReviewPage,
                  })),
              },
            ],
          },
        ],
      },
      dashboardRoute([
        { path: 'pincreation', lazy: pinCreationPage },
        { path: 'pincreation/new1', lazy: pinCreationPage },
        {
          path: 'notifications',
          lazy: () =>
            import('./features/notifications/NotificationsPage').then((m) => ({
              Component: m.NotificationsPage,
            })),
        },
        {
          path: 'profile',
          lazy: () =>
            import('./features/profile/ProfilePage').then((m) => ({ Component: m.ProfilePage })),
        },
        {
          path: 'settings',
          lazy: () =>
            import('./features/settings/SettingsPage').then((m) => ({
              Component: m.SettingsPage,
            })),
        },
        {
          path: 'contact',
          lazy: () =>
            import('./features/support/ContactPage').then((m) => ({ Component: m.ContactPage })),
        },
        {
          path: 'statements',
          lazy: () =>
            import('./features/statements/StatementsPage').then((m) => ({
              Component: m.StatementsPage,
            })),
        },
        {
          path: 'add-funds',
          lazy: fundingPage('AddFundsLayout'),
          children: [
            { index: true, lazy: fundingPage('AddFundsPage') },
            { path: 'it', lazy: fundingPage('ReceivePage') },
            { path: 'crypto', lazy: fundingPage('CryptoDepositPage') },
          ],
        },
        { path: 'make-payment', lazy: fundingPage('MakePaymentPage') },
        { path: 'make-payment/crypto', lazy: fundingPage('PaymentCryptoPage') },
        { path: 'make-payment/balance', lazy: fundingPage('PaymentBalancePage') },
        { path: 'fixed-deposit', lazy: fundingPage('FixedDepositPage') },
        { path: 'fixed-deposit/crypto', lazy: fundingPage('FixedDepositCryptoPage') },
        { path: 'fixed-deposit/balance', lazy: fundingPage('FixedDepositBalancePage') },
        { path: 'upgrade', lazy: fundingPage('UpgradePage') },
        { path: 'send', lazy: transferPage('SendPage') },
        { path: 'send/confirm', lazy: transferPage('ConfirmTransferPage') },
        { path: 'send/pin', lazy: transferPage('TransferPinPage') },
        { path: 'transactions/:id', lazy: transactionPage('TransactionDetailPage') },
        { path: 'transfers/:id', lazy: transactionPage('TransferDetailPage') },
      ]),
      {
        // Public: anyone checks a receipt of the bank by its reference, signed in or not.
        path: 'verify',
        element: <AuthLayout />,
        children: [
          { index: true, lazy: transactionPage('VerifyReceiptPage') },
          { path: ':reference', lazy: transactionPage('VerifyReceiptPage') },
        ],
      },
      adminRoute,
    ],
  },
];

/**
 * Routes that join the tree when first needed, each under the route of id `under`: the staff
 * areas' pages, made from their list, which the customers' pages never load.
 */
export const foundRoutes: { under: string; load: () => Promise<RouteObject[]> }[] = [
  foundStaffPages,
];

/** Adds the routes found under the routes an address has matched so far (React Router's fog of war). */
export const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({
  matches,
  patch,
}) => {
  for (const { under, load } of foundRoutes) {
    if (matches.some(({ route }) => route.id === under)) patch(under, await load());
  }
};

export function createRouter() {
  return createBrowserRouter(routes, { basename: basePath(), patchRoutesOnNavigation });
}
