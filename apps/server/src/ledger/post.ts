import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { MAX_MINOR_UNITS } from '@bank/contract';
import { AppError, type ErrorCode } from '../platform/errors.js';
import { batcherFor } from './batch.js';
import { isAccountId, type EntryInput, type Executor, type PostedEntry } from './types.js';

const CURRENCY = /^[A-Z]{3}$/;
const ENTRY_KIND = /^[a-z][a-z0-9_]{0,62}$/;
const ACTOR = /^[\x21-\x7e]{1,200}$/;
// Line breaks and tabs may stand in a memo; other control characters (NUL above all) may not.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Posts one journal entry: the only way money moves.
 *
 * Atomically (in the caller's transaction, if it passes one): lock every touched account in
 * ascending id order, claim the idempotency key, check currencies and that no customer account
 * goes below zero, write the postings with each account's running balance, and update the
 * cached balances (the database functions of migrations 0001 and 0002). Posting a key again returns the first result and writes nothing; posting a key
 * again with different postings is refused.
 */
export async function postEntry(db: Executor, input: EntryInput): Promise<PostedEntry> {
  const fingerprint = validateEntry(input);
  // Inside a caller's transaction the entry joins it; otherwise it rides the next group commit.
  return db.isTransaction
    ? postInSavepoint(db, input, fingerprint)
    : batcherFor(db).post(input, fingerprint);
}

/** A two-legged entry: `amount` (positive) leaves `from` and arrives at `to`. */
export async function postTransfer(
  db: Executor,
  input: Omit<EntryInput, 'postings'> & {
    fromAccountId: bigint;
    toAccountId: bigint;
    amount: bigint;
    currency: string;
  },
): Promise<PostedEntry> {
  if (typeof input.amount !== 'bigint' || input.amount <= 0n) {
    throw new AppError('LEDGER_INVALID_AMOUNT', 'The amount must be greater than zero');
  }
  const { fromAccountId, toAccountId, amount, currency, ...entry } = input;
  if (fromAccountId === toAccountId) {
    throw new AppError('LEDGER_INVALID_ENTRY', 'An account cannot pay itself');
  }
  return postEntry(db, {
    ...entry,
    postings: [
      { accountId: fromAccountId, amount: -amount, currency },
      { accountId: toAccountId, amount, currency },
    ],
  });
}

/** Checks everything that needs no database; returns the entry's fingerprint. */
function validateEntry(input: EntryInput): string {
  const invalid = (message: string) => new AppError('LEDGER_INVALID_ENTRY', message);
  if (
    typeof input.idempotencyKey !== 'string' ||
    !/^[\x21-\x7e]{1,200}$/.test(input.idempotencyKey)
  ) {
    throw invalid('The idempotency key must be 1 to 200 printable characters');
  }
  if (!ENTRY_KIND.test(input.kind)) throw invalid('The entry kind must be a snake_case word');
  if (typeof input.memo !== 'string' || input.memo.length > 500 || CONTROL.test(input.memo)) {
    throw invalid('The memo must be at most 500 characters, without control characters');
  }
  if (typeof input.actor !== 'string' || !ACTOR.test(input.actor)) {
    throw invalid('The actor must be 1 to 200 printable characters');
  }
  if (!Array.isArray(input.postings) || input.postings.length < 2) {
    throw invalid('An entry needs at least two postings');
  }
  if (input.postings.length > 100) throw invalid('An entry may have at most 100 postings');

  const sums = new Map<string, bigint>();
  for (const p of input.postings) {
    if (typeof p.accountId !== 'bigint' || p.accountId <= 0n) throw invalid('Unknown account id');
    if (!isAccountId(p.accountId)) {
      throw new AppError('LEDGER_UNKNOWN_ACCOUNT', 'No such account', {
        accountIds: [String(p.accountId)],
      });
    }
    if (!CURRENCY.test(p.currency)) throw invalid('A currency is three capital letters');
    if (typeof p.amount !== 'bigint') {
      throw new AppError('LEDGER_INVALID_AMOUNT', 'Amounts are integer minor units');
    }
    if (p.amount === 0n) throw new AppError('LEDGER_INVALID_AMOUNT', 'An amount cannot be zero');
    if (p.amount > MAX_MINOR_UNITS || p.amount < -MAX_MINOR_UNITS) {
      throw new AppError('LEDGER_AMOUNT_OUT_OF_RANGE', 'The amount is beyond what can be held');
    }
    sums.set(p.currency, (sums.get(p.currency) ?? 0n) + p.amount);
  }
  const unbalanced = [...sums].filter(([, sum]) => sum !== 0n).map(([currency]) => currency);
  if (unbalanced.length > 0) {
    if (sums.size > 1) {
      throw new AppError(
        'LEDGER_MIXED_CURRENCY',
        'Each currency in an entry must balance on its own',
        {
          currencies: unbalanced,
        },
      );
    }
    throw new AppError('LEDGER_UNBALANCED', 'The postings of an entry must sum to zero');
  }
  return fingerprintOf(input);
}

function fingerprintOf(input: EntryInput): string {
  // The actor is part of it: a key replays only for whoever posted it first.
  const canonical = JSON.stringify([
    input.actor,
    input.kind,
    input.postings.map((p) => [p.accountId.toString(), p.amount.toString(), p.currency]),
  ]);
  return createHash('sha256').update(canonical).digest('base64url');
}

const LEDGER_CODES = new Set<ErrorCode>([
  'LEDGER_UNKNOWN_ACCOUNT',
  'LEDGER_CURRENCY_MISMATCH',
  'LEDGER_INSUFFICIENT_FUNDS',
  'LEDGER_IDEMPOTENCY_CONFLICT',
]);

export const MESSAGES: Partial<Record<ErrorCode, string>> = {
  LEDGER_UNKNOWN_ACCOUNT: 'No such account',
  LEDGER_CURRENCY_MISMATCH: 'The currency differs from the account currency',
  LEDGER_INSUFFICIENT_FUNDS: 'Insufficient balance',
  LEDGER_IDEMPOTENCY_CONFLICT: 'This idempotency key was already used for a different entry',
};

/** Turns the database function's refusals into the ledger's typed errors. */
export function ledgerErrorFrom(error: unknown): unknown {
  const e = error as { code?: string; message?: string; detail?: string };
  if (e.code === '40P01' || e.code === '40001') {
    // Two transactions each posting several entries can meet in opposite order; the database
    // ends one of them. Nothing was written; the request can simply be made again.
    return new AppError('UNAVAILABLE', 'The bank is busy: nothing was done, please try again', {
      retryable: true,
    });
  }
  if (e.code === '22003') {
    return new AppError(
      'LEDGER_AMOUNT_OUT_OF_RANGE',
      'The resulting balance is beyond what can be held',
    );
  }
  const code = e.message as ErrorCode | undefined;
  if (e.code === 'P0001' && code && LEDGER_CODES.has(code)) {
    const details = e.detail ? (JSON.parse(e.detail) as Record<string, unknown>) : undefined;
    return new AppError(code, MESSAGES[code] ?? code, details);
  }
  return error;
}

/**
 * Inside a caller's transaction, under a savepoint: a refused entry then undoes only itself,
 * and the caller may handle the refusal and carry on with its transaction.
 */
async function postInSavepoint(trx: Executor, input: EntryInput, fingerprint: string) {
  await sql`savepoint ledger_post`.execute(trx);
  try {
    const posted = await postSingle(trx, input, fingerprint);
    await sql`release savepoint ledger_post`.execute(trx);
    return posted;
  } catch (error) {
    await sql`rollback to savepoint ledger_post`.execute(trx);
    throw error;
  }
}

/**
 * One statement, so one round trip: the database function holds the account locks only for
 * the time it takes to write, which is what lets a hot account pair keep up.
 */
export async function postSingle(
  db: Executor,
  input: EntryInput,
  fingerprint: string,
): Promise<PostedEntry> {
  let result;
  try {
    result = await sql<{
      entry_id: bigint;
      created_at: Date;
      replayed: boolean;
      balances_after: (bigint | string | null)[];
    }>`
      select entry_id, created_at, replayed, balances_after from ledger_post_entry(
        ${input.kind}, ${input.memo}, ${input.actor}, ${input.idempotencyKey}, ${fingerprint},
        ${input.postings.map((p) => String(p.accountId))}::bigint[],
        ${input.postings.map((p) => String(p.amount))}::bigint[],
        ${input.postings.map((p) => p.currency)}::text[])`.execute(db);
  } catch (error) {
    throw ledgerErrorFrom(error);
  }
  const row = result.rows[0];
  if (!row) throw new AppError('INTERNAL', 'The ledger returned no entry');
  const balancesAfter = row.balances_after.map(bigintOrNull);
  if (!row.replayed) {
    return {
      entryId: row.entry_id,
      idempotencyKey: input.idempotencyKey,
      kind: input.kind,
      memo: input.memo,
      actor: input.actor,
      createdAt: row.created_at,
      postings: input.postings.map((p, i) => ({ ...p, balanceAfter: balancesAfter[i] ?? null })),
      replayed: false,
    };
  }
  return replay(db, row.entry_id);
}

/** A running balance as the database returns it: none on the bank's own accounts. */
export function bigintOrNull(value: bigint | string | null | undefined): bigint | null {
  return value === null || value === undefined ? null : BigInt(value);
}

export async function replay(db: Executor, entryId: bigint): Promise<PostedEntry> {
  const entry = await db
    .selectFrom('journal_entries')
    .selectAll()
    .where('id', '=', entryId)
    .executeTakeFirstOrThrow();
  const postings = await db
    .selectFrom('postings')
    .select(['account_id', 'amount', 'currency', 'balance_after'])
    .where('entry_id', '=', entryId)
    .orderBy('id')
    .execute();
  return {
    entryId,
    idempotencyKey: entry.idempotency_key,
    kind: entry.kind,
    memo: entry.memo,
    actor: entry.actor,
    createdAt: entry.created_at,
    postings: postings.map((p) => ({
      accountId: p.account_id,
      amount: p.amount,
      currency: p.currency,
      balanceAfter: p.balance_after,
    })),
    replayed: true,
  };
}
