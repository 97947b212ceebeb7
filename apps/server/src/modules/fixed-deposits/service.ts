import { sql, type Kysely } from 'kysely';
import { formatMoney, type FixedDeposit, type FixedDepositQuote } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import { ensureInternalAccounts, openCustomerAccount, postEntry } from '../../ledger/index.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { availabilityFor } from '../availability/service.js';
import { fixedDepositPlanById, type PlanTerms } from '../catalog/index.js';
import { users } from '../users/index.js';
import { accrualForDay, daysBetween, interestForDays, maturityOf, utcDay } from './interest.js';

export type FixedDepositFunding =
  | { kind: 'crypto'; requestId: bigint; actor: string }
  | { kind: 'balance'; idempotencyKey: string; actor: string };

const rate = (bp: number) => `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')} %`;

function checkAmount(plan: PlanTerms, principal: bigint, currency: string) {
  if (principal < plan.minAmount) {
    throw fieldError(
      'body.amount',
      `The ${plan.name} plan starts at ${formatMoney(plan.minAmount, currency)}`,
    );
  }
  if (plan.maxAmount !== null && principal > plan.maxAmount) {
    throw fieldError(
      'body.amount',
      `The ${plan.name} plan takes at most ${formatMoney(plan.maxAmount, currency)}`,
    );
  }
}

/** Refuses a customer whose region is not offered fixed deposits. */
export async function checkFixedDepositsAvailable(deps: AppDeps, userId: bigint) {
  const { available } = await availabilityFor(deps, userId);
  if (!available.fixed_deposit) throw new AppError('FORBIDDEN', 'Not available for your region');
}

/** What a plan pays for a principal opened today, by the rule of decision 18. */
export function quoteFor(plan: PlanTerms, principal: bigint, today: string, currency: string) {
  const { maturityDate, termDays } = maturityOf(today, {
    count: plan.termCount,
    unit: plan.termUnit,
  });
  const interest = interestForDays(principal, plan.rateBp, termDays);
  return { maturityDate, termDays, interest, total: principal + interest, currency };
}

export async function quote(
  deps: AppDeps,
  userId: bigint,
  planId: bigint,
  principal: bigint,
): Promise<FixedDepositQuote> {
  await checkFixedDepositsAvailable(deps, userId);
  const plan = await fixedDepositPlanById(deps.db, planId);
  if (!plan?.active) throw fieldError('query.plan', 'Choose a plan from the list');
  const currency = deps.config.currency;
  try {
    checkAmount(plan, principal, currency);
  } catch (error) {
    if (error instanceof AppError) throw fieldError('query.amount', error.message);
    throw error;
  }
  const today = utcDay(deps.clock.now());
  const q = quoteFor(plan, principal, today, currency);
  return {
    principal: String(principal),
    annualRateBp: plan.rateBp,
    termDays: q.termDays,
    startDate: today,
    maturityDate: q.maturityDate,
    interest: String(q.interest),
    total: String(q.total),
    currency,
  };
}

async function currentAccountOf(trx: Kysely<DB>, userId: bigint) {
  const account = await trx
    .selectFrom('ledger_accounts')
    .select(['id', 'currency'])
    .where('owner_id', '=', userId)
    .where('kind', '=', 'customer_current')
    .executeTakeFirst();
  if (!account) throw new AppError('CONFLICT', 'Your account is not open yet.');
  return account;
}

/**
 * Opens a fixed deposit inside the caller's transaction: its own ledger account, the opening
 * entry (from crypto-deposit clearing for a confirmed request, or from the current account),
 * and the row with the plan's terms copied. The principal must fit the plan.
 */
