import type { AppModule } from '../module.js';
import { supportRoutes } from './routes.js';

/** Help & Support: contacts published by staff. */
export const supportModule: AppModule = { name: 'support', routes: supportRoutes };
