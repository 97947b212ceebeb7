import { sql } from 'kysely';
import { run, statement } from '../db/prepared.js';
import { AppError } from '../platform/errors.js';
import { pendingSums } from './pending.js';
import { isAccountId } from './types.js';
import type { CustomerAccountKind, Executor } from './types.js';

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

/**
 * One posting as a history shows it. `balanceAfter` is null only on the bank's own accounts
 * (decision 29); a customer's history (a scope with an owner) always has it.
 */
export interface HistoryItem<Balance extends bigint | null = bigint | null> {
  postingId: bigint;
  entryId: bigint;
  kind: string;
  memo: string;
  amount: bigint;
  currency: string;
  balanceAfter: Balance;
  createdAt: Date;
}

export interface HistoryPage<Balance extends bigint | null = bigint | null> {
  items: HistoryItem<Balance>[];
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
  // A house account's movements not yet folded are part of its balance (decision 29): added
  // in the same statement, so a fold committing meanwhile is seen whole or not at all.
  const { rows } = await sql<AccountBalance>`
    select a.id as "accountId", a.account_number as "accountNumber", a.currency,
           a.balance + coalesce(p.amount, 0) as balance,
           a.credit_total + coalesce(p.credit, 0) as "totalCredit",
           a.debit_total + coalesce(p.debit, 0) as "totalDebit", a.version
      from ledger_accounts a
      left join lateral (${pendingSums(sql`a.id`)}) p on a.owner_id is null
     where a.id = ${scope.accountId}
       and (${scope.ownerId}::bigint is null or a.owner_id = ${scope.ownerId})`.execute(db);
  const row = rows[0];
  if (!row) throw new AppError('LEDGER_UNKNOWN_ACCOUNT', 'No such account');
  return row;
}

/**
 * The entry posted with this idempotency key, if one was: a feature that keys its own records
 * by the key it posted with finds the entry here (the key is unique, so at most one).
 */
