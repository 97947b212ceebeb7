import type { z } from 'zod';
import type { NotificationKind } from '@bank/contract';
import type { NoticeSpec } from '../notice.js';
import { accountNotices } from './account.js';
import { adjustmentNotices } from './adjustments.js';
import { balanceNotices } from './balance.js';
import { customerNotices } from './customers.js';
import { moneyNotices } from './money.js';

/**
 * Every kind of notification the bank sends a customer, by name: the registry the notifier
 * renders from and the back office lists. One file per area; a kind is added there and to the
 * contract's `NOTIFICATION_KINDS` (the live stream names kinds, and the web app refreshes the
 * screens each concerns): the type checker refuses one without the other.
 */
export const NOTICES = {
  ...accountNotices,
  ...moneyNotices,
  ...customerNotices,
  ...adjustmentNotices,
  ...balanceNotices,
} satisfies Record<NotificationKind, NoticeSpec>;

export type NoticeKind = keyof typeof NOTICES;

/** A kind here that the contract does not list: must be none. */
type UnlistedKind = Exclude<NoticeKind, NotificationKind>;
export const everyKindListed: [UnlistedKind] extends [never] ? true : UnlistedKind = true;
export type NoticeData<K extends NoticeKind> = z.input<(typeof NOTICES)[K]['data']>;

export { FUNDING_KIND_LABEL } from './money.js';
