import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { FixedDepositsTable } from '../../db/tables/funding.js';

/**
 * The SQL of fixed deposits (the `fixed_deposits` table). Every function takes the caller's
 * handle or transaction. Plans are the catalog's, accounts and entries the ledger's: read
 * through their modules.
 */

const MAX_ID = 9_223_372_036_854_775_807n;

/** An id as a form sends it ("12"), or null when no row could have it. */
export function idFrom(text: string): bigint | null {
  if (!/^[1-9]\d{0,18}$/.test(text)) return null;
  const id = BigInt(text);
  return id <= MAX_ID ? id : null;
}

/**
 * Holds a client's opening key until the transaction ends: two requests with one key at once
 * open one deposit (the second waits, then finds the first's).
 */
export async function lockOpeningKey(trx: Kysely<DB>, key: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

/** The customer's deposit opened by this journal entry, if any. */
export function depositOpenedBy(db: Kysely<DB>, userId: bigint, openingEntryId: bigint) {
  return db
    .selectFrom('fixed_deposits')
    .select(['id', 'plan_id as planId', 'principal'])
    .where('opening_entry_id', '=', openingEntryId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A new deposit with the terms copied from its plan; its id. */
export async function insertDeposit(
  db: Kysely<DB>,
  deposit: Insertable<FixedDepositsTable>,
): Promise<bigint> {
  const row = await db
    .insertInto('fixed_deposits')
    .values(deposit)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A deposit as the accrual reads it, its row locked until the transaction ends. */
export function lockDeposit(trx: Kysely<DB>, id: bigint) {
  return trx
    .selectFrom('fixed_deposits')
    .select([
      'id',
      'user_id as userId',
      'account_id as accountId',
      'plan_name as planName',
      'principal',
      'rate_bp as rateBp',
      'term_days as termDays',
      'days_accrued as daysAccrued',
      'accrued',
      'currency',
      'status',
      sql<string>`to_char(start_date, 'YYYY-MM-DD')`.as('startDate'),
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}
export type LockedDeposit = NonNullable<Awaited<ReturnType<typeof lockDeposit>>>;

/** The days accrued so far and the interest they earned (under the deposit's lock). */
export async function setAccrued(
  trx: Kysely<DB>,
  id: bigint,
  accrual: { days: number; accrued: bigint },
) {
  await trx
    .updateTable('fixed_deposits')
    .set({ days_accrued: accrual.days, accrued: accrual.accrued })
    .where('id', '=', id)
    .execute();
}

/** active -> matured, with the entry that paid it out (guarded). */
export async function markMatured(
  trx: Kysely<DB>,
  id: bigint,
  payout: { entryId: bigint; at: Date },
) {
  await trx
    .updateTable('fixed_deposits')
    .set({ status: 'matured', payout_entry_id: payout.entryId, matured_at: payout.at })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .execute();
}

/**
 * Active deposits with a day to accrue on `today` (YYYY-MM-DD), or fully accrued and not yet
 * paid out, by id after `after`: the hourly run reads only these, so most runs touch no row.
 */
export function depositsDue(
  db: Kysely<DB>,
  today: string,
  after: bigint,
  limit: number,
): Promise<{ id: bigint; currency: string }[]> {
  return db
    .selectFrom('fixed_deposits')
    .select(['id', 'currency'])
    .where('status', '=', 'active')
    .where('id', '>', after)
    .where((eb) =>
      eb.or([
        eb(sql`start_date + days_accrued`, '<', sql`${today}::date`),
        eb('days_accrued', '=', eb.ref('term_days')),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}

function depositsOfQuery(db: Kysely<DB>, userId: bigint) {
  return db
    .selectFrom('fixed_deposits')
    .select([
      'id',
      'account_id as accountId',
      'plan_name as planName',
      'rate_bp as rateBp',
      'principal',
      'accrued',
      'interest_at_maturity as interestAtMaturity',
      'currency',
      sql<string>`to_char(start_date, 'YYYY-MM-DD')`.as('startDate'),
      sql<string>`to_char(maturity_date, 'YYYY-MM-DD')`.as('maturityDate'),
      'term_days as termDays',
      'status',
      'funded_by as fundedBy',
    ])
    .where('user_id', '=', userId);
}

export type DepositRow = Awaited<ReturnType<typeof depositsOf>>[number];

/** A customer's deposits (or the one with `id`), newest first, at most `limit`. */
export function depositsOf(
  db: Kysely<DB>,
  userId: bigint,
  options: { id?: bigint | undefined; limit: number },
) {
  let query = depositsOfQuery(db, userId).orderBy('id', 'desc').limit(options.limit);
  if (options.id !== undefined) query = query.where('id', '=', options.id);
  return query.execute();
}

/**
 * A customer's deposits held on any day from `from` to `to` (YYYY-MM-DD, `from` null for "since
 * the opening"): opened by `to`, not paid out before `from`; oldest first.
 */
export function depositsHeldDuring(
  db: Kysely<DB>,
  userId: bigint,
  period: { from: string | null; to: string },
) {
  let query = depositsOfQuery(db, userId).where('start_date', '<=', period.to).orderBy('id');
  const from = period.from;
  if (from !== null) {
    query = query.where((eb) =>
      eb.or([
        eb('status', '=', 'active'),
        eb(sql`(matured_at at time zone 'UTC')::date`, '>=', sql`${from}::date`),
      ]),
    );
  }
  return query.execute();
}
