import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { safeErrorText } from './safe-error.js';
import type { EmailMessage, MailLogger, MailTransport } from './types.js';
import { checkEmailMessage } from './validate.js';

export interface OutboxWorkerOptions {
  db: Kysely<DB>;
  transport: MailTransport;
  logger: MailLogger;
  /** Pause between polls when nothing was due (a full batch polls again at once). */
  intervalMs?: number;
  /** Messages claimed per tick. */
  batchSize?: number;
  /** Failed attempts after which a message is given up (failed_at set). */
  maxAttempts?: number;
  /** false: no background polling, only drain() sends (tests). */
  poll?: boolean;
  /** The longest one send may take; it is then aborted and counts as a failed attempt. */
  sendTimeoutMs?: number;
}

export interface OutboxWorker {
  /** Stops polling and waits for a tick in progress. Does not close the transport. */
  stop(): Promise<void>;
  /** Runs ticks until nothing is due; resolves with the number of messages sent (tests, e2e). */
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
  payload: unknown;
  attempts: number;
  /** The lease this worker holds: the row's next_attempt_at as set by the claim. */
  lease: Date;
}

interface TickResult {
  claimed: number;
  sent: number;
}

/**
 * Delivers the outbox's emails. Each tick claims up to `batchSize` due rows (unsent, not given
 * up, next_attempt_at reached), oldest id first, then sends them one by one and records each
 * outcome: sent_at, or a failed attempt with its error and the time of the next try (5 s doubling
 * up to 1 h), or, at `maxAttempts` failures, failed_at.
 *
 * Claiming is one statement: SELECT ... FOR UPDATE SKIP LOCKED picks rows no other worker is
 * claiming at that moment, and the same statement moves their next_attempt_at forward by a lease
 * (longer than a whole batch's sends can take). So no lock is held while talking to the mail
 * server (on PGlite, where a transaction holds the only connection, that would stall every
 * request), yet other workers (other processes, other app servers) do not see the rows as due
 * until the lease runs out. Every later update is fenced on that lease value: a worker whose
 * lease was taken over can no longer change the row.
 *
 * Delivery is at least once: if the process dies after the mail server accepted a message but
 * before sent_at is written, the message goes again once its lease runs out. It is never sent by
 * two workers at the same time, and never again once sent_at is set.
 *
 * Once sent, a row keeps only the recipient and subject: the bodies, which may hold a code, are
 * not kept. A row given up keeps its bodies so that an operator can look at it.
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const {
    db,
    transport,
    logger,
    intervalMs = 1_000,
    batchSize = 10,
    maxAttempts = 8,
    poll = true,
    sendTimeoutMs = 30_000,
  } = options;
  const leaseMs = batchSize * sendTimeoutMs + 60_000;

  async function tick(): Promise<TickResult> {
    const started = performance.now();
    const rows = await claim();
    let sent = 0;
    for (const [index, row] of rows.entries()) {
      // Hand back what cannot be sent well within the lease, rather than risk a second sender.
      if (performance.now() + sendTimeoutMs + 30_000 > started + leaseMs) {
        await release(rows.slice(index));
        break;
      }
      if (await deliver(row)) sent++;
    }
    return { claimed: rows.length, sent };
  }

  async function claim(): Promise<Claimed[]> {
    const result = await sql<Claimed>`
      with due as materialized (
        select id from outbox
        where kind = 'email' and sent_at is null and failed_at is null and next_attempt_at <= now()
        order by id
        limit ${batchSize}
        for update skip locked
      )
      update outbox o
      set next_attempt_at = date_trunc('milliseconds', now()) + ${leaseMs}::double precision * interval '1 millisecond'
      from due
      where o.id = due.id
      returning o.id, o.payload, o.attempts, o.next_attempt_at as lease`.execute(db);
    return result.rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /** Sends one claimed row and records the outcome; true when it was sent. */
  async function deliver(row: Claimed): Promise<boolean> {
    let message: EmailMessage;
    try {
      message = checkEmailMessage(row.payload);
    } catch {
      await recordFailure(row, 'the queued payload is not a valid email message', true);
      return false;
    }
    try {
      await transport.send(message, { signal: AbortSignal.timeout(sendTimeoutMs) });
    } catch (error) {
      await recordFailure(row, safeErrorText(error), false);
      return false;
    }
    await sql`
      update outbox
      set sent_at = now(),
          payload = jsonb_build_object('to', payload -> 'to', 'subject', payload -> 'subject')
      where id = ${row.id} and next_attempt_at = ${row.lease}
        and sent_at is null and failed_at is null`.execute(db);
    return true;
  }

  async function recordFailure(row: Claimed, error: string, permanent: boolean) {
    const attempts = row.attempts + 1;
    const giveUp = permanent || attempts >= maxAttempts;
    await sql`
      update outbox
      set attempts = attempts + 1,
          last_error = ${error},
          next_attempt_at = now() + ${retryDelayMs(attempts)}::double precision * interval '1 millisecond',
          failed_at = ${giveUp ? sql`now()` : sql`null`}
      where id = ${row.id} and next_attempt_at = ${row.lease}
        and sent_at is null and failed_at is null`.execute(db);
    const fields = { outboxId: String(row.id), attempts, error };
    if (giveUp) logger.error(fields, 'email not delivered: given up');
    else logger.warn({ ...fields, retryInMs: retryDelayMs(attempts) }, 'email not delivered yet');
  }

  /** Makes claimed rows due again at once (only while this worker's lease on them stands). */
  async function release(rows: Claimed[]) {
    for (const row of rows) {
      await sql`
        update outbox set next_attempt_at = now()
        where id = ${row.id} and next_attempt_at = ${row.lease}
          and sent_at is null and failed_at is null`.execute(db);
    }
  }

  // One tick at a time in this worker, whether from polling or from drain().
  let tail: Promise<unknown> = Promise.resolve();
  function exclusive<T>(run: () => Promise<T>): Promise<T> {
    const result = tail.then(run);
    tail = result.catch(() => undefined);
    return result;
  }

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let failuresInARow = 0;

  function schedule(delayMs: number) {
    if (stopped) return;
    timer = setTimeout(pollOnce, delayMs);
    timer.unref();
  }

  function pollOnce() {
    timer = undefined;
    exclusive(tick).then(
      (result) => {
        failuresInARow = 0;
        schedule(result.claimed >= batchSize ? 0 : intervalMs);
      },
      (error: unknown) => {
        // The database is down or refusing: say so, and back off up to a minute.
        failuresInARow++;
        logger.error({ error: safeErrorText(error) }, 'outbox worker: poll failed');
        schedule(Math.min(intervalMs * 2 ** failuresInARow, 60_000));
      },
    );
  }

  if (poll) schedule(0);

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await tail;
    },
    async drain() {
      let sent = 0;
      while (!stopped) {
        const result = await exclusive(tick);
        sent += result.sent;
        if (result.claimed === 0) break;
      }
      return sent;
    },
  };
}