export async function openFixedDeposit(
  trx: Kysely<DB>,
  deps: AppDeps,
  input: { userId: bigint; planId: bigint; principal: bigint; funding: FixedDepositFunding },
): Promise<{ fixedDepositId: bigint; entryId: bigint }> {
  const { userId, principal, funding } = input;
  const plan = await fixedDepositPlanById(trx, input.planId);
  if (!plan || (funding.kind === 'balance' && !plan.active)) {
    throw fieldError('body.plan', 'Choose a plan from the list');
  }
  const currency = deps.config.currency;
  checkAmount(plan, principal, currency);
  const user = await users.findUserById(trx, userId);
  if (!user) throw new AppError('NOT_FOUND', 'No such customer');

  const today = utcDay(deps.clock.now());
  const terms = quoteFor(plan, principal, today, currency);
  const account = await openCustomerAccount(trx, {
    ownerId: userId,
    kind: 'customer_fixed_deposit',
    currency,
    name: `Fixed deposit, ${plan.name}`,
  });
  const from =
    funding.kind === 'crypto'
      ? (await ensureInternalAccounts(trx, currency)).crypto_deposit_clearing.id
      : (await currentAccountOf(trx, userId)).id;
  const entry = await postEntry(trx, {
    idempotencyKey:
      funding.kind === 'crypto'
        ? `funding:${funding.requestId}`
        : `fd-open:${userId}:${funding.idempotencyKey}`,
    kind: 'fixed_deposit_open',
    memo: `Fixed deposit opened: ${plan.name}`,
    actor: funding.actor,
    postings: [
      { accountId: from, amount: -principal, currency },
      { accountId: account.id, amount: principal, currency },
    ],
  });
  const row = await trx
    .insertInto('fixed_deposits')
    .values({
      user_id: userId,
      account_id: account.id,
      plan_id: plan.id,
      plan_name: plan.name,
      rate_bp: plan.rateBp,
      principal,
      currency,
      start_date: today,
      maturity_date: terms.maturityDate,
      term_days: terms.termDays,
      interest_at_maturity: terms.interest,
      funded_by: funding.kind,
      request_id: funding.kind === 'crypto' ? funding.requestId : null,
      opening_entry_id: entry.entryId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await deps.notifications.notify(trx, {
    userId,
    kind: 'fixed_deposit.opened',
    title: 'Fixed deposit opened',
    body: `Your fixed deposit of ${formatMoney(principal, currency)} on the ${plan.name} plan (${rate(plan.rateBp)} a year) has started. It matures on ${terms.maturityDate} with ${formatMoney(terms.interest, currency)} interest.`,
    email: { to: user.email, firstName: user.firstName },
  });
  return { fixedDepositId: row.id, entryId: entry.entryId };
}

/**
 * A fixed deposit funded from the available balance (beyond the spec: PRODUCT.md). The client's
 * key makes it idempotent: the same key answers the same deposit, and two requests with one key
 * at once open one (the second waits on the first's advisory lock, then finds it).
 */
export async function openFromBalance(
  deps: AppDeps,
  userId: bigint,
  input: { plan: string; amount: bigint; idempotencyKey: string },
): Promise<FixedDeposit> {
  await checkFixedDepositsAvailable(deps, userId);
  const key = `fd-open:${userId}:${input.idempotencyKey}`;
  const id = await deps.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
    const earlier = await trx
      .selectFrom('fixed_deposits as f')
      .innerJoin('journal_entries as e', 'e.id', 'f.opening_entry_id')
      .select('f.id')
      .where('e.idempotency_key', '=', key)
      .where('f.user_id', '=', userId)
      .executeTakeFirst();
    if (earlier) return earlier.id;
    try {
      const opened = await openFixedDeposit(trx, deps, {
        userId,
        planId: BigInt(input.plan),
        principal: input.amount,
        funding: {
          kind: 'balance',
          idempotencyKey: input.idempotencyKey,
          actor: `customer:${userId}`,
        },
      });
      return opened.fixedDepositId;
    } catch (error) {
      if (error instanceof AppError && error.code === 'LEDGER_INSUFFICIENT_FUNDS') {
        throw fieldError('body.amount', 'Insufficient balance');
      }
      if (error instanceof AppError && error.code === 'LEDGER_IDEMPOTENCY_CONFLICT') {
        throw new AppError('CONFLICT', 'This request was already made with other details.');
      }
      throw error;
    }
  });
  const [deposit] = await listFixedDeposits(deps, userId, id);
  if (!deposit) throw new AppError('INTERNAL', 'The fixed deposit was not found after opening');
  return deposit;
}

