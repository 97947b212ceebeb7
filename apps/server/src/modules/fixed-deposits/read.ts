import type { Kysely } from 'kysely';
import type { FixedDeposit } from '@bank/contract';
import type { DB } from '../../db/schema.js';
import { findAccounts } from '../../ledger/index.js';
import { AppError } from '../../platform/errors.js';
import { depositsHeldDuring, depositsOf, type DepositRow } from './repo.js';

/** The most deposits a list answers (newest first). */
const LIST_LIMIT = 200;

/** The rows with the number of each deposit's own ledger account. */
async function withAccountNumbers(db: Kysely<DB>, rows: DepositRow[]) {
  const accounts = await findAccounts(
    db,
    rows.map((r) => r.accountId),
  );
  return rows.map((r) => {
    const account = accounts.get(r.accountId);
    if (!account) throw new AppError('INTERNAL', `The account of fixed deposit ${r.id} is missing`);
    return { ...r, accountNumber: account.accountNumber };
  });
}

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
  const rows = await withAccountNumbers(
    db,
    await depositsOf(db, userId, { id: options.id, limit: LIST_LIMIT }),
  );
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
  const rows = await withAccountNumbers(db, await depositsHeldDuring(db, userId, period));
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
