import type { AppModule } from '../module.js';
import { accountRoutes } from './routes.js';

/** The customer's own account: balance, totals and history, read from the ledger. */
export const accountsModule: AppModule = { name: 'accounts', routes: accountRoutes };
export { currentAccountId, toTransaction, withStatuses } from './service.js';
