import type { AppModule } from '../module.js';
import { overviewRoutes } from './routes.js';

/** The back office's landing page: setting up the bank, the queues' counts and ages, the ledger's health. */
export const overviewModule: AppModule = { name: 'overview', routes: overviewRoutes };
