import type { Kysely } from 'kysely';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import { ensureInternalAccounts, getBalance, postEntry } from '../../ledger/index.js';
import { AppError } from '../../platform/errors.js';
import { accrualForDay, daysBetween, utcDay } from './interest.js';
import { currentAccountIdOf } from './open.js';
import { depositsDue, lockDeposit, markMatured, setAccrued, type LockedDeposit } from './repo.js';

/**
 * Days posted in one transaction at most: a long catch-up (after downtime) commits as it goes,
 * still one entry a day, and never holds the interest account's lock for long.
 */
const DAYS_PER_TRANSACTION = 200;
/** Deposits read at a time by the job. */
const BATCH = 100;

/**
 * The interest-expense account of a currency, looked up (and committed) once per run, outside
 * any deposit's transaction (PGlite has a single connection).
 */
type InterestAccounts = (currency: string) => Promise<bigint>;

function interestAccounts(deps: AppDeps): InterestAccounts {
  const ids = new Map<string, Promise<bigint>>();
  return (currency) => {
    let id = ids.get(currency);
    if (!id) {
      id = ensureInternalAccounts(deps.db, currency).then((a) => a.interest_expense.id);
      ids.set(currency, id);
    }
    return id;
  };
}

/**
 * One step for one deposit, in its own transaction under its row lock: posts the next days due
 * by `today` (each day its own entry, keyed by the day, so posting it again writes nothing),
 * and in the transaction that posts the last day pays out. Days whose interest rounds to 0 are
 * counted without an entry.
 */
async function accrueStep(
  deps: AppDeps,
  deposit: { id: bigint; currency: string },
  today: string,
  interestAccount: bigint,
) {
  return deps.db.transaction().execute(async (trx) => {
    const fd = await lockDeposit(trx, deposit.id);
    if (!fd || fd.status !== 'active') return { days: 0, more: false };
    if (fd.currency !== deposit.currency) throw new AppError('INTERNAL', 'Currency changed');
    const due = Math.max(0, Math.min(fd.termDays, daysBetween(fd.startDate, today)));
    const until = Math.min(due, fd.daysAccrued + DAYS_PER_TRANSACTION);
    let accrued = fd.accrued;
    if (until > fd.daysAccrued) {
      for (let k = fd.daysAccrued + 1; k <= until; k++) {
        const amount = accrualForDay(fd.principal, fd.rateBp, fd.termDays, k);
        if (amount === 0n) continue;
        accrued += amount;
        await postEntry(trx, {
          idempotencyKey: `fd:${fd.id}:accrue:${k}`,
          kind: 'fixed_deposit_interest',
          memo: `Interest, day ${k} of ${fd.termDays}: ${fd.planName}`,
          actor: 'system',
          postings: [
            { accountId: interestAccount, amount: -amount, currency: fd.currency },
            { accountId: fd.accountId, amount, currency: fd.currency },
          ],
        });
      }
      await setAccrued(trx, fd.id, { days: until, accrued });
    }
    if (until === fd.termDays) await payOut(trx, deps, fd, accrued);
    return { days: until - Math.min(until, fd.daysAccrued), more: until < due };
  });
}

/**
 * Maturity: the deposit account's whole balance (principal plus every day's interest) goes to
 * the current account in one entry, the deposit is marked matured, and the customer is told.
 */
async function payOut(trx: Kysely<DB>, deps: AppDeps, fd: LockedDeposit, accrued: bigint) {
  const { balance } = await getBalance(trx, { accountId: fd.accountId, ownerId: fd.userId });
  if (balance !== fd.principal + accrued) {
    // Never pay out an amount the deposit's own record does not explain.
    throw new AppError(
      'INTERNAL',
      `Fixed deposit ${fd.id} holds ${balance}, but principal plus interest is ${fd.principal + accrued}`,
    );
  }
  const currentId = await currentAccountIdOf(trx, fd.userId, fd.currency);
  const entry = await postEntry(trx, {
    idempotencyKey: `fd:${fd.id}:mature`,
    kind: 'fixed_deposit_maturity',
    memo: `Fixed deposit matured: ${fd.planName}`,
    actor: 'system',
    postings: [
      { accountId: fd.accountId, amount: -balance, currency: fd.currency },
      { accountId: currentId, amount: balance, currency: fd.currency },
    ],
  });
  await markMatured(trx, fd.id, { entryId: entry.entryId, at: deps.clock.now() });
  await deps.notifications.send(trx, fd.userId, 'fixed_deposit.matured', {
    plan: fd.planName,
    principal: fd.principal,
    interest: accrued,
    total: balance,
    currency: fd.currency,
  });
}

/**
 * Brings one deposit up to `today` (YYYY-MM-DD UTC): every day not yet accrued, then the payout
 * on or after maturity. Returns the number of days accrued now.
 */
export async function bringUpToDate(
  deps: AppDeps,
  deposit: { id: bigint; currency: string },
  options: { today?: string; signal?: AbortSignal; interestAccountOf?: InterestAccounts } = {},
): Promise<number> {
  const today = options.today ?? utcDay(deps.clock.now());
  const interestAccount = await (options.interestAccountOf ?? interestAccounts(deps))(
    deposit.currency,
  );
  let days = 0;
  for (;;) {
    const step = await accrueStep(deps, deposit, today, interestAccount);
    days += step.days;
    if (!step.more || options.signal?.aborted) return days;
  }
}

/**
 * The accrual job: every active deposit with something due, a batch at a time, each in its own
 * transactions. A deposit that fails does not hold up the others; the run then fails naming it,
 * and the job's retry (or the next run) takes it up again. Returns the days accrued.
 */
export async function accrueAll(deps: AppDeps, signal?: AbortSignal): Promise<number> {
  const today = utcDay(deps.clock.now());
  const interestAccountOf = interestAccounts(deps);
  const failed: { id: bigint; error: unknown }[] = [];
  let after = 0n;
  let days = 0;
  for (;;) {
    const batch = await depositsDue(deps.db, today, after, BATCH);
    if (batch.length === 0) break;
    for (const deposit of batch) {
      if (signal?.aborted) return days;
      after = deposit.id;
      try {
        days += await bringUpToDate(deps, deposit, { today, signal, interestAccountOf });
      } catch (error) {
        failed.push({ id: deposit.id, error });
      }
    }
  }
  if (failed.length > 0) {
    throw new AggregateError(
      failed.map((f) => f.error),
      `Fixed deposits not brought up to date: ${failed.map((f) => f.id).join(', ')}`,
    );
  }
  return days;
}
