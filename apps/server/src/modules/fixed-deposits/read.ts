import { sql, type Kysely } from 'kysely';
import type { FixedDeposit } from '@bank/contract';
import type { DB } from '../../db/schema.js';
import { depositsOf } from './repo.js';

/** The most deposits a list answers (newest first). */
const LIST_LIMIT = 200;

/**
 * The customer's fixed deposits (or the one with `id`), newest first: principal, rate, interest
 * accrued so far and due at maturity, dates, status and account number. Shown whatever the
 * region's availability now: it is the customer's money.
 */
export async function listFixedDeposits(
  db: Kysely<DB>,
  userId: bigint,
  options: { id?: bigint } = {},
): Promise<FixedDeposit[]> {
  let query = depositsOf(db, userId).limit(LIST_LIMIT);
  if (options.id !== undefined) query = query.where('f.id', '=', options.id);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: String(r.id),
    planName: r.planName,
    annualRateBp: r.rateBp,
    principal: String(r.principal),
    accrued: String(r.accrued),
    interestAtMaturity: String(r.interestAtMaturity),
    currency: r.currency,
    startDate: r.startDate,
    maturityDate: r.maturityDate,
    termDays: r.termDays,
    status: r.status,
    fundedBy: r.fundedBy,
    accountNumber: r.accountNumber,
  }));
}

/** A fixed deposit as a statement lists it. */
export interface StatementFixedDeposit {
  planName: string;
  accountNumber: string;
  principal: bigint;
  rateBp: number;
  accrued: bigint;
  interestAtMaturity: bigint;
  startDate: string;
  maturityDate: string;
  status: 'active' | 'matured';
}

/**
 * The deposits a statement of the days `from` to `to` (YYYY-MM-DD, `from` null for "since the
 * opening") lists: those held on any of its days (opened by its end, not paid out before its
 * start), oldest first, as they stand now.
 */
export async function fixedDepositsForStatement(
  db: Kysely<DB>,
  userId: bigint,
  period: { from: string | null; to: string },
): Promise<StatementFixedDeposit[]> {
  let query = depositsOf(db, userId)
    .clearOrderBy()
    .orderBy('f.id')
    .where('f.start_date', '<=', period.to);
  const from = period.from;
  if (from !== null) {
    query = query.where((eb) =>
      eb.or([
        eb('f.status', '=', 'active'),
        eb(sql`(f.matured_at at time zone 'UTC')::date`, '>=', sql`${from}::date`),
      ]),
    );
  }
  const rows = await query.execute();
  return rows.map((r) => ({
    planName: r.planName,
    accountNumber: r.accountNumber,
    principal: r.principal,
    rateBp: r.rateBp,
    accrued: r.accrued,
    interestAtMaturity: r.interestAtMaturity,
    startDate: r.startDate,
    maturityDate: r.maturityDate,
    status: r.status,
  }));
}