export async function findEntryId(
  db: Executor,
  where: { idempotencyKey: string },
): Promise<bigint | undefined> {
  const row = await db
    .selectFrom('journal_entries')
    .select('id')
    .where('idempotency_key', '=', where.idempotencyKey)
    .executeTakeFirst();
  return row?.id;
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

/** Which postings a history shows: a period, a direction, an amount range, words of the memo. */
export interface HistoryFilter {
  /** From this moment on (inclusive). */
  from?: Date | undefined;
  /** Before this moment (exclusive). */
  to?: Date | undefined;
  direction?: 'credit' | 'debit' | undefined;
  /** Bounds on the amount moved (as a positive number), inclusive, in minor units. */
  minAmount?: bigint | undefined;
  maxAmount?: bigint | undefined;
  /** Case-blind words the description must contain. */
  text?: string | undefined;
}

/** A customer's own account of a kind: the first opened, as they hold one of each. */
export interface OwnedAccount {
  ownerId: bigint;
  kind: CustomerAccountKind;
}

/*
 * What the signed-in dashboard reads on every load, written once and prepared (db/prepared.ts).
 * Each finds the account by its owner inside the statement: the scope and the read are one
 * round trip.
 */
const OWNED_ACCOUNT = `select id from ledger_accounts where owner_id = $1 and kind = $2 order by id limit 1`;

const ownedBalance = statement<AccountBalance>(
  'owned_balance',
  `select id as "accountId", account_number as "accountNumber", currency, balance,
          credit_total as "totalCredit", debit_total as "totalDebit", version
     from ledger_accounts where owner_id = $1 and kind = $2 order by id limit 1`,
);

/** A customer's own history: what their view shows, nothing more (always a running balance). */
export type OwnedHistoryItem = Omit<HistoryItem<bigint>, 'kind'>;

export interface OwnedHistoryPage {
  items: OwnedHistoryItem[];
  nextCursor: string | null;
}

const OWNED_HISTORY_COLUMNS = `p.id as "postingId", p.entry_id as "entryId", e.memo, p.amount, p.currency,
  p.balance_after as "balanceAfter", to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"`;

const ownedHistoryFirst = statement<OwnedHistoryItem>(
  'owned_history_first',
  `select ${OWNED_HISTORY_COLUMNS}
     from postings p join journal_entries e on e.id = p.entry_id
    where p.account_id = (${OWNED_ACCOUNT})
    order by p.id desc limit $3`,
);

const ownedHistoryAfter = statement<OwnedHistoryItem>(
  'owned_history_after',
  `select ${OWNED_HISTORY_COLUMNS}
     from postings p join journal_entries e on e.id = p.entry_id
    where p.account_id = (${OWNED_ACCOUNT}) and p.id < $4
    order by p.id desc limit $3`,
);

const ownedAccount = statement<{ id: bigint }>('owned_account', OWNED_ACCOUNT);

/** The balance and totals of a customer's own account (none open: undefined). */
export async function getOwnedBalance(
  db: Executor,
  owned: OwnedAccount,
): Promise<AccountBalance | undefined> {
  const [row] = await run(db, ownedBalance, [owned.ownerId, owned.kind]);
  return row;
}

/**
 * A page of a customer's own account's history, newest first: one round trip, except for an
 * empty page, where a second read tells "no postings" from "no account" (undefined).
 */
export async function getOwnedHistory(
  db: Executor,
  owned: OwnedAccount,
  page: { limit?: number; cursor?: string | undefined } = {},
): Promise<OwnedHistoryPage | undefined> {
  const limit = pageLimit(page.limit);
  const rows = page.cursor
    ? await run(db, ownedHistoryAfter, [
        owned.ownerId,
        owned.kind,
        limit + 1,
        decodeCursor(page.cursor),
      ])
    : await run(db, ownedHistoryFirst, [owned.ownerId, owned.kind, limit + 1]);
  if (
    rows.length === 0 &&
    (await run(db, ownedAccount, [owned.ownerId, owned.kind])).length === 0
  ) {
    return undefined;
  }
  return pageOf(rows, limit);
}

/**
 * One posting of a customer's own account, as its history shows it (another account's posting,
 * or none: undefined). The owner is in the query: an id alone never finds a row.
 */
export async function getOwnedPosting(
  db: Executor,
  owned: OwnedAccount,
  postingId: bigint,
): Promise<(HistoryItem & { accountNumber: string }) | undefined> {
  if (!isAccountId(postingId)) return undefined;
  return db
    .selectFrom('postings as p')
    .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select([
      'p.id as postingId',
      'p.entry_id as entryId',
      'e.kind',
      'e.memo',
      'p.amount',
      'p.currency',
      'p.balance_after as balanceAfter',
      'e.created_at as createdAt',
      'a.account_number as accountNumber',
    ])
    .where('p.id', '=', postingId)
    .where('a.owner_id', '=', owned.ownerId)
    .where('a.kind', '=', owned.kind)
    .executeTakeFirst();
}

function pageLimit(limit = 50): number {
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
    throw new AppError('BAD_REQUEST', 'The page size must be from 1 to 200');
  }
  return limit;
}

/** `limit` rows, and a cursor when one more was found. */
function pageOf<Item extends { postingId: bigint }>(
  rows: Item[],
  limit: number,
): { items: Item[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeCursor(last.postingId) : null,
  };
}

type HistoryPageQuery = { limit?: number; cursor?: string | undefined; filter?: HistoryFilter };

/**
 * An account's postings, newest first, each with the balance right after it (a customer's
 * account, read with its owner, always has one; the bank's own accounts have none).
 */
