import type { AppModule } from '../module.js';
import { overviewRoutes } from './routes.js';

/** The back office's landing page: the queues' counts and ages, the ledger's health. */
export const overviewModule: AppModule = { name: 'overview', routes: overviewRoutes };
