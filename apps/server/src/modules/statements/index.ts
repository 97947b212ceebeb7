import type { AppModule } from '../module.js';
import { statementRoutes } from './routes.js';

/** Statements & Report: the ledger's lines for a period, as a page, a chart, CSV and PDF. */
export const statementsModule: AppModule = { name: 'statements', routes: statementRoutes };
