import type { AccountSummary, Transaction, TransactionPage } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import {
  getBalance,
  getHistory,
  listCustomerAccounts,
  type HistoryItem,
} from '../../ledger/index.js';
import { AppError } from '../../platform/errors.js';

/**
 * The signed-in customer's current account, read from the ledger and scoped by the owner: a
 * customer can only ever reach their own account (the ledger checks the owner on every read).
 */
export async function currentAccountId(deps: AppDeps, userId: bigint): Promise<bigint> {
  const accounts = await listCustomerAccounts(deps.db, userId);
  const current = accounts.find((a) => a.kind === 'customer_current');
  if (!current) throw new AppError('NOT_FOUND', 'Your account is not open yet.');
  return current.id;
}

export async function accountSummary(deps: AppDeps, userId: bigint): Promise<AccountSummary> {
  const accountId = await currentAccountId(deps, userId);
  const balance = await getBalance(deps.db, { accountId, ownerId: userId });
  return {
    accountNumber: balance.accountNumber,
    currency: balance.currency,
    availableBalance: String(balance.balance),
    totalCredit: String(balance.totalCredit),
    totalDebit: String(balance.totalDebit),
  };
}

/** A posting as the customer reads it: money in is a credit, money out a debit, never signed. */
export function toTransaction(item: HistoryItem): Transaction {
  const credit = item.amount > 0n;
  return {
    id: String(item.postingId),
    name: item.memo,
    date: item.createdAt.toISOString(),
    amount: String(credit ? item.amount : -item.amount),
    currency: item.currency,
    transactionType: credit ? 'credit' : 'debit',
    // Every row here is a posted ledger entry, so it has happened. Requests still waiting for
    // staff (deposits, transfers) are listed by their own features with their own status.
    status: 'successful',
    balanceAfter: String(item.balanceAfter),
  };
}

export async function transactions(
  deps: AppDeps,
  userId: bigint,
  page: { limit: number; cursor?: string | undefined },
): Promise<TransactionPage> {
  const accountId = await currentAccountId(deps, userId);
  const history = await getHistory(deps.db, { accountId, ownerId: userId }, page);
  return { items: history.items.map(toTransaction), nextCursor: history.nextCursor };
}
