import { Navigate, type RouteObject } from 'react-router';
import { NAV_ITEMS } from '../../layouts/dashboard/nav';
import { RequireSession } from '../../lib/session';

/** Sections of the menu still under way (marked Soon there): a "coming soon" page in the shell. */
const COMING_SOON: readonly (readonly [string, string])[] = NAV_ITEMS.filter((i) => i.soon).map(
  (i) => [`${i.section}/*`, i.label],
);

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
 * The shell and each page are lazy routes: their code is fetched the first time they are opened,
 * never with the sign-in page.
 */
export function dashboardRoute(pages: RouteObject[]): RouteObject {
  return {
    path: 'dashboard',
    lazy: () =>
      import('../../layouts/DashboardLayout').then(({ DashboardLayout }) => ({
        element: (
          <RequireSession scope="customer">{(me) => <DashboardLayout me={me} />}</RequireSession>
        ),
      })),
    children: [
      { index: true, lazy: () => import('./HomePage').then((m) => ({ Component: m.HomePage })) },
      ...pages,
      ...COMING_SOON.map(([path, title]) => ({
        path,
        lazy: () =>
          import('./ComingSoonPage').then(({ ComingSoonPage }) => ({
            element: <ComingSoonPage key={title} title={title} />,
          })),
      })),
      ...UNAVAILABLE.map(([path, title]) => ({
        path,
        lazy: () =>
          import('./UnavailablePage').then(({ UnavailablePage }) => ({
            element: <UnavailablePage key={title} title={title} />,
          })),
      })),
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  };
}
