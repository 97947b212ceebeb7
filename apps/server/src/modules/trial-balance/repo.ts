import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** SQL for the ledger's health: the record of every run of the invariant checker. */

export interface CheckRecord {
  startedAt: Date;
  finishedAt: Date;
  durationMs: number;
  ok: boolean;
  violations: { rule: string; detail: string }[];
  totals: { currency: string; balance: string }[];
  counts: { accounts: number; entries: number; postings: number };
  trigger: 'schedule' | 'staff';
  runBy: bigint | null;
}

export async function insertCheck(db: Kysely<DB>, check: CheckRecord): Promise<bigint> {
  const row = await db
    .insertInto('ledger_checks')
    .values({
      started_at: check.startedAt,
      finished_at: check.finishedAt,
      duration_ms: check.durationMs,
      ok: check.ok,
      violations: check.violations.length,
      detail: JSON.stringify(check.violations),
      totals: JSON.stringify(check.totals),
      counts: JSON.stringify(check.counts),
      trigger: check.trigger,
      run_by: check.runBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function checks(db: Kysely<DB>) {
  return db
    .selectFrom('ledger_checks as k')
    .leftJoin('users as u', 'u.id', 'k.run_by')
    .select([
      'k.id',
      'k.started_at as startedAt',
      'k.finished_at as finishedAt',
      'k.duration_ms as durationMs',
      'k.ok',
      'k.violations',
      'k.detail',
      'k.totals',
      'k.counts',
      'k.trigger',
      sql<string | null>`u.first_name || ' ' || u.last_name`.as('runBy'),
    ]);
}

/** The latest checks first, with the name of whoever ran one by hand. */
export function recentChecks(db: Kysely<DB>, limit: number) {
  return checks(db).orderBy('k.finished_at', 'desc').orderBy('k.id', 'desc').limit(limit).execute();
}

export function checkById(db: Kysely<DB>, id: bigint) {
  return checks(db).where('k.id', '=', id).executeTakeFirst();
}
export type CheckRow = Awaited<ReturnType<typeof recentChecks>>[number];

/**
 * Takes the ledger check's lock for the rest of the transaction, if no one holds it: one check
 * at a time across every app server (the two-key advisory space of migration 0014's audit
 * lock, key 2).
 */
export async function tryCheckLock(db: Kysely<DB>): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`
    select pg_try_advisory_xact_lock(1, 2) as locked`.execute(db);
  return rows[0]?.locked === true;
}