/** The customer's fixed deposits (or one), newest first, read with their ledger accounts. */
export async function listFixedDeposits(
  deps: AppDeps,
  userId: bigint,
  onlyId?: bigint,
): Promise<FixedDeposit[]> {
  let query = deps.db
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
    .orderBy('f.id', 'desc')
    .limit(200);
  if (onlyId !== undefined) query = query.where('f.id', '=', onlyId);
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

/**
 * Brings one deposit up to date, in its own transaction under its row lock: every whole day not
 * yet accrued up to today is posted (one entry a day, keyed by the day, so running again posts
 * nothing), and on or after the maturity date principal plus interest go to the current account
 * in one entry and the customer is told. Returns the number of days accrued now.
 */
export async function bringUpToDate(deps: AppDeps, id: bigint): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const fd = await trx
      .selectFrom('fixed_deposits')
      .select([
        'id',
        'user_id',
        'account_id',
        'plan_name',
        'principal',
        'rate_bp',
        'term_days',
        'days_accrued',
        'accrued',
        'currency',
        'status',
        sql<string>`to_char(start_date, 'YYYY-MM-DD')`.as('start'),
        sql<string>`to_char(maturity_date, 'YYYY-MM-DD')`.as('maturity'),
      ])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!fd || fd.status !== 'active') return 0;
    const today = utcDay(deps.clock.now());
    const due = Math.max(0, Math.min(fd.term_days, daysBetween(fd.start, today)));
    let accrued = fd.accrued;
    const internal = await ensureInternalAccounts(trx, fd.currency);
    for (let k = fd.days_accrued + 1; k <= due; k++) {
      const amount = accrualForDay(fd.principal, fd.rate_bp, fd.term_days, k);
      accrued += amount;
      if (amount === 0n) continue;
      await postEntry(trx, {
        idempotencyKey: `fd:${fd.id}:accrue:${k}`,
        kind: 'fixed_deposit_interest',
        memo: `Interest, day ${k} of ${fd.term_days}: ${fd.plan_name}`,
        actor: 'system',
        postings: [
          { accountId: internal.interest_expense.id, amount: -amount, currency: fd.currency },
          { accountId: fd.account_id, amount, currency: fd.currency },
        ],
      });
    }
    const newlyAccrued = Math.max(0, due - fd.days_accrued);
    if (newlyAccrued > 0) {
      await trx
        .updateTable('fixed_deposits')
        .set({ days_accrued: due, accrued })
        .where('id', '=', fd.id)
        .execute();
    }
    if (due === fd.term_days) {
      const payout = fd.principal + accrued;
      const current = await currentAccountOf(trx, fd.user_id);
      const entry = await postEntry(trx, {
        idempotencyKey: `fd:${fd.id}:mature`,
        kind: 'fixed_deposit_maturity',
        memo: `Fixed deposit matured: ${fd.plan_name}`,
        actor: 'system',
        postings: [
          { accountId: fd.account_id, amount: -payout, currency: fd.currency },
          { accountId: current.id, amount: payout, currency: fd.currency },
        ],
      });
      await trx
        .updateTable('fixed_deposits')
        .set({ status: 'matured', payout_entry_id: entry.entryId, matured_at: deps.clock.now() })
        .where('id', '=', fd.id)
        .execute();
      const user = await users.findUserById(trx, fd.user_id);
      await deps.notifications.notify(trx, {
        userId: fd.user_id,
        kind: 'fixed_deposit.matured',
        title: 'Fixed deposit matured',
        body: `Your ${fd.plan_name} fixed deposit matured: ${formatMoney(fd.principal, fd.currency)} plus ${formatMoney(accrued, fd.currency)} interest, ${formatMoney(payout, fd.currency)} in all, is now in your account.`,
        ...(user ? { email: { to: user.email, firstName: user.firstName } } : {}),
      });
    }
    return newlyAccrued;
  });
}

/** The accrual job: every active deposit, a batch at a time, each in its own transaction. */
export async function accrueAll(deps: AppDeps, signal?: AbortSignal): Promise<number> {
  let after = 0n;
  let days = 0;
  for (;;) {
    const batch = await deps.db
      .selectFrom('fixed_deposits')
      .select('id')
      .where('status', '=', 'active')
      .where('id', '>', after)
      .orderBy('id')
      .limit(100)
      .execute();
    if (batch.length === 0) return days;
    for (const { id } of batch) {
      if (signal?.aborted) return days;
      days += await bringUpToDate(deps, id);
      after = id;
    }
  }
}
