import { sql } from 'kysely';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { purgeExpiredAnswers } from '../../platform/idempotency/index.js';
import { defineJob } from '../../platform/jobs/types.js';

export const HOUSEKEEPING_JOB = 'system.housekeeping';
const DAY_MS = 24 * 60 * 60_000;

/** How long finished rows are kept before the daily housekeeping removes them. */
export const RETENTION = {
  /** Done jobs (their payloads already redacted): a week, to see what ran. Failed ones stay. */
  doneJobsMs: 7 * DAY_MS,
  /** One-time codes and wrong tries: two days, beyond the daily caps' window. */
  codesMs: 2 * DAY_MS,
  /** Ended sessions: 30 days, for the sessions a customer reviews and support questions. */
  sessionsMs: 30 * DAY_MS,
} as const;

/**
 * Removes what has served its purpose, so that the tables every request reads stay small and
 * a flood of requests (each queues a job) leaves nothing behind for long.
 */
export function housekeepingJob(deps: AppDeps) {
  return defineJob({
    kind: HOUSEKEEPING_JOB,
    payload: z.object({}),
    maxAttempts: 3,
    async run() {
      const now = deps.clock.now().getTime();
      const before = (ms: number) => new Date(now - ms);
      await sql`delete from jobs where done_at < ${before(RETENTION.doneJobsMs)}`.execute(deps.db);
      await sql`
        delete from one_time_codes
        where created_at < ${before(RETENTION.codesMs)}`.execute(deps.db);
      await sql`
        delete from code_failures
        where failed_at < ${before(RETENTION.codesMs)}`.execute(deps.db);
      // An address nobody has tried for a month starts afresh.
      await sql`
        delete from signin_attempts
        where last_at < ${before(RETENTION.sessionsMs)}`.execute(deps.db);
      await sql`
        delete from username_reservations
        where reserved_until < ${before(0)}`.execute(deps.db);
      // Browsers remembered after a second factor (decision 0033), once past their 90 days.
      await sql`delete from trusted_browsers where expires_at < ${before(0)}`.execute(deps.db);
      // Answers kept for retries (decision 0031), once past their day.
      await purgeExpiredAnswers(deps.db, before(0));
      await sql`
        delete from sessions
        where coalesce(revoked_at, expires_at) < ${before(RETENTION.sessionsMs)}`.execute(deps.db);
    },
  });
}
