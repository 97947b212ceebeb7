import type { AppModule } from '../module.js';
import { fundingConfirmKind } from './decide.js';
import { fundingRoutes } from './routes.js';

export { requestsOfCustomer } from './views.js';
export { pendingRequests } from './views.js';
export { dashboardRequestsOfCustomer, type DashboardRequest } from './dashboard.js';

/** Customers' crypto-paid requests (deposit, payment, fixed deposit, upgrade) and staff review. */
export const fundingModule: AppModule = {
  name: 'funding',
  routes: fundingRoutes,
  approvalKinds: [fundingConfirmKind],
};
