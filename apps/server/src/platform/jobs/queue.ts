import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

const KIND = /^[a-z][a-z0-9_.]{0,62}$/;

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /**
   * At most one unfinished job with this key: a second enqueue while the first waits or runs is
   * dropped (returns null). Periodic jobs use it so that restarts never pile them up.
   */
  dedupeKey?: string;
  maxAttempts?: number;
}

/**
 * Queues background work and returns the job's id (null when a job with the same dedupe key is
 * still unfinished). Call it with the transaction that makes the change the job is about: the
 * job exists if and only if that change commits. Nothing runs here; a worker picks it up.
 */
export async function enqueueJob(
  db: Kysely<DB>,
  kind: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<bigint | null> {
  if (!KIND.test(kind)) throw new TypeError(`enqueueJob: not a job kind: ${kind}`);
  const runAt = options.runAt ?? null;
  const result = await sql<{ id: bigint }>`
    insert into jobs (kind, payload, dedupe_key, max_attempts, run_at)
    values (${kind}, ${JSON.stringify(payload)}::jsonb, ${options.dedupeKey ?? null},
            ${options.maxAttempts ?? 8}, coalesce(${runAt}::timestamptz, now()))
    on conflict (dedupe_key) where dedupe_key is not null and done_at is null and failed_at is null
    do nothing
    returning id`.execute(db);
  return result.rows[0]?.id ?? null;
}

/** A job queue bound to one database: what modules receive in their dependencies. */
export interface JobQueue {
  enqueue(
    db: Kysely<DB>,
    kind: string,
    payload: Record<string, unknown>,
    options?: EnqueueOptions,
  ): Promise<bigint | null>;
}

export const jobQueue: JobQueue = { enqueue: enqueueJob };
