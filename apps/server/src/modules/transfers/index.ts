import type { AppModule } from '../module.js';
import { transferRefundKind } from './decide.js';
import { transferRoutes } from './routes.js';

export { asSeenByAccount } from './statuses.js';
export { maskedName } from './payee-names.js';
export {
  ownTransferByEntry,
  ownTransferRecord,
  senderOfEntry,
  type TransferRecord,
} from './records.js';
export { transfersOfCustomer } from './views.js';
export { transfersInProgress } from './views.js';
export {
  refundedTransfersOf,
  transfersInProgressOf,
  type TransferInProgress,
} from './dashboard.js';

/** Bank transfers: the customer's flow with PIN and code, beneficiaries, the staff queue. */
export const transfersModule: AppModule = {
  name: 'transfers',
  routes: transferRoutes,
  approvalKinds: [transferRefundKind],
};
