import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import type { PlanTerms } from './terms.js';

/** The SQL of fixed deposits. Every function takes the caller's handle or transaction. */

const MAX_ID = 9_223_372_036_854_775_807n;

/** An id as a form sends it ("12"), or null when no row could have it. */
export function idFrom(text: string): bigint | null {
  if (!/^[1-9]\d{0,18}$/.test(text)) return null;
  const id = BigInt(text);
  return id <= MAX_ID ? id : null;
}

/**
 * A fixed-deposit plan by id, offered or retired (a request confirmed after its plan was
 * retired still opens on it). Read here rather than through the catalog module, which owns the
 * writes. `share` holds off an edit of the plan until the caller's transaction ends, so the
 * terms a deposit copies are the terms the caller checked.
 */
export function planById(
  db: Kysely<DB>,
  id: bigint,
  options: { share?: boolean } = {},
): Promise<PlanTerms | undefined> {
  const query = db
    .selectFrom('fixed_deposit_plans')
    .select([
      'id',
      'name',
      'term_count as termCount',
      'term_unit as termUnit',
      'rate_bp as rateBp',
      'min_amount as minAmount',
      'max_amount as maxAmount',
      'active',
    ])
    .where('id', '=', id);
  return (options.share ? query.forShare() : query).executeTakeFirst();
}

/** The customer's current account in the deposit's currency: where the money comes from and goes. */
export async function currentAccountIdOf(
  db: Kysely<DB>,
  userId: bigint,
  currency: string,
): Promise<bigint> {
  const account = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('owner_id', '=', userId)
    .where('kind', '=', 'customer_current')
    .where('currency', '=', currency)
    .orderBy('id')
    .executeTakeFirst();
  if (!account) throw new AppError('CONFLICT', 'Your account is not open yet.');
  return account.id;
}

/** The deposit whose opening entry has this idempotency key, if one was opened with it. */
export function depositOpenedWithKey(db: Kysely<DB>, userId: bigint, key: string) {
  return db
    .selectFrom('fixed_deposits as f')
    .innerJoin('journal_entries as e', 'e.id', 'f.opening_entry_id')
    .select(['f.id', 'f.plan_id as planId', 'f.principal'])
    .where('e.idempotency_key', '=', key)
    .where('f.user_id', '=', userId)
    .executeTakeFirst();
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

/** A customer's deposits with their account numbers, newest first. */
export function depositsOf(db: Kysely<DB>, userId: bigint) {
  return db
    .selectFrom('fixed_deposits as f')
    .innerJoin('ledger_accounts as a', 'a.id', 'f.account_id')
    .select([
      'f.id',
      'f.plan_name as planName',
      'f.rate_bp as rateBp',
      'f.principal',
      'f.accrued',
      'f.interest_at_maturity as interestAtMaturity',
      'f.currency',
      sql<string>`to_char(f.start_date, 'YYYY-MM-DD')`.as('startDate'),
      sql<string>`to_char(f.maturity_date, 'YYYY-MM-DD')`.as('maturityDate'),
      'f.term_days as termDays',
      'f.status',
      'f.funded_by as fundedBy',
      'a.account_number as accountNumber',
    ])
    .where('f.user_id', '=', userId)
    .orderBy('f.id', 'desc');
}
