import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorPage } from './components/ui/RouteErrorPage';
import { SecondFactorPage } from './features/auth/second-factor/SecondFactorPage';
import { SigninPage } from './features/auth/signin/SigninPage';
import { SignupPage } from './features/auth/SignupPage';
import { VerifyPage } from './features/auth/VerifyPage';
import { WelcomePage } from './features/auth/WelcomePage';
import { ForgotPage } from './features/auth/ForgotPage';
import { InfoNoticePage } from './features/auth/InfoNoticePage';
import { ResetPage } from './features/auth/ResetPage';
import { KycPage } from './features/kyc/KycPage';
import { UnderReviewPage } from './features/kyc/UnderReviewPage';
import { adminRoute } from './features/admin/routes';
import { dashboardRoute } from './features/dashboard/routes';
import { NotificationsPage } from './features/notifications/NotificationsPage';
import { PinCreationPage } from './features/pin/PinCreationPage';
import { ProfilePage } from './features/profile/ProfilePage';
import { SettingsPage } from './features/settings/SettingsPage';
import { StatementsPage } from './features/statements/StatementsPage';
import { ContactPage } from './features/support/ContactPage';
import { AuthLayout } from './layouts/AuthLayout';
import { basePath } from './lib/base-path';
import { FrontDoor, OnboardingOnly, SignedOutOnly } from './lib/session';

/** The identity check, for an onboarding session only. */
const kycPage = (
  <OnboardingOnly>
    <KycPage />
  </OnboardingOnly>
);

/** The route tree, shared by the browser router and by tests' memory routers. */
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <FrontDoor /> },
      {
        path: 'auth',
        element: <AuthLayout />,
        children: [
          { index: true, element: <WelcomePage /> },
          {
            path: 'signup',
            element: (
              <SignedOutOnly>
                <SignupPage />
              </SignedOutOnly>
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
          { path: 'verify/:email', element: <VerifyPage /> },
          { path: 'staff/second-factor', element: <SecondFactorPage /> },
          { path: 'forgot', element: <ForgotPage /> },
          {
            path: 'reset',
            children: [
              { index: true, element: <ResetPage /> },
              { path: ':email/:token', element: <ResetPage /> },
            ],
          },
          {
            path: 'info',
            children: [
              { index: true, element: <InfoNoticePage /> },
              { path: 'notice', element: <InfoNoticePage /> },
            ],
          },
          {
            path: 'account',
            children: [
              { index: true, element: kycPage },
              { path: 'verification', element: kycPage },
              { path: 'under-review', element: <UnderReviewPage /> },
            ],
          },
        ],
      },
      dashboardRoute([
        { path: 'pincreation', element: <PinCreationPage /> },
        { path: 'pincreation/new1', element: <PinCreationPage /> },
        { path: 'notifications', element: <NotificationsPage /> },
        { path: 'profile', element: <ProfilePage /> },
        { path: 'settings', element: <SettingsPage /> },
        { path: 'contact', element: <ContactPage /> },
        { path: 'statements', element: <StatementsPage /> },
      ]),
      adminRoute,
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes, { basename: basePath() });
}
