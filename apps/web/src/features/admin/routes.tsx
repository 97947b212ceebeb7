import type { RouteObject } from 'react-router';

/** The staff area, `{BASE_PATH}/admin/...` (PRODUCT.md, the back office). */
export const adminRoute: RouteObject = {
  path: 'admin',
  children: [],
};
