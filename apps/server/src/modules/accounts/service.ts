import type {
  AccountSummary,
  PendingActivity,
  Transaction,
  TransactionPage,
  TransactionStatus,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import {
  getOwnedBalance,
  getOwnedHistory,
  listCustomerAccounts,
  type HistoryItem,
  type OwnedAccount,
} from '../../ledger/index.js';
import { AppError } from '../../platform/errors.js';
import { dashboardRequestsOfCustomer } from '../funding/index.js';
import { asSeenByAccount, refundedTransfersOf, transfersInProgressOf } from '../transfers/index.js';

/**
 * The signed-in customer's current account, read from the ledger and scoped by the owner: a
 * customer can only ever reach their own account (the ledger checks the owner on every read).
 */
export async function currentAccountId(deps: AppDeps, userId: bigint): Promise<bigint> {
  const accounts = await listCustomerAccounts(deps.db, userId);
  const current = accounts.find((a) => a.kind === 'customer_current');
  if (!current) throw notOpenYet();
  return current.id;
}

function notOpenYet(): AppError {
  return new AppError('NOT_FOUND', 'Your account is not open yet.');
}

/** The same account as currentAccountId, found by owner inside each read (one round trip). */
function currentAccountOf(userId: bigint): OwnedAccount {
  return { ownerId: userId, kind: 'customer_current' };
}

/**
 * The balance and the totals of money that moved (decision 25): the ledger's credit and debit
 * totals, less what failed transfers took and their refunds gave back, which cancel out (a
 * refund returns exactly what its transfer took, charge included). Available balance is still
 * total credit less total debit.
 */
export async function accountSummary(deps: AppDeps, userId: bigint): Promise<AccountSummary> {
  const [balance, refunded] = await Promise.all([
    getOwnedBalance(deps.db, currentAccountOf(userId)),
    refundedTransfersOf(deps.db, userId),
  ]);
  if (!balance) throw notOpenYet();
  const cameBack = refunded.get(balance.currency) ?? 0n;
  return {
    accountNumber: balance.accountNumber,
    currency: balance.currency,
    availableBalance: String(balance.balance),
    totalCredit: String(balance.totalCredit - cameBack),
    totalDebit: String(balance.totalDebit - cameBack),
  };
}

/** A posting as the customer reads it: money in is a credit, money out a debit, never signed. */
export function toTransaction(
  item: Pick<
    HistoryItem,
    'postingId' | 'entryId' | 'memo' | 'amount' | 'currency' | 'balanceAfter' | 'createdAt'
  >,
  status: TransactionStatus = 'successful',
): Transaction {
  const credit = item.amount > 0n;
  return {
    id: String(item.postingId),
    entryId: String(item.entryId),
    name: item.memo,
    date: typeof item.createdAt === 'string' ? item.createdAt : item.createdAt.toISOString(),
    amount: String(credit ? item.amount : -item.amount),
    currency: item.currency,
    transactionType: credit ? 'credit' : 'debit',
    // A posted entry has happened, except a transfer's: in progress until staff decide it,
    // failed once refunded (the refund is a row of its own).
    status,
    balanceAfter: String(item.balanceAfter),
  };
}

/**
 * A page of the history, newest first; the first page (the dashboard's Recent Transactions)
 * also carries the money on its way.
 */
export async function transactions(
  deps: AppDeps,
  userId: bigint,
  page: { limit: number; cursor?: string | undefined },
): Promise<TransactionPage> {
  const [history, pending] = await Promise.all([
    getOwnedHistory(deps.db, currentAccountOf(userId), page),
    page.cursor === undefined ? pendingActivity(deps, userId) : [],
  ]);
  if (!history) throw notOpenYet();
  return {
    items: await withStatuses(deps, history.items),
    nextCursor: history.nextCursor,
    pending,
  };
}

/**
 * Money on its way, newest first: funding requests waiting for staff (a deposit will credit the
 * balance; a payment, an upgrade or a fixed deposit paid in crypto never touch it), those staff
 * declined lately (nothing moved: the customer's money was sent outside the app, and the reason
 * says what to do) and transfers that took their amount and wait to be sent.
 */
async function pendingActivity(deps: AppDeps, userId: bigint): Promise<PendingActivity[]> {
  const [requests, transfers] = await Promise.all([
    dashboardRequestsOfCustomer(deps.db, userId, deps.clock.now()),
    transfersInProgressOf(deps.db, userId),
  ]);
  const items: PendingActivity[] = [
    ...requests.map((r): PendingActivity => ({
      type: r.kind,
      id: String(r.id),
      name: r.name,
      date: r.date,
      amount: String(r.amount),
      currency: r.currency,
      status: r.status,
      effect: r.status === 'pending' && r.kind === 'deposit' ? 'credit' : 'none',
      entryId: null,
      reason: r.reason,
    })),
    ...transfers.map((t): PendingActivity => ({
      type: 'transfer',
      id: String(t.id),
      name: t.name,
      date: t.submittedAt,
      amount: String(t.amount),
      currency: t.currency.trim(),
      status: 'in_progress',
      effect: 'debit',
      entryId: String(t.entryId),
      reason: null,
    })),
  ];
  // ISO times in UTC with milliseconds compare as text.
  return items.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/** History rows as transactions, each transfer's with its status. */
export async function withStatuses(
  deps: AppDeps,
  items: readonly Pick<
    HistoryItem,
    'postingId' | 'entryId' | 'memo' | 'amount' | 'currency' | 'balanceAfter' | 'createdAt'
  >[],
): Promise<Transaction[]> {
  const seen = await asSeenByAccount(deps.db, items);
  return seen.map((i) => toTransaction(i, i.status));
}
