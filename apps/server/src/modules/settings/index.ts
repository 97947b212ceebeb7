import type { AppModule } from '../module.js';
import { settingsRoutes } from './routes.js';

/** Settings: password, email address (confirmed by a code), the signed-in browsers. */
export const settingsModule: AppModule = { name: 'settings', routes: settingsRoutes };
