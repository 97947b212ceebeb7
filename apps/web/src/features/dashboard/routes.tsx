import type { RouteObject } from 'react-router';
import { DashboardLayout } from '../../layouts/DashboardLayout';
import { RequireSession } from '../../lib/session';
import { HomePage } from './HomePage';

/**
 * The signed-in customer's tree, `{BASE_PATH}/dashboard/...` (SPEC section 2). No errorElement of
 * its own: unknown addresses never reach it (the router reports them at the root), and sending a
 * crashed page back to the dashboard could loop, so the root's RouteErrorPage serves.
 */
export const dashboardRoute: RouteObject = {
  path: 'dashboard',
  element: <RequireSession scope="customer">{(me) => <DashboardLayout me={me} />}</RequireSession>,
  children: [{ index: true, element: <HomePage /> }],
};
