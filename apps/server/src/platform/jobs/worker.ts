import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { safeErrorText } from '../safe-error.js';
import { enqueueJob } from './queue.js';
import { PermanentJobError, type JobHandler } from './types.js';

export interface WorkerLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobWorkerOptions {
  db: Kysely<DB>;
  handlers: readonly JobHandler[];
  logger: WorkerLogger;
  /** Work kept on a schedule: one job of `kind` at a time, run every `everyMs` (and at start). */
  periodic?: readonly { kind: string; everyMs: number }[];
  /** Pause between polls when nothing was due (a full batch polls again at once). */
  pollMs?: number;
  /** Jobs claimed per poll. */
  batchSize?: number;
  /**
   * How long a claim lasts unless renewed. The worker renews it every third of this while a
   * job runs, so a crashed worker's jobs are free again within one lease, not minutes later.
   */
  leaseMs?: number;
  /** false: no background polling, only drain() runs jobs (tests). */
  poll?: boolean;
}

export interface JobWorker {
  /** Stops polling, lets the running job finish and hands back the others it had claimed. */
  stop(): Promise<void>;
  /** Runs jobs until none is due; resolves with how many completed (tests, e2e). */
  drain(): Promise<number>;
}

const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 60 * 60_000;

/** How long to wait after the `failures`-th failed attempt: 5 s, 10 s, 20 s, ... at most 1 h. */
export function retryDelayMs(failures: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(failures - 1, 0), MAX_RETRY_MS);
}

interface Claimed {
  id: bigint;
  kind: string;
  payload: unknown;
  /** Counted at claim time, so a job that crashes its worker still uses up its attempts. */
  attempts: number;
  maxAttempts: number;
}

/**
 * Runs background jobs from the `jobs` table.
 *
 * Claiming is one statement: SELECT ... FOR UPDATE SKIP LOCKED picks due rows that no other
 * worker is claiming at that moment, and the same statement leases them (lease_until, and a
 * random lease token) and counts the attempt. No lock is held while a job runs (on PGlite a
 * transaction holds the only connection, which would stall every request); the lease keeps
 * other workers, in this process or another app server, away instead. While a job runs the
 * lease is renewed every third of its length; if a renewal finds the lease gone (taken over
 * after a stall), the job's signal is aborted. Every later update is fenced on the token: a
 * worker that lost its lease can no longer change the row.
 *
 * Delivery is at least once: a job whose worker dies mid-run runs again once its lease lapses
 * (about 30 s later by default). Handlers are written to be safe to run twice.
 */
