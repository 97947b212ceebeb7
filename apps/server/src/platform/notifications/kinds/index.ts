import type { z } from 'zod';
import type { NoticeSpec } from '../notice.js';
import { accountNotices } from './account.js';
import { adjustmentNotices } from './adjustments.js';
import { balanceNotices } from './balance.js';
import { customerNotices } from './customers.js';
import { moneyNotices } from './money.js';

/**
 * Every kind of notification the bank sends a customer, by name: the registry the notifier
 * renders from and the back office lists. One file per area; a kind is added there.
 */
export const NOTICES = {
  ...accountNotices,
  ...moneyNotices,
  ...customerNotices,
  ...adjustmentNotices,
  ...balanceNotices,
} satisfies Record<string, NoticeSpec>;

export type NoticeKind = keyof typeof NOTICES;
export type NoticeData<K extends NoticeKind> = z.input<(typeof NOTICES)[K]['data']>;

export { FUNDING_KIND_LABEL } from './money.js';
