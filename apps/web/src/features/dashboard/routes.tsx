import { Navigate, type RouteObject } from 'react-router';
import { DashboardLayout } from '../../layouts/DashboardLayout';
import { RequireSession } from '../../lib/session';
import { ComingSoonPage } from './ComingSoonPage';
import { HomePage } from './HomePage';
import { UnavailablePage } from './UnavailablePage';

/** Sections of the menu whose issue is still open: a "coming soon" page inside the shell. */
const COMING_SOON: readonly (readonly [string, string])[] = [
  ['add-funds/*', 'Add funds'],
  ['make-payment/*', 'Make payment'],
  ['send/*', 'Bank Transfer'],
  ['fixed-deposit/*', 'Fixed deposit'],
  ['upgrade', 'Upgrade Account'],
];

/** Products the bank does not offer anywhere (spec: Not Available in your region). */
const UNAVAILABLE: readonly (readonly [string, string])[] = [
  ['loan', 'Loan'],
  ['credit-card', 'Credit Card'],
  ['pay-bills', 'Pay Bills'],
];

/**
 * The signed-in customer's tree, `{BASE_PATH}/dashboard/...` (SPEC section 2), with the pages of
 * other features passed in by the router. An unknown address under it goes back to the dashboard
 * (spec: the dashboard's error fallback), and without a session the guard sends to sign-in.
 */
export function dashboardRoute(pages: RouteObject[]): RouteObject {
  return {
    path: 'dashboard',
    element: (
      <RequireSession scope="customer">{(me) => <DashboardLayout me={me} />}</RequireSession>
    ),
    children: [
      { index: true, element: <HomePage /> },
      ...pages,
      ...COMING_SOON.map(([path, title]) => ({
        path,
        element: <ComingSoonPage key={title} title={title} />,
      })),
      ...UNAVAILABLE.map(([path, title]) => ({
        path,
        element: <UnavailablePage key={title} title={title} />,
      })),
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  };
}
