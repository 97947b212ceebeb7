import { AppError } from '../platform/errors.js';
import { isAccountId } from './types.js';
import type { Executor } from './types.js';

export interface AccountBalance {
  accountId: bigint;
  accountNumber: string;
  currency: string;
  balance: bigint;
  /** Everything ever credited (money in), in minor units. */
  totalCredit: bigint;
  /** Everything ever debited (money out), as a positive number. */
  totalDebit: bigint;
  version: bigint;
}

export interface HistoryItem {
  postingId: bigint;
  entryId: bigint;
  kind: string;
  memo: string;
  amount: bigint;
  currency: string;
  balanceAfter: bigint;
  createdAt: Date;
}

export interface HistoryPage {
  items: HistoryItem[];
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

/**
 * Reads name the account and whose request it is: a customer's id, so a customer can only ever
 * read an account that is theirs (the repository scopes it, not the route), or null for staff
 * and internal reads. Required, so no caller can forget to decide.
 */
export interface AccountScope {
  accountId: bigint;
  ownerId: bigint | null;
}

export async function getBalance(db: Executor, scope: AccountScope): Promise<AccountBalance> {
  if (!isAccountId(scope.accountId))
    throw new AppError('LEDGER_UNKNOWN_ACCOUNT', 'No such account');
  let query = db
    .selectFrom('ledger_accounts')
    .select([
      'id as accountId',
      'account_number as accountNumber',
      'currency',
      'balance',
      'credit_total as totalCredit',
      'debit_total as totalDebit',
      'version',
    ])
    .where('id', '=', scope.accountId);
  if (scope.ownerId !== null) query = query.where('owner_id', '=', scope.ownerId);
  const row = await query.executeTakeFirst();
  if (!row) throw new AppError('LEDGER_UNKNOWN_ACCOUNT', 'No such account');
  return row;
}

const CURSOR = /^[1-9]\d{0,18}$/;

export function encodeCursor(postingId: bigint): string {
  return Buffer.from(`p${postingId}`).toString('base64url');
}

function decodeCursor(cursor: string): bigint {
  const text = Buffer.from(cursor, 'base64url').toString();
  const id = text.startsWith('p') && CURSOR.test(text.slice(1)) ? BigInt(text.slice(1)) : 0n;
  if (!isAccountId(id)) throw new AppError('BAD_REQUEST', 'The page cursor is not valid');
  return id;
}

/** An account's postings, newest first, each with the balance right after it. */
export async function getHistory(
  db: Executor,
  scope: AccountScope,
  page: { limit?: number; cursor?: string | undefined } = {},
): Promise<HistoryPage> {
  const limit = page.limit ?? 50;
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
    throw new AppError('BAD_REQUEST', 'The page size must be from 1 to 200');
  }
  await getBalance(db, scope); // the account exists and belongs to the owner
  let query = db
    .selectFrom('postings as p')
    .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
    .select([
      'p.id as postingId',
      'p.entry_id as entryId',
      'e.kind',
      'e.memo',
      'p.amount',
      'p.currency',
      'p.balance_after as balanceAfter',
      'e.created_at as createdAt',
    ])
    .where('p.account_id', '=', scope.accountId)
    .orderBy('p.id', 'desc')
    .limit(limit + 1);
  if (page.cursor) query = query.where('p.id', '<', decodeCursor(page.cursor));
  const rows = await query.execute();
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeCursor(last.postingId) : null,
  };
}
