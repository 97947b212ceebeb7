export { NotificationHub } from './live.js';
export { FUNDING_KIND_LABEL, NOTICES, type NoticeData, type NoticeKind } from './kinds/index.js';
export {
  NOTIFICATIONS_CHANNEL,
  createNotifier,
  type Notifier,
  type RecipientLookup,
} from './notifier.js';
export type { NoticeFor } from './notice-for.js';
