import type {
  AccountSummary,
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
import { asSeenByAccount } from '../transfers/index.js';

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

export async function accountSummary(deps: AppDeps, userId: bigint): Promise<AccountSummary> {
  const balance = await getOwnedBalance(deps.db, currentAccountOf(userId));
  if (!balance) throw notOpenYet();
  return {
    accountNumber: balance.accountNumber,
    currency: balance.currency,
    availableBalance: String(balance.balance),
    totalCredit: String(balance.totalCredit),
    totalDebit: String(balance.totalDebit),
  };
}

/** A posting as the customer reads it: money in is a credit, money out a debit, never signed. */
export function toTransaction(
  item: Pick<
    HistoryItem,
    'postingId' | 'memo' | 'amount' | 'currency' | 'balanceAfter' | 'createdAt'
  >,
  status: TransactionStatus = 'successful',
): Transaction {
  const credit = item.amount > 0n;
  return {
    id: String(item.postingId),
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

export async function transactions(
  deps: AppDeps,
  userId: bigint,
  page: { limit: number; cursor?: string | undefined },
): Promise<TransactionPage> {
  const history = await getOwnedHistory(deps.db, currentAccountOf(userId), page);
  if (!history) throw notOpenYet();
  return { items: await withStatuses(deps, history.items), nextCursor: history.nextCursor };
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
