import type { AppModule } from '../module.js';
import { adjustmentKind } from './kind.js';
import { adjustmentRoutes } from './routes.js';

/**
 * Manual ledger adjustments (maker-checker, decision 21): proposed with a reason and evidence
 * by `ledger.adjust.propose`, posted only when a different person with `ledger.adjust.approve`
 * approves them under Approvals.
 */
export const adjustmentsModule: AppModule = {
  name: 'adjustments',
  routes: adjustmentRoutes,
  approvalKinds: [adjustmentKind],
};
