import type { AppModule } from '../module.js';
import { auditLogRoutes } from './routes.js';

/** The audit log as staff read it: search, the catalogue of actions, CSV export (audit.read). */
export const auditLogModule: AppModule = { name: 'audit-log', routes: auditLogRoutes };
