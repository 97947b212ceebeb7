import { performance } from 'node:perf_hooks';
import {
  LEDGER_CHECK_EVERY_MINUTES,
  type CustomerAccountsPage,
  type CustomerAccountsQuery,
  type LedgerCheck,
  type TrialBalance,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import {
  checkLedger,
  customerAccountsPage,
  readTrialBalance,
  type LedgerReport,
} from '../../ledger/index.js';
import type { Actor, StaffActor } from '../../platform/audit/index.js';
import { AppError } from '../../platform/errors.js';
import * as repo from './repo.js';

/** The kinds of ledger account in words (a kind without words here reads as its name). */
const KIND_LABELS: Record<string, string> = {
  customer_current: 'Customer current accounts',
  customer_fixed_deposit: 'Customer fixed deposits',
  crypto_deposit_clearing: 'Crypto deposits clearing',
  outgoing_transfer_clearing: 'Outgoing transfers clearing',
  fee_income: 'Fee income',
  interest_expense: 'Interest expense',
  suspense: 'Suspense',
  manual_adjustments: 'Manual adjustments',
};
export const kindLabel = (kind: string) => {
  const text = KIND_LABELS[kind] ?? kind.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

function toCheck(row: repo.CheckRow): LedgerCheck {
  return {
    id: String(row.id),
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt.toISOString(),
    durationMs: row.durationMs,
    ok: row.ok,
    violations: row.violations,
    detail: row.detail,
    totals: row.totals,
    counts: row.counts,
    trigger: row.trigger,
    runBy: row.runBy,
  };
}

export async function latestChecks(deps: AppDeps, limit: number): Promise<LedgerCheck[]> {
  return (await repo.recentChecks(deps.db, limit)).map(toCheck);
}

/** The latest check, if any has run. */
export async function latestCheck(deps: AppDeps): Promise<LedgerCheck | null> {
  return (await latestChecks(deps, 1))[0] ?? null;
}

/** Every ledger account's balance, each currency's sum, and the latest check's verdict. */
export async function trialBalance(deps: AppDeps): Promise<TrialBalance> {
  const [reading, check] = await Promise.all([readTrialBalance(deps.db), latestCheck(deps)]);
  return {
    asOf: deps.clock.now().toISOString(),
    currencies: reading.totals.map(({ currency, balance }) => ({
      currency,
      internal: reading.internal
        .filter((a) => a.currency === currency)
        .map((a) => ({
          id: String(a.id),
          accountNumber: a.accountNumber,
          kind: a.kind,
          label: kindLabel(a.kind),
          name: a.name,
          balance: String(a.balance),
          credits: String(a.credits),
          debits: String(a.debits),
        })),
      customers: reading.customers
        .filter((c) => c.currency === currency)
        .map((c) => ({
          kind: c.kind,
          label: kindLabel(c.kind),
          accounts: c.accounts,
          balance: String(c.balance),
        })),
      total: String(balance),
      zero: balance === 0n,
    })),
    latestCheck: check,
    checkEveryMinutes: LEDGER_CHECK_EVERY_MINUTES,
  };
}

/** Customers' accounts and their balances: an account number (or its start) or a name. */
export async function customerAccounts(
  deps: AppDeps,
  query: CustomerAccountsQuery & { limit: number },
): Promise<CustomerAccountsPage> {
  const q = query.q;
  const rows = await customerAccountsPage(deps.db, {
    ...(query.currency === undefined ? {} : { currency: query.currency }),
    ...(query.kind === undefined ? {} : { kind: query.kind }),
    ...(q === undefined ? {} : /^\d+$/.test(q) ? { accountNumber: q } : { name: q }),
    ...(query.cursor === undefined ? {} : { afterId: BigInt(query.cursor) }),
    limit: query.limit + 1,
  });
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map((a) => ({
      id: String(a.id),
      accountNumber: a.accountNumber,
      kind: a.kind === 'customer_fixed_deposit' ? 'customer_fixed_deposit' : 'customer_current',
      label: kindLabel(a.kind),
      currency: a.currency,
      balance: String(a.balance),
      holder: { id: String(a.ownerId), name: a.name },
    })),
    nextCursor: rows.length > query.limit && last ? String(last.id) : null,
  };
}

const ALREADY_RUNNING = 'A ledger check is running now. Its result appears here when it ends.';

/**
 * Runs the ledger's invariant checker and records the result: by the periodic job, or by a
 * staff member ("Run a check now", audited in the same transaction as the record). One check
 * at a time across every app server: a job finding one running skips its turn; a staff member
 * is told. The check reads one snapshot of the ledger (repeatable read), so its sums agree with
 * each other even while money moves.
 */
export async function runLedgerCheck(
  deps: AppDeps,
  by: { trigger: 'schedule' } | { trigger: 'staff'; actor: StaffActor },
): Promise<LedgerCheck | null> {
  const startedAt = deps.clock.now();
  const started = performance.now();
  const report = await deps.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx): Promise<LedgerReport | null> => {
      if (!(await repo.tryCheckLock(trx))) return null;
      return checkLedger(trx);
    });
  if (!report) {
    if (by.trigger === 'staff') throw new AppError('CONFLICT', ALREADY_RUNNING);
    return null;
  }
  const durationMs = Math.max(0, Math.round(performance.now() - started));
  const finishedAt = deps.clock.now();
  const actor: Actor | null = by.trigger === 'staff' ? by.actor : null;
  const id = await deps.db.transaction().execute(async (trx) => {
    const checkId = await repo.insertCheck(trx, {
      startedAt,
      finishedAt: finishedAt < startedAt ? startedAt : finishedAt,
      durationMs,
      ok: report.ok,
      violations: report.violations,
      totals: report.totals.map((t) => ({ currency: t.currency, balance: String(t.balance) })),
      counts: report.counts,
      trigger: by.trigger,
      runBy: actor?.userId ?? null,
    });
    if (actor) {
      await deps.audit(trx, {
        action: 'ledger.check_run',
        actor,
        targetId: String(checkId),
        after: { ok: report.ok, violations: report.violations.length },
      });
    }
    return checkId;
  });
  const row = await repo.checkById(deps.db, id);
  return row ? toCheck(row) : null;
}