export function startJobWorker(options: JobWorkerOptions): JobWorker {
  const {
    db,
    logger,
    pollMs = 1_000,
    batchSize = 5,
    leaseMs = 30_000,
    poll = true,
    periodic = [],
  } = options;
  const handlers = new Map(options.handlers.map((h) => [h.kind, h]));
  const kinds = [...handlers.keys()];
  const periodicByKind = new Map(periodic.map((p) => [p.kind, p.everyMs]));
  for (const kind of periodicByKind.keys()) {
    if (!handlers.has(kind)) throw new TypeError(`periodic job ${kind} has no handler`);
  }

  let stopping = false;
  const stopController = new AbortController();

  async function schedulePeriodic(kind: string, delayMs: number) {
    await enqueueJob(
      db,
      kind,
      {},
      { dedupeKey: `every:${kind}`, runAt: new Date(Date.now() + delayMs) },
    );
  }

  async function claim(token: string): Promise<Claimed[]> {
    if (kinds.length === 0) return [];
    const result = await sql<Claimed>`
      with due as materialized (
        select id from jobs
        where done_at is null and failed_at is null and run_at <= now()
          and (lease_until is null or lease_until <= now())
          and kind = any(${kinds}::text[])
        order by run_at, id
        limit ${batchSize}
        for update skip locked
      )
      update jobs j
      set lease_until = now() + ${leaseMs}::double precision * interval '1 millisecond',
          lease_token = ${token},
          attempts = j.attempts + 1
      from due
      where j.id = due.id
      returning j.id, j.kind, j.payload, j.attempts, j.max_attempts as "maxAttempts"`.execute(db);
    return result.rows
      .map((job) => ({
        ...job,
        // The handler's limit applies too: whichever is lower.
        maxAttempts: Math.min(job.maxAttempts, handlers.get(job.kind)?.maxAttempts ?? Infinity),
      }))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /**
   * Extends the lease of `ids`; returns the ids whose lease this worker no longer holds (another
   * worker's token is on them). A job this worker has just finished, or failed until its retry,
   * is not lost: it keeps this token, and is neither renewed nor reported.
   */
  async function renew(token: string, ids: bigint[]): Promise<bigint[]> {
    const result = await sql<{ id: bigint }>`
      with renewed as (
        update jobs
        set lease_until = now() + ${leaseMs}::double precision * interval '1 millisecond'
        where id = any(${ids}::bigint[]) and lease_token = ${token} and lease_until is not null
          and done_at is null and failed_at is null
      )
      select id from jobs
      where id = any(${ids}::bigint[]) and lease_token is distinct from ${token}`.execute(db);
    return result.rows.map((r) => r.id);
  }

  async function complete(job: Claimed, token: string, redacted: Record<string, unknown> | null) {
    await db.transaction().execute(async (trx) => {
      const done = await sql`
        update jobs
        set done_at = now(), lease_until = null, last_error = null,
            payload = coalesce(${redacted === null ? null : JSON.stringify(redacted)}::jsonb, payload)
        where id = ${job.id} and lease_token = ${token} and done_at is null and failed_at is null`.execute(
        trx,
      );
      const everyMs = periodicByKind.get(job.kind);
      if (everyMs !== undefined && Number(done.numAffectedRows ?? 0n) > 0) {
        await enqueueJob(
          trx,
          job.kind,
          {},
          { dedupeKey: `every:${job.kind}`, runAt: new Date(Date.now() + everyMs) },
        );
      }
    });
  }

  async function fail(job: Claimed, token: string, error: unknown, permanent: boolean) {
    const text = safeErrorText(error);
    const giveUp = permanent || job.attempts >= job.maxAttempts;
    await sql`
      update jobs
      set last_error = ${text}, lease_until = null,
          run_at = now() + ${retryDelayMs(job.attempts)}::double precision * interval '1 millisecond',
          failed_at = ${giveUp ? sql`now()` : sql`null`}
      where id = ${job.id} and lease_token = ${token} and done_at is null and failed_at is null`.execute(
      db,
    );
    const fields = { jobId: String(job.id), kind: job.kind, attempts: job.attempts, error: text };
    if (giveUp) {
      logger.error(fields, 'job failed: given up');
      if (periodicByKind.has(job.kind)) {
        await schedulePeriodic(job.kind, periodicByKind.get(job.kind) ?? 0);
      }
    } else {
      logger.warn({ ...fields, retryInMs: retryDelayMs(job.attempts) }, 'job failed: will retry');
    }
  }

  /** Hands claimed jobs that never started back at once (their attempt is not counted). */
  async function release(jobs: Claimed[], token: string) {
    if (jobs.length === 0) return;
    await sql`
      update jobs set lease_until = null, lease_token = null, attempts = attempts - 1
      where id = any(${jobs.map((j) => j.id)}::bigint[]) and lease_token = ${token}
        and done_at is null and failed_at is null`.execute(db);
  }

  async function runOne(job: Claimed, token: string, lost: AbortSignal): Promise<boolean> {
    const handler = handlers.get(job.kind);
    if (!handler) {
      await release([job], token);
      return false;
    }
    if (job.attempts > job.maxAttempts) {
      // Claimed again after its worker died while running it, with no attempts left.
      await fail(job, token, new Error('no attempts left after interrupted runs'), true);
      return false;
    }
    const parsed = handler.payload.safeParse(job.payload);
    if (!parsed.success) {
      await fail(job, token, new Error('the payload does not fit this kind of job'), true);
      return false;
    }
    const signal = AbortSignal.any([lost, stopController.signal]);
    try {
      await handler.run(parsed.data, { jobId: job.id, attempt: job.attempts, signal });
    } catch (error) {
      await fail(job, token, error, error instanceof PermanentJobError);
      return false;
    }
    await complete(job, token, handler.redactWhenDone?.(parsed.data) ?? null);
    return true;
  }

  async function tick(): Promise<{ claimed: number; completed: number }> {
    const token = randomBytes(16).toString('hex');
    const jobs = await claim(token);
    if (jobs.length === 0) return { claimed: 0, completed: 0 };
    const lost = new AbortController();
    const pending = new Set(jobs.map((j) => j.id));
    const renewal = setInterval(
      () => {
        renew(token, [...pending]).then(
          (gone) => {
            if (gone.length > 0) lost.abort(new Error('lease lost'));
          },
          (error: unknown) =>
            logger.warn({ error: safeErrorText(error) }, 'job lease renewal failed'),
        );
      },
      Math.max(Math.floor(leaseMs / 3), 10),
    );
    renewal.unref();
    let completed = 0;
    try {
      for (const [index, job] of jobs.entries()) {
        if (stopping || lost.signal.aborted) {
          await release(jobs.slice(index), token);
          break;
        }
        if (await runOne(job, token, lost.signal)) completed++;
        pending.delete(job.id);
      }
    } finally {
      clearInterval(renewal);
    }
    return { claimed: jobs.length, completed };
  }

  // One tick at a time in this worker, whether from polling or from drain().
  let tail: Promise<unknown> = Promise.resolve();
  function exclusive<T>(run: () => Promise<T>): Promise<T> {
    const result = tail.then(run);
    tail = result.catch(() => undefined);
    return result;
  }

  let timer: NodeJS.Timeout | undefined;
  let failuresInARow = 0;
  function schedule(delayMs: number) {
    if (stopping) return;
    timer = setTimeout(pollOnce, delayMs);
    timer.unref();
  }
  function pollOnce() {
    timer = undefined;
    exclusive(tick).then(
      (result) => {
        failuresInARow = 0;
        schedule(result.claimed >= batchSize ? 0 : pollMs);
      },
      (error: unknown) => {
        // The database is down or refusing: say so, and back off up to a minute.
        failuresInARow++;
        logger.error({ error: safeErrorText(error) }, 'job worker: poll failed');
        schedule(Math.min(pollMs * 2 ** failuresInARow, 60_000));
      },
    );
  }

  const ready = (async () => {
    for (const { kind } of periodic) await schedulePeriodic(kind, 0);
  })();
  ready.then(
    () => {
      if (poll) schedule(0);
    },
    (error: unknown) => {
      logger.error({ error: safeErrorText(error) }, 'job worker: could not schedule periodic jobs');
      if (poll) schedule(pollMs);
    },
  );

  return {
    async stop() {
      stopping = true;
      // A running job is told to give up (it is retried later); none starts after this.
      stopController.abort(new Error('worker stopping'));
      if (timer) clearTimeout(timer);
      timer = undefined;
      await ready.catch(() => undefined);
      await tail;
    },
    async drain() {
      await ready;
      let completed = 0;
      while (!stopping) {
        const result = await exclusive(tick);
        completed += result.completed;
        if (result.claimed === 0) break;
      }
      return completed;
    },
  };
}
