import type { RouteObject } from 'react-router';

/** The signed-in customer's tree, `{BASE_PATH}/dashboard/...` (SPEC section 2). */
export const dashboardRoute: RouteObject = {
  path: 'dashboard',
  children: [],
};