export async function getHistory(
  db: Executor,
  scope: AccountScope & { ownerId: bigint },
  page?: HistoryPageQuery,
): Promise<HistoryPage<bigint>>;
export async function getHistory(
  db: Executor,
  scope: AccountScope,
  page?: HistoryPageQuery,
): Promise<HistoryPage>;
export async function getHistory(
  db: Executor,
  scope: AccountScope,
  page: HistoryPageQuery = {},
): Promise<HistoryPage> {
  const limit = pageLimit(page.limit);
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
  const f = page.filter ?? {};
  if (f.from) query = query.where('e.created_at', '>=', f.from);
  if (f.to) query = query.where('e.created_at', '<', f.to);
  if (f.direction === 'credit') query = query.where('p.amount', '>', 0n);
  if (f.direction === 'debit') query = query.where('p.amount', '<', 0n);
  if (f.minAmount !== undefined) query = query.where(sql`abs(p.amount)`, '>=', f.minAmount);
  if (f.maxAmount !== undefined) query = query.where(sql`abs(p.amount)`, '<=', f.maxAmount);
  if (f.text) {
    const pattern = `%${f.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where('e.memo', 'ilike', pattern);
  }
  return pageOf(await query.execute(), limit);
}

export interface PeriodSummary {
  /** The balance just before `from` (0 before the first posting). */
  opening: bigint;
  /** The balance just before `to`. */
  closing: bigint;
  /** Money in and out during the period (out as a positive number). */
  totalIn: bigint;
  totalOut: bigint;
  count: number;
}

/**
 * An account over a period [from, to): opening and closing balances from the postings' running
 * balances, and the sums in between, so that opening + in - out = closing.
 */
export async function getPeriodSummary(
  db: Executor,
  scope: AccountScope,
  period: { from: Date; to: Date },
): Promise<PeriodSummary> {
  await getBalance(db, scope);
  const balanceBefore = async (moment: Date) => {
    const row = await db
      .selectFrom('postings as p')
      .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
      .select('p.balance_after as balance')
      .where('p.account_id', '=', scope.accountId)
      .where('e.created_at', '<', moment)
      .orderBy('p.id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.balance ?? 0n;
  };
  const sums = await db
    .selectFrom('postings as p')
    .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
    .select([
      sql<string>`coalesce(sum(p.amount) filter (where p.amount > 0), 0)`.as('totalIn'),
      sql<string>`coalesce(-sum(p.amount) filter (where p.amount < 0), 0)`.as('totalOut'),
      sql<string>`count(*)`.as('count'),
    ])
    .where('p.account_id', '=', scope.accountId)
    .where('e.created_at', '>=', period.from)
    .where('e.created_at', '<', period.to)
    .executeTakeFirstOrThrow();
  return {
    opening: await balanceBefore(period.from),
    closing: await balanceBefore(period.to),
    totalIn: BigInt(sums.totalIn),
    totalOut: BigInt(sums.totalOut),
    count: Number(sums.count),
  };
}

/**
 * For charts over [from, to): the balance at the end of each day that had postings, and money
 * in and out by calendar month (UTC).
 */
export async function getBalanceSeries(
  db: Executor,
  scope: AccountScope,
  period: { from: Date; to: Date },
) {
  await getBalance(db, scope);
  const days = await sql<{ day: string; balance: bigint }>`
    select distinct on (date_trunc('day', e.created_at at time zone 'UTC'))
           to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, p.balance_after as balance
    from postings p join journal_entries e on e.id = p.entry_id
    where p.account_id = ${scope.accountId}
      and e.created_at >= ${period.from} and e.created_at < ${period.to}
    order by date_trunc('day', e.created_at at time zone 'UTC'), p.id desc`.execute(db);
  const months = await sql<{ month: string; moneyIn: string; moneyOut: string }>`
    select to_char(e.created_at at time zone 'UTC', 'YYYY-MM') as month,
           coalesce(sum(p.amount) filter (where p.amount > 0), 0)::text as "moneyIn",
           coalesce(-sum(p.amount) filter (where p.amount < 0), 0)::text as "moneyOut"
    from postings p join journal_entries e on e.id = p.entry_id
    where p.account_id = ${scope.accountId}
      and e.created_at >= ${period.from} and e.created_at < ${period.to}
    group by 1 order by 1`.execute(db);
  return {
    days: days.rows.map((r) => ({ day: r.day, balance: BigInt(r.balance) })),
    months: months.rows.map((r) => ({
      month: r.month,
      moneyIn: BigInt(r.moneyIn),
      moneyOut: BigInt(r.moneyOut),
    })),
  };
}
