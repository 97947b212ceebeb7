import { sql } from 'kysely';
import { expect } from 'vitest';
import {
  ensureInternalAccounts,
  openCustomerAccount,
  postEntry,
  type CustomerAccountKind,
  type Executor,
  type InternalAccountKind,
  type LedgerAccount,
  type PostedEntry,
} from '../../src/ledger/index.js';
import { AppError, type ErrorCode } from '../../src/platform/errors.js';

let keySeq = 0;
let ownerSeq = 0n;

/** An idempotency key no other test (or test file sharing a server) has used. */
export function uniqueKey(prefix = 'test'): string {
  keySeq += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${keySeq}`;
}

/** A customer id no other account in this process was opened for. */
export function nextOwnerId(): bigint {
  ownerSeq += 1n;
  return BigInt(process.pid) * 1_000_000n + ownerSeq;
}

const internalCache = new WeakMap<
  Executor,
  Map<string, Record<InternalAccountKind, LedgerAccount>>
>();

/** The bank's own accounts for a currency (cached per database handle). */
export async function internalAccounts(
  db: Executor,
  currency: string,
): Promise<Record<InternalAccountKind, LedgerAccount>> {
  let byCurrency = internalCache.get(db);
  if (!byCurrency) {
    byCurrency = new Map();
    internalCache.set(db, byCurrency);
  }
  let accounts = byCurrency.get(currency);
  if (!accounts) {
    accounts = await ensureInternalAccounts(db, currency);
    byCurrency.set(currency, accounts);
  }
  return accounts;
}

export function openCustomer(
  db: Executor,
  currency = 'USD',
  options: { ownerId?: bigint; kind?: CustomerAccountKind; name?: string } = {},
): Promise<LedgerAccount> {
  return openCustomerAccount(db, {
    ownerId: options.ownerId ?? nextOwnerId(),
    kind: options.kind ?? 'customer_current',
    currency,
    name: options.name ?? 'Test account',
  });
}

/** Money in from outside (a crypto deposit): the clearing account pays, the customer receives. */
export async function fund(
  db: Executor,
  account: LedgerAccount,
  amount: bigint,
  key = uniqueKey('fund'),
): Promise<PostedEntry> {
  const internal = await internalAccounts(db, account.currency);
  return postEntry(db, {
    idempotencyKey: key,
    kind: 'crypto_deposit',
    memo: 'test deposit',
    actor: 'system',
    postings: [
      {
        accountId: internal.crypto_deposit_clearing.id,
        amount: -amount,
        currency: account.currency,
      },
      { accountId: account.id, amount, currency: account.currency },
    ],
  });
}

/** Awaits a promise that must be refused with an AppError of this code; returns the error. */
export async function expectAppError(
  promise: Promise<unknown>,
  code: ErrorCode,
): Promise<AppError> {
  const outcome = await promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  if (outcome.ok) {
    throw new Error(
      `expected AppError ${code}, but it succeeded with ${JSON.stringify(outcome.value)}`,
    );
  }
  expect(outcome.error).toBeInstanceOf(AppError);
  expect(outcome.error).toMatchObject({ code });
  return outcome.error as AppError;
}

export interface LedgerSnapshot {
  entries: number;
  postings: number;
  accounts: number;
  /** Sum of all account versions: any balance update by the ledger raises it. */
  versions: bigint;
  /** Movements on house accounts waiting to be folded (decision 29). */
  pending: number;
}

/** Row counts of the money tables: a refused entry must leave all of them unchanged. */
export async function ledgerSnapshot(db: Executor): Promise<LedgerSnapshot> {
  const { rows } = await sql<LedgerSnapshot>`
    select (select count(*)::int from journal_entries) as entries,
           (select count(*)::int from postings) as postings,
           (select count(*)::int from ledger_accounts) as accounts,
           (select coalesce(sum(version), 0)::bigint from ledger_accounts) as versions,
           (select count(*)::int from ledger_pending) as pending`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('snapshot query returned no row');
  return row;
}

export interface StoredEntry {
  id: bigint;
  kind: string;
  memo: string;
  actor: string;
  postings: { accountId: bigint; amount: bigint; currency: string; balanceAfter: bigint | null }[];
}

/** Every journal entry stored under this idempotency key, with its postings in order. */
export async function entriesByKey(db: Executor, key: string): Promise<StoredEntry[]> {
  const entries = await db
    .selectFrom('journal_entries')
    .select(['id', 'kind', 'memo', 'actor'])
    .where('idempotency_key', '=', key)
    .orderBy('id')
    .execute();
  const result: StoredEntry[] = [];
  for (const entry of entries) {
    const postings = await db
      .selectFrom('postings')
      .select([
        'account_id as accountId',
        'amount',
        sql<string>`currency::text`.as('currency'),
        'balance_after as balanceAfter',
      ])
      .where('entry_id', '=', entry.id)
      .orderBy('id')
      .execute();
    result.push({ ...entry, postings });
  }
  return result;
}

/**
 * The balance of an account as the books hold it: its cached balance, plus, on a house account,
 * the movements not yet folded into it (decision 29).
 */
export async function storedBalance(db: Executor, accountId: bigint): Promise<bigint> {
  const { rows } = await sql<{ balance: bigint }>`
    select a.balance + coalesce((select sum(amount) from ledger_pending p
                                 where p.account_id = a.id), 0)::bigint as balance
    from ledger_accounts a where a.id = ${accountId}`.execute(db);
  const row = rows[0];
  if (!row) throw new Error(`no account ${accountId}`);
  return row.balance;
}

class Rollback extends Error {}

/** Runs `fn` in a transaction that is always rolled back; returns what `fn` returned. */
export async function inRolledBackTransaction<T>(
  db: Executor,
  fn: (trx: Executor) => Promise<T>,
): Promise<T> {
  const holder: { value?: T } = {};
  await expect(
    db.transaction().execute(async (trx) => {
      holder.value = await fn(trx);
      throw new Rollback('rollback');
    }),
  ).rejects.toBeInstanceOf(Rollback);
  return holder.value as T;
}

/** Runs SQL with triggers and foreign keys off, as only a superuser tampering could. */
export async function tamper(db: Executor, statements: string[]): Promise<void> {
  await db.connection().execute(async (conn) => {
    await sql`set session_replication_role = replica`.execute(conn);
    try {
      for (const statement of statements) await sql.raw(statement).execute(conn);
    } finally {
      await sql`set session_replication_role = default`.execute(conn);
    }
  });
}
