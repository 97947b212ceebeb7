import type { AppModule } from '../module.js';
import { notificationRoutes } from './routes.js';

export { listNotifications } from './service.js';

/** The customer's notifications: list, unread count (live over Server-Sent Events), read. */
export const notificationsModule: AppModule = { name: 'notifications', routes: notificationRoutes };
