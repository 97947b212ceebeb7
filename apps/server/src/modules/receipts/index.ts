import type { AppModule } from '../module.js';
import { receiptRoutes } from './routes.js';

/** Detail views of the customer's lines and transfers, receipts, and their public check. */
export const receiptsModule: AppModule = { name: 'receipts', routes: receiptRoutes };
