import { sql, type RawBuilder } from 'kysely';
import type { Executor } from './types.js';

/**
 * The bank's own accounts post without a row lock (decision 29, migration 0024): each posting to
 * one leaves a pending movement, and `foldPending` moves them into the cached balance, credit and
 * debit totals every few seconds (the `ledger.fold` job). A house account's balance is therefore
 * its cached balance plus its pending movements, always read in one statement.
 */

/** The pending sums of one account (`amount`, `credit`, `debit`), for a lateral join. */
export function pendingSums(accountId: RawBuilder<unknown>) {
  return sql`
    select sum(amount)::bigint as amount,
           (sum(amount) filter (where amount > 0))::bigint as credit,
           (-sum(amount) filter (where amount < 0))::bigint as debit
      from ledger_pending where account_id = ${accountId}`;
}

/**
 * Folds every pending movement into the cached balances (one fold at a time across every app
 * server: a fold running elsewhere makes this one return 0); answers how many moved.
 */
export async function foldPending(db: Executor): Promise<number> {
  const { rows } = await sql<{ moved: number }>`select ledger_fold_pending() as moved`.execute(db);
  return Number(rows[0]?.moved ?? 0);
}

/** A timer in this process that folds pending movements every `everyMs`. */
export interface LedgerFolder {
  /** Stops the timer and folds once more. */
  stop(): Promise<void>;
}

/**
 * Folds every `everyMs` (default 2 s). Any number of app servers may run one: folds skip each
 * other's movements, and a fold that fails (the database away) is tried again next time.
 */
export function startLedgerFolder(options: {
  db: Executor;
  everyMs?: number;
  onError?: (error: unknown) => void;
}): LedgerFolder {
  const { db, everyMs = 2_000 } = options;
  let running: Promise<unknown> = Promise.resolve();
  const fold = () => {
    running = running
      .then(() => foldPending(db))
      .catch((error: unknown) => options.onError?.(error));
    return running;
  };
  const timer = setInterval(() => void fold(), everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await fold();
    },
  };
}
