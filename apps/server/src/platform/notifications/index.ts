export { NotificationHub } from './live.js';
export {
  NOTIFICATIONS_CHANNEL,
  createNotifier,
  type NotificationInput,
  type Notifier,
} from './notifier.js';
