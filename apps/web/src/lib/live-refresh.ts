/**
 * What the live channel refreshes (decision 25): each notification kind the server sends, mapped
 * once to the screens it concerns, as the query keys (prefixes) of their reads. The map is typed
 * by the contract's list of kinds, so a kind added there cannot be forgotten here.
 */
import {
  NOTIFICATION_KINDS,
  notificationStreamMessageSchema,
  type NotificationKind,
} from '@bank/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { queries, queryKeys } from './queries';

/** Balance, totals, Recent Transactions (pending items included), statements. */
const ACCOUNT = queryKeys.account;

export const LIVE_REFRESH: Record<NotificationKind, readonly QueryKey[]> = {
  'bank.message': [],
  'signin.new_device': [queryKeys.sessions],
  'profile.changed': [queryKeys.profile],
  'password.changed': [queryKeys.sessions],
  // Who is signed in carries the email address.
  'email.changed': [queryKeys.profile, queryKeys.session],
  'security.password_checks_paused': [],
  'passkey.added': [queryKeys.passkeys],
  'passkey.removed': [queryKeys.passkeys],
  'security.second_factor_on': [queryKeys.secondFactor],
  'security.second_factor_off': [queryKeys.secondFactor],
  // Settings says how many recovery codes are left.
  'security.recovery_code_used': [queryKeys.secondFactor],
  'pin.created': [queryKeys.pin],
  'pin.locked': [queryKeys.pin],
  'pin.changed': [queryKeys.pin],
  'pin.reset': [queryKeys.pin],
  'pin.unlocked': [queryKeys.pin],
  // A request taken (in another tab): pending on the dashboard and on its page.
  'funding.received': [ACCOUNT, queryKeys.funding],
  // A deposit credits the balance, a fixed deposit starts, an upgrade changes the plan (the
  // profile menu and the Upgrade page, whose forms carry the current plan).
  'funding.confirmed': [ACCOUNT, queryKeys.funding, queryKeys.fixedDeposits, queryKeys.profile],
  // A declined request stays on the dashboard a while, with the reason, and on its page.
  'funding.declined': [ACCOUNT, queryKeys.funding],
  'funding.paid_from_balance': [ACCOUNT, queryKeys.funding, queryKeys.profile],
  'fixed_deposit.opened': [ACCOUNT, queryKeys.fixedDeposits],
  'fixed_deposit.matured': [ACCOUNT, queryKeys.fixedDeposits],
  'transfer.code_locked': [queryKeys.transfers],
  'transfer.submitted': [ACCOUNT, queryKeys.transfers, queryKeys.beneficiaries],
  'transfer.sent': [ACCOUNT, queryKeys.transfers, queryKeys.beneficiaries],
  'transfer.received': [ACCOUNT],
  'transfer.successful': [ACCOUNT, queryKeys.transfers],
  'transfer.failed': [ACCOUNT, queryKeys.transfers],
  'transfer.cancelled': [ACCOUNT, queryKeys.transfers],
  'account.frozen': [],
  'account.unfrozen': [],
  'account.restriction_lifted': [],
  // Every browser was signed out: this one learns it now rather than at its next click.
  'account.signed_out': [queryKeys.session],
  'ledger.adjusted': [ACCOUNT],
};

/** Every key above: what a tab refreshes when it may have missed anything. */
export const EVERYTHING_LIVE: readonly QueryKey[] = unique(Object.values(LIVE_REFRESH).flat());

const NOTIFICATION_LIST = [...queryKeys.notifications, 'list'] as const;

function unique(keys: readonly QueryKey[]): QueryKey[] {
  return [...new Map(keys.map((key) => [JSON.stringify(key), key])).values()];
}

function isKnownKind(kind: string): kind is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(kind);
}

/**
 * The keys to refresh for notifications of these kinds. A kind this app does not know (a newer
 * server) may concern anything: everything shown live is refreshed.
 */
export function keysToRefresh(kinds: readonly string[]): QueryKey[] {
  return unique(
    kinds.flatMap((kind) => (isKnownKind(kind) ? LIVE_REFRESH[kind] : EVERYTHING_LIVE)),
  );
}

/**
 * Refreshes the reads under `keys`: at once in a tab someone is looking at; in a hidden tab they
 * are only marked stale, and read again when the tab is looked at (a query refetches stale data
 * on focus), so many open tabs do not all ask at once.
 */
function refresh(queryClient: QueryClient, keys: readonly QueryKey[]) {
  const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
  for (const queryKey of keys) {
    void queryClient.invalidateQueries({ queryKey, refetchType: hidden ? 'none' : 'active' });
  }
}

/**
 * One message of the live stream: the bell's count set, and the screens its kinds concern
 * refreshed with the list of notifications. A message that is not one is ignored.
 */
export function applyStreamMessage(queryClient: QueryClient, data: unknown): void {
  const parsed = notificationStreamMessageSchema.safeParse(data);
  if (!parsed.success) return;
  const { unread, changed } = parsed.data;
  const key = queries.unreadCount().queryKey;
  const before = queryClient.getQueryData(key);
  queryClient.setQueryData(key, unread);
  const countMoved = before !== undefined && before !== unread;
  refresh(queryClient, [
    ...(countMoved || changed.length > 0 ? [NOTIFICATION_LIST] : []),
    ...keysToRefresh(changed),
  ]);
}

/**
 * The stream is back after a drop (or a tab that gave way to another is looked at again):
 * whatever happened meanwhile was not heard, so everything shown live is read again (the count
 * comes with the stream's first message).
 */
export function refreshAfterReconnect(queryClient: QueryClient): void {
  refresh(queryClient, [NOTIFICATION_LIST, ...EVERYTHING_LIVE]);
}
