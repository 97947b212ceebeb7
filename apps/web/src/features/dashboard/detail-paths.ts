import type { PendingActivity, PendingActivityType } from '@bank/contract';
import { requestAnchor } from '../../components/funding/request-anchor';

/**
 * Where each row of the dashboard leads. A ledger line opens its transaction's detail, by its
 * own id (the posting seen from this account: a payment's recipient and sender share the entry); a transfer opens its own detail (status timeline, receipt); a funding
 * request opens the page where the customer already follows it with its status.
 */
export function transactionDetailPath(lineId: string): string {
  return `/dashboard/transactions/${encodeURIComponent(lineId)}`;
}

export function transferDetailPath(transferId: string): string {
  return `/dashboard/transfers/${encodeURIComponent(transferId)}`;
}

const REQUEST_PAGES: Record<Exclude<PendingActivityType, 'transfer'>, string> = {
  deposit: '/dashboard/add-funds/crypto',
  payment: '/dashboard/make-payment',
  fixed_deposit: '/dashboard/fixed-deposit',
  upgrade: '/dashboard/upgrade',
};

/**
 * A pending item's address: the transfer's detail, or its request's page; a declined request
 * goes to its own row there, where the reason reads in full, on the page to pay again from.
 */
export function pendingPath(item: Pick<PendingActivity, 'type' | 'id' | 'status'>): string {
  if (item.type === 'transfer') return transferDetailPath(item.id);
  const page = REQUEST_PAGES[item.type];
  return item.status === 'pending' ? page : `${page}#${requestAnchor(item.id)}`;
}
