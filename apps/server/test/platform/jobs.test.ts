import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type KyselyPlugin, type RawNode } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../../src/db/connection.js';
import type { DB } from '../../src/db/schema.js';
import { AppError } from '../../src/platform/errors.js';
import { enqueueJob, jobQueue } from '../../src/platform/jobs/queue.js';
import {
  defineJob,
  PermanentJobError,
  type JobContext,
  type JobHandler,
} from '../../src/platform/jobs/types.js';
import {
  retryDelayMs,
  startJobWorker,
  type JobWorker,
  type JobWorkerOptions,
} from '../../src/platform/jobs/worker.js';
import {
  createMailer,
  openEmail,
  sealEmail,
  type QueuedEmail,
  createMailTransport,
  EMAIL_JOB,
  emailJob,
  latestMessageTo,
  type EmailMessage,
  type MailTransport,
} from '../../src/platform/mail/index.js';
import { authModule } from '../../src/modules/auth/index.js';
import { buildTestApp } from '../helpers/app.js';
import { createTestDatabase, engineName } from '../helpers/database.js';
import { CUSTOMER_PASSWORD } from '../helpers/customers.js';
import { TestClient } from '../helpers/http.js';
import {
  captureLogger,
  MAIL_FROM,
  present,
  startSmtpServer,
  type TestSmtpServer,
} from './mail-helpers.js';

/**
 * The job queue and the email job, against a real database and a real SMTP server: jobs are
 * queued in the caller's transaction, claimed with SKIP LOCKED under a short lease that is
 * renewed while they run and fenced by a token, retried with backoff, given up after their
 * attempts, and emails are delivered once each even when several workers drain at the same time.
 */
let database: Database;
let db: Kysely<DB>;
let smtp: TestSmtpServer;
let transport: MailTransport;
/** The key queued email bodies are sealed with in these tests. */
const SECRET = 't'.repeat(64); // the same as the test app's SECRET_KEY
const mailer = createMailer(jobQueue, SECRET);
const workers: JobWorker[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 10 });
  db = database.db;
  smtp = await startSmtpServer();
  transport = createMailTransport({
    smtpUrl: smtp.url,
    from: MAIL_FROM,
    dataDir: '/nonexistent',
    logger: captureLogger().logger,
  });
});

afterAll(async () => {
  transport?.close();
  await smtp?.stop();
  await database?.close();
});

beforeEach(async () => {
  await sql`delete from jobs`.execute(db);
  smtp.received.length = 0;
  smtp.refuse = undefined;
  return async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop().catch(() => undefined)));
  };
});

function email(n: number | string, extra: Partial<EmailMessage> = {}): EmailMessage {
  return {
    to: `customer${n}@example.com`,
    subject: `Message ${n}`,
    text: `Hello ${n}, your code is 2468${n}.`,
    html: `<p>Hello ${n}, your code is <b>2468${n}</b>.</p>`,
    ...extra,
  };
}

/** Queues an email through the mailer, as the app does, and returns its job's id. */
async function queueEmail(n: number | string, extra: Partial<EmailMessage> = {}) {
  await mailer.send(db, email(n, extra));
  const { id } = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirstOrThrow();
  return present(id, 'job id');
}

function worker(options: Partial<JobWorkerOptions> = {}) {
  const w = startJobWorker({
    db,
    handlers: [emailJob(transport, SECRET)],
    logger: captureLogger().logger,
    poll: false,
    ...options,
  });
  workers.push(w);
  return w;
}

const testPayload = z.object({ n: z.number().int().optional(), secret: z.string().optional() });
type TestPayload = z.output<typeof testPayload>;

/** A job kind for the tests: `run` decides what each run does. */
function testJob(
  kind: string,
  run: (payload: TestPayload, context: JobContext) => Promise<void>,
  extra: Pick<JobHandler<TestPayload>, 'maxAttempts' | 'redactWhenDone'> = {},
): JobHandler {
  return defineJob({ kind, payload: testPayload, run, ...extra });
}

interface Row {
  id: bigint;
  kind: string;
  payload: Record<string, unknown>;
  dedupe_key: string | null;
  attempts: number;
  max_attempts: number;
  done_at: Date | null;
  failed_at: Date | null;
  last_error: string | null;
  lease_token: string | null;
  /** run_at - now(), in seconds. */
  due_in: number;
  /** lease_until - now(), in seconds (null: no lease). */
  lease_in: number | null;
}

async function row(id: bigint | null): Promise<Row> {
  const result = await sql<Row>`
    select id, kind, payload, dedupe_key, attempts, max_attempts, done_at, failed_at, last_error,
           lease_token,
           extract(epoch from run_at - now())::float8 as due_in,
           extract(epoch from lease_until - now())::float8 as lease_in
    from jobs where id = ${present(id, 'job id')}`.execute(db);
  return present(result.rows[0], 'job row');
}

async function rowsOf(kind: string): Promise<Row[]> {
  const result = await sql<{
    id: bigint;
  }>`select id from jobs where kind = ${kind} order by id`.execute(db);
  return Promise.all(result.rows.map((r) => row(r.id)));
}

/** Skips the wait for a retry: the job is due now. */
async function makeDue(id: bigint | null) {
  await sql`update jobs set run_at = now() - interval '1 second' where id = ${id}`.execute(db);
}

/** As if the lease had run out. */
async function expireLease(id: bigint | null) {
  await sql`update jobs set lease_until = now() - interval '1 second' where id = ${id}`.execute(db);
}

/** Another worker takes the job over: a new lease, a new token, one more attempt. */
async function takeOver(id: bigint | null) {
  await sql`
    update jobs set lease_token = 'another-worker', lease_until = now() + interval '1 hour',
                    attempts = attempts + 1
    where id = ${id}`.execute(db);
}

function subjects() {
  return smtp.received.map((m) => m.parsed.subject);
}

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Resolves with the reason once the signal is aborted. */
function abortedWith(signal: AbortSignal): Promise<unknown> {
  if (signal.aborted) return Promise.resolve(signal.reason);
  return new Promise((resolve) =>
    signal.addEventListener('abort', () => resolve(signal.reason), { once: true }),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function sqlText(node: unknown): string {
  const raw = node as Partial<RawNode>;
  return raw.kind === 'RawNode' && raw.sqlFragments ? raw.sqlFragments.join('?') : '';
}

/**
 * The database as a worker process sees it, until `die()`: from then on every query fails (the
 * process is gone, or cut off from the database), so it can neither renew nor finish anything.
 */
function mortalDb() {
  let dead = false;
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      if (dead) throw new Error('this worker is gone');
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return {
    db: db.withPlugin(plugin),
    die() {
      dead = true;
    },
  };
}

/**
 * The database as seen by a worker that hears back late: the answer to a job's failure update
 * arrives `failureMs` after it was written, and the first lease renewal sent meanwhile answers
 * `renewalMs` after that. It forces a renewal to cross the end of a job.
 */
function slowToHearBack(options: { failureMs: number; renewalMs: number }) {
  const failures = new WeakSet<object>();
  const lateRenewals = new WeakSet<object>();
  let window = false;
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      const text = sqlText(args.node);
      if (/set last_error/.test(text)) {
        failures.add(args.queryId);
      } else if (window && /lease_until = now\(\)/.test(text) && !/skip locked/.test(text)) {
        lateRenewals.add(args.queryId);
        window = false;
      }
      return args.node;
    },
    async transformResult(args) {
      if (failures.has(args.queryId)) {
        window = true;
        await sleep(options.failureMs);
        window = false;
      } else if (lateRenewals.has(args.queryId)) {
        await sleep(options.renewalMs);
      }
      return args.result;
    },
  };
  return db.withPlugin(plugin);
}

async function unfinished(kind: string) {
  const rows = await rowsOf(kind);
  return rows.filter((r) => r.done_at === null && r.failed_at === null);
}

describe(`enqueueing (${engineName})`, () => {
  it('queues a job in the caller transaction: a rollback leaves nothing', async () => {
    const rollback = new Error('rollback');
    await expect(
      db.transaction().execute(async (trx) => {
        await mailer.send(trx, email(1));
        await enqueueJob(trx, 'test.other', { n: 1 });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await db.selectFrom('jobs').select('id').execute()).toEqual([]);

    await db.transaction().execute((trx) => mailer.send(trx, email(2)));
    const [queued] = await rowsOf(EMAIL_JOB);
    // The recipient and subject in the clear, the bodies sealed (they may hold a code).
    expect(present(queued).payload).toEqual({
      to: email(2).to,
      subject: email(2).subject,
      sealed: expect.stringMatching(/^v1\./),
    });
    expect(JSON.stringify(present(queued).payload)).not.toContain('24682');
    expect(openEmail(SECRET, present(queued).payload as QueuedEmail)).toEqual(email(2));
    expect(present(queued)).toMatchObject({
      kind: 'email',
      dedupe_key: null,
      attempts: 0,
      max_attempts: 8,
      done_at: null,
      failed_at: null,
      last_error: null,
      lease_token: null,
      lease_in: null,
    });
    expect(present(queued).due_in).toBeLessThanOrEqual(0);
  });

  it('keeps the options: not before runAt, maxAttempts', async () => {
    const id = await enqueueJob(
      db,
      'test.later',
      { n: 1 },
      { runAt: new Date(Date.now() + 3_600_000), maxAttempts: 3 },
    );
    const queued = await row(id);
    expect(queued).toMatchObject({ kind: 'test.later', payload: { n: 1 }, max_attempts: 3 });
    expect(queued.due_in).toBeGreaterThan(3_500);
    expect(queued.due_in).toBeLessThanOrEqual(3_600.5);
  });

  it('refuses a kind that is not a job kind', async () => {
    for (const kind of ['', 'Email', '1job', 'a b', 'a;drop', 'x'.repeat(64)]) {
      await expect(enqueueJob(db, kind, {}), kind).rejects.toThrow(TypeError);
    }
    expect(await db.selectFrom('jobs').select('id').execute()).toEqual([]);
  });

  it('refuses an email that is not complete, with BAD_REQUEST, and queues nothing', async () => {
    const bad: Partial<EmailMessage>[] = [
      { to: 'not-an-email' },
      { to: 'ada@' },
      { to: 'ada@example.com, eve@example.com' },
      { to: 'ada@example.com\r\nBcc: eve@example.com' },
      { subject: '' },
      { subject: '   ' },
      { subject: 'Hello\r\nBcc: eve@example.com' },
      { text: '' },
      { text: ' \n ' },
    ];
    for (const extra of bad) {
      const error = await mailer.send(db, email(1, extra)).catch((e: unknown) => e);
      expect(error, JSON.stringify(extra)).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('BAD_REQUEST');
      // The refusal names fields, never their values (a body may hold a code).
      expect(
        JSON.stringify([(error as AppError).message, (error as AppError).details]),
      ).not.toMatch(/24681|eve@example/);
    }
    const noText: Partial<EmailMessage> = email(1);
    delete noText.text;
    await expect(mailer.send(db, noText as EmailMessage)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await db.selectFrom('jobs').select('id').execute()).toEqual([]);

    // Fields that are not part of an email are not queued.
    await mailer.send(db, { ...email(2), bcc: 'eve@example.com' } as EmailMessage);
    expect(
      (await rowsOf(EMAIL_JOB)).map((r) => openEmail(SECRET, r.payload as QueuedEmail)),
    ).toEqual([email(2)]);
  });

  it('dedupe key: a second unfinished job with the key is dropped, a new one allowed once it is done', async () => {
    const first = await enqueueJob(db, 'test.dedupe', { n: 1 }, { dedupeKey: 'k1' });
    expect(typeof first).toBe('bigint');
    expect(await enqueueJob(db, 'test.dedupe', { n: 2 }, { dedupeKey: 'k1' })).toBeNull();
    // Another key, or none, is another job.
    expect(await enqueueJob(db, 'test.dedupe', { n: 3 }, { dedupeKey: 'k2' })).not.toBeNull();
    expect(await enqueueJob(db, 'test.dedupe', { n: 4 })).not.toBeNull();
    expect(await enqueueJob(db, 'test.dedupe', { n: 5 })).not.toBeNull();
    expect((await rowsOf('test.dedupe')).map((r) => r.payload.n)).toEqual([1, 3, 4, 5]);

    // While the first runs (claimed, unfinished), the key is still taken.
    const started = deferred();
    const finish = deferred();
    const w = worker({
      handlers: [
        testJob('test.dedupe', async (payload) => {
          if (payload.n === 1) {
            started.resolve();
            await finish.promise;
          }
        }),
      ],
      batchSize: 1,
    });
    const draining = w.drain();
    await started.promise;
    expect(await enqueueJob(db, 'test.dedupe', { n: 6 }, { dedupeKey: 'k1' })).toBeNull();
    finish.resolve();
    expect(await draining).toBe(4);
    expect((await row(first)).done_at).toBeInstanceOf(Date);

    // Done: the key is free again.
    const next = await enqueueJob(db, 'test.dedupe', { n: 7 }, { dedupeKey: 'k1' });
    expect(next).not.toBeNull();
    expect(next).not.toBe(first);

    // Failed for good: free again as well.
    await sql`update jobs set failed_at = now() where id = ${next}`.execute(db);
    expect(await enqueueJob(db, 'test.dedupe', { n: 8 }, { dedupeKey: 'k1' })).not.toBeNull();
  });
});

describe(`the email job (${engineName})`, () => {
  it('delivers due emails once, marks them done and keeps only to and subject', async () => {
    const ids = [];
    for (let i = 1; i <= 3; i++) ids.push(await queueEmail(i));
    const w = worker();
    expect(await w.drain()).toBe(3);
    expect(subjects()).toEqual(['Message 1', 'Message 2', 'Message 3']);
    const first = present(smtp.received[0]).parsed;
    expect(smtp.received[0]?.envelopeTo).toEqual(['customer1@example.com']);
    expect(first.text?.trim()).toBe('Hello 1, your code is 24681.');
    expect(first.html).toBe('<p>Hello 1, your code is <b>24681</b>.</p>');

    for (const [index, id] of ids.entries()) {
      const sent = await row(id);
      expect(sent.done_at).toBeInstanceOf(Date);
      expect(sent).toMatchObject({
        attempts: 1,
        failed_at: null,
        last_error: null,
        lease_in: null,
      });
      // The bodies (which may hold a code) are gone once delivered.
      expect(sent.payload).toEqual({
        to: `customer${index + 1}@example.com`,
        subject: `Message ${index + 1}`,
      });
      expect(JSON.stringify(sent)).not.toContain('2468');
    }

    // Nothing is due any more: draining again sends nothing.
    expect(await w.drain()).toBe(0);
    expect(await worker().drain()).toBe(0);
    expect(smtp.received).toHaveLength(3);
  });

  it('does not send an email before its run_at', async () => {
    const id = await queueEmail(1);
    await sql`update jobs set run_at = now() + interval '1 hour' where id = ${id}`.execute(db);
    expect(await worker().drain()).toBe(0);
    expect(smtp.received).toHaveLength(0);
    expect((await row(id)).attempts).toBe(0);
    await makeDue(id);
    expect(await worker().drain()).toBe(1);
    expect(subjects()).toEqual(['Message 1']);
  });

  it('when the server refuses: attempts, last_error and the backoff grow, then it is delivered', async () => {
    const { calls, logger } = captureLogger();
    const w = worker({ logger });
    const id = await queueEmail(7);
    smtp.refuse = 'Greylisted, try again later';

    expect(await w.drain()).toBe(0);
    let r = await row(id);
    expect(r).toMatchObject({ attempts: 1, done_at: null, failed_at: null, lease_in: null });
    expect(r.last_error).toMatch(/451.*Greylisted/);
    expect(r.due_in).toBeGreaterThan(1);
    expect(r.due_in).toBeLessThanOrEqual(5.5);

    // Not due yet: another drain does not try again.
    expect(await w.drain()).toBe(0);
    expect((await row(id)).attempts).toBe(1);

    await makeDue(id);
    expect(await w.drain()).toBe(0);
    r = await row(id);
    expect(r.attempts).toBe(2);
    expect(r.due_in).toBeGreaterThan(6);
    expect(r.due_in).toBeLessThanOrEqual(10.5);

    await makeDue(id);
    expect(await w.drain()).toBe(0);
    r = await row(id);
    expect(r.attempts).toBe(3);
    expect(r.due_in).toBeGreaterThan(16);
    expect(r.due_in).toBeLessThanOrEqual(20.5);

    smtp.refuse = undefined;
    await makeDue(id);
    expect(await w.drain()).toBe(1);
    r = await row(id);
    expect(r.done_at).toBeInstanceOf(Date);
    expect(r).toMatchObject({ attempts: 4, failed_at: null, last_error: null });
    expect(subjects()).toEqual(['Message 7']);

    // The log says what failed, never the email's code, body or address.
    const warnings = calls.filter((c) => c.level === 'warn');
    expect(warnings).toHaveLength(3);
    expect(warnings[0]?.obj).toMatchObject({ kind: 'email', attempts: 1, retryInMs: 5_000 });
    expect(warnings[1]?.obj).toMatchObject({ attempts: 2, retryInMs: 10_000 });
    const logged = JSON.stringify(calls);
    expect(logged).not.toContain('24687');
    expect(logged).not.toContain('customer7@example.com');
  });

  it('when the server is down: the error is recorded, and it is delivered once it is back', async () => {
    const w = worker();
    const id = await queueEmail(8);
    await smtp.stop();
    try {
      expect(await w.drain()).toBe(0);
      const r = await row(id);
      expect(r).toMatchObject({ attempts: 1, done_at: null, failed_at: null });
      expect(r.last_error).toMatch(/ECONNREFUSED|ECONNECTION/);
      expect(r.last_error).not.toContain('24688');
    } finally {
      await smtp.start();
    }
    await makeDue(id);
    expect(await w.drain()).toBe(1);
    expect((await row(id)).done_at).toBeInstanceOf(Date);
    expect(subjects()).toEqual(['Message 8']);
  });

  it('records no SMTP password in last_error or the log', async () => {
    const guarded = await startSmtpServer({ auth: { user: 'bank', pass: 'right-password' } });
    const wrong = createMailTransport({
      smtpUrl: `smtp://bank:Wr0ng-s3cret@127.0.0.1:${guarded.port}/?ignoreTLS=true`,
      from: MAIL_FROM,
      dataDir: '/nonexistent',
      logger: captureLogger().logger,
    });
    try {
      const { calls, logger } = captureLogger();
      const id = await queueEmail(5);
      expect(await worker({ handlers: [emailJob(wrong, SECRET)], logger }).drain()).toBe(0);
      const r = await row(id);
      expect(r.attempts).toBe(1);
      expect(r.last_error).toMatch(/535|auth/i);
      expect(r.last_error).not.toContain('Wr0ng-s3cret');
      expect(JSON.stringify(calls)).not.toContain('Wr0ng-s3cret');
      expect(guarded.received).toHaveLength(0);
    } finally {
      wrong.close();
      await guarded.stop();
    }
  });

  it('gives up after maxAttempts: failed_at is set and it is never tried again', async () => {
    const { calls, logger } = captureLogger();
    const w = worker({ logger });
    const id = await enqueueJob(
      db,
      EMAIL_JOB,
      { ...sealEmail(SECRET, email(9)) },
      { maxAttempts: 3 },
    );
    smtp.refuse = 'No thanks';
    for (let attempt = 1; attempt <= 3; attempt++) {
      await makeDue(id);
      expect(await w.drain()).toBe(0);
      const r = await row(id);
      expect(r.attempts).toBe(attempt);
      expect(r.failed_at === null).toBe(attempt < 3);
    }
    smtp.refuse = undefined;
    await makeDue(id);
    expect(await w.drain()).toBe(0);
    expect(await worker().drain()).toBe(0);
    const r = await row(id);
    expect(r).toMatchObject({ attempts: 3, done_at: null, lease_in: null });
    expect(r.failed_at).toBeInstanceOf(Date);
    expect(r.last_error).toMatch(/451.*No thanks/);
    // Given up, the email is kept (sealed) for an operator to look at.
    expect(openEmail(SECRET, r.payload as QueuedEmail)).toEqual(email(9));
    expect(smtp.received).toHaveLength(0);
    expect(calls.map((c) => c.level)).toEqual(['warn', 'warn', 'error']);
    expect(calls[2]).toMatchObject({ msg: 'job failed: given up', obj: { attempts: 3 } });
  });

  it('fails at once a payload that is not an email, without sending anything for it', async () => {
    const bad = await enqueueJob(db, EMAIL_JOB, { to: 'nobody', subject: 'x', text: 'y' });
    const good = await queueEmail(10);
    const { calls, logger } = captureLogger();
    expect(await worker({ logger }).drain()).toBe(1);
    const r = await row(bad);
    expect(r).toMatchObject({
      attempts: 1,
      done_at: null,
      last_error: expect.stringMatching(/payload does not fit/),
      payload: { to: 'nobody', subject: 'x', text: 'y' },
    });
    expect(r.failed_at).toBeInstanceOf(Date);
    expect((await row(good)).done_at).toBeInstanceOf(Date);
    expect(subjects()).toEqual(['Message 10']);
    expect(calls.filter((c) => c.level === 'error')).toHaveLength(1);
  });

  it('delivers through the local mailbox as well', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bank-jobs-'));
    try {
      const local = createMailTransport({
        from: MAIL_FROM,
        dataDir,
        logger: captureLogger().logger,
      });
      const id = await queueEmail(12);
      expect(await worker({ handlers: [emailJob(local, SECRET)] }).drain()).toBe(1);
      expect(await latestMessageTo(dataDir, 'customer12@example.com')).toMatchObject({
        subject: 'Message 12',
        text: 'Hello 12, your code is 246812.',
      });
      expect((await row(id)).payload).toEqual({
        to: 'customer12@example.com',
        subject: 'Message 12',
      });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe(`several workers (${engineName})`, () => {
  it('two workers draining at once deliver each email exactly once', async () => {
    const count = 30;
    for (let i = 1; i <= count; i++) await queueEmail(i);
    const a = worker({ batchSize: 4 });
    const b = worker({ batchSize: 4 });
    const [sentByA, sentByB] = await Promise.all([a.drain(), b.drain()]);
    expect(sentByA + sentByB).toBe(count);
    expect(subjects()).toHaveLength(count);
    expect(new Set(subjects()).size).toBe(count);
    const rows = await rowsOf(EMAIL_JOB);
    expect(rows.filter((r) => r.done_at === null)).toEqual([]);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  });

  it('four workers with a slow transport: no job is ever in two sends at once', async () => {
    const count = 40;
    for (let i = 1; i <= count; i++) await queueEmail(i);
    const inFlight = new Set<string>();
    const sends: string[] = [];
    let overlap = false;
    const slow: MailTransport = {
      kind: 'smtp',
      async send(message) {
        if (inFlight.has(message.subject)) overlap = true;
        inFlight.add(message.subject);
        await sleep(5);
        sends.push(message.subject);
        inFlight.delete(message.subject);
      },
      close() {},
    };
    const all = [1, 2, 3, 4].map(() =>
      worker({ handlers: [emailJob(slow, SECRET)], batchSize: 3 }),
    );
    const counts = await Promise.all(all.map((w) => w.drain()));
    expect(counts.reduce((x, y) => x + y, 0)).toBe(count);
    expect(overlap).toBe(false);
    expect(sends).toHaveLength(count);
    expect(new Set(sends).size).toBe(count);
    // The work was shared: sends ran while other workers claimed.
    expect(counts.filter((n) => n > 0).length).toBeGreaterThan(1);
    expect((await rowsOf(EMAIL_JOB)).every((r) => r.attempts === 1 && r.done_at)).toBe(true);
  });

  it.skipIf(engineName === 'pglite')(
    'skips jobs another transaction has locked instead of waiting for them',
    async () => {
      const locked = await queueEmail(1);
      const free = await queueEmail(2);
      const release = deferred();
      const lockTaken = deferred();
      const holder = db.transaction().execute(async (trx) => {
        await sql`select id from jobs where id = ${locked} for update`.execute(trx);
        lockTaken.resolve();
        await release.promise;
      });
      await lockTaken.promise;
      try {
        expect(await worker().drain()).toBe(1);
        expect(subjects()).toEqual(['Message 2']);
        expect((await row(free)).done_at).toBeInstanceOf(Date);
      } finally {
        release.resolve();
        await holder;
      }
      expect((await row(locked)).attempts).toBe(0);
      expect(await worker().drain()).toBe(1);
      expect(subjects()).toEqual(['Message 2', 'Message 1']);
    },
  );
});

describe(`leases (${engineName})`, () => {
  it('a claim is a short lease (30 s by default) with a token, cleared when the job is done', async () => {
    const id = await enqueueJob(db, 'test.lease', {});
    let seen: Row | undefined;
    const w = worker({
      handlers: [
        testJob('test.lease', async () => {
          seen = await row(id);
        }),
      ],
    });
    expect(await w.drain()).toBe(1);
    const during = present(seen, 'row while running');
    expect(during.attempts).toBe(1);
    expect(during.lease_token).toMatch(/^[0-9a-f]{32}$/);
    expect(during.lease_in).toBeGreaterThan(15);
    expect(during.lease_in).toBeLessThanOrEqual(30.5);
    expect(await row(id)).toMatchObject({ lease_in: null, attempts: 1 });
  });

  it('a worker whose lease was taken over cannot change the row any more', async () => {
    // It succeeds after the takeover: the job is not marked done, nor its payload redacted.
    const succeeded = await enqueueJob(db, 'test.fenced', { n: 1, secret: 's1' });
    // It fails after the takeover: no error, no retry time, no failure recorded.
    const failed = await enqueueJob(db, 'test.fenced', { n: 2 });
    const givenUp = await enqueueJob(db, 'test.fenced', { n: 3 });
    const handler = testJob(
      'test.fenced',
      async (payload, { jobId }) => {
        // Meanwhile (as if this worker had stalled past its lease) another one claims the job.
        await takeOver(jobId);
        if (payload.n === 2) throw new Error('too late');
        if (payload.n === 3) throw new PermanentJobError('too late as well');
      },
      { redactWhenDone: () => ({}) },
    );
    await worker({ handlers: [handler], batchSize: 1 }).drain();
    for (const [id, n] of [
      [succeeded, 1],
      [failed, 2],
      [givenUp, 3],
    ] as const) {
      const r = await row(id);
      expect(r, `job ${n}`).toMatchObject({
        attempts: 2,
        done_at: null,
        failed_at: null,
        last_error: null,
        lease_token: 'another-worker',
      });
      expect(r.lease_in).toBeGreaterThan(3_000);
      expect(r.due_in).toBeLessThanOrEqual(0);
    }
    expect((await row(succeeded)).payload).toEqual({ n: 1, secret: 's1' });
  });

  it('a job claimed by a worker that died is run again once its lease lapses', async () => {
    const id = await queueEmail(4);
    const started = deferred();
    // The dying worker's send never ends (until the test stops it).
    const stuck: MailTransport = {
      kind: 'smtp',
      async send(_message, options) {
        started.resolve();
        throw await abortedWith(present(options?.signal, 'signal'));
      },
      close() {},
    };
    const mortal = mortalDb();
    const { calls, logger } = captureLogger();
    const dying = worker({
      db: mortal.db,
      handlers: [emailJob(stuck, SECRET)],
      leaseMs: 3_000,
      logger,
    });
    const dyingDrain = dying.drain().catch(() => 'died');
    await started.promise;
    expect((await row(id)).attempts).toBe(1);
    mortal.die();

    // Others leave it alone while the lease stands...
    const other = worker({ leaseMs: 3_000 });
    expect(await other.drain()).toBe(0);
    // ...and deliver it once it lapses (its worker can no longer renew it): at least once.
    await expect.poll(() => other.drain(), { timeout: 15_000, interval: 100 }).toBe(1);
    expect(subjects()).toEqual(['Message 4']);
    const r = await row(id);
    expect(r.done_at).toBeInstanceOf(Date);
    expect(r.attempts).toBe(2);
    expect(calls.some((c) => c.msg === 'job lease renewal failed')).toBe(true);

    await dying.stop();
    expect(await dyingDrain).toBe('died');
    // The dead worker changed nothing after it was gone.
    expect(await row(id)).toMatchObject({ attempts: 2, last_error: null, failed_at: null });
  });

  it('a lease is renewed while a long job runs: no other worker takes it over', async () => {
    const leaseMs = 2_000;
    const id = await enqueueJob(db, 'test.long', {});
    const started = deferred();
    const finish = deferred();
    let runs = 0;
    let abortedRuns = 0;
    const handler = testJob('test.long', async (_payload, { signal }) => {
      runs++;
      started.resolve();
      await finish.promise;
      if (signal.aborted) abortedRuns++;
    });
    const first = worker({ handlers: [handler], leaseMs });
    const draining = first.drain();
    await started.promise;
    const firstLease = present((await row(id)).lease_in, 'lease');
    expect(firstLease).toBeLessThanOrEqual(leaseMs / 1000 + 0.5);

    const second = worker({ handlers: [handler], leaseMs });
    // Until well past the time the first lease would have lapsed (by the database's clock).
    const firstEnd = (
      await sql<{ at: Date }>`select now() + ${firstLease} * interval '1 second' as at`.execute(db)
    ).rows[0]?.at;
    for (const pastBy of [0, leaseMs]) {
      await expect
        .poll(
          async () => {
            const past = await sql<{ past: boolean }>`
              select now() > ${firstEnd}::timestamptz + ${pastBy} * interval '1 millisecond' as past`.execute(
              db,
            );
            return past.rows[0]?.past;
          },
          { timeout: 20_000, interval: 100 },
        )
        .toBe(true);
      expect(await second.drain()).toBe(0);
      const r = await row(id);
      expect(r.attempts).toBe(1);
      expect(r.lease_in).toBeGreaterThan(0);
    }
    finish.resolve();
    expect(await draining).toBe(1);
    expect(runs).toBe(1);
    expect(abortedRuns).toBe(0);
    expect(await row(id)).toMatchObject({ attempts: 1, lease_in: null });
    expect((await row(id)).done_at).toBeInstanceOf(Date);
  });

  it('when a renewal finds the lease gone, the running job is aborted and the rest handed back', async () => {
    const stolen = await enqueueJob(db, 'test.stolen', { n: 1 });
    const next = await enqueueJob(db, 'test.stolen', { n: 2 });
    const started = deferred();
    const runs: number[] = [];
    let reason: unknown;
    const handler = testJob('test.stolen', async (payload, { signal }) => {
      runs.push(present(payload.n));
      if (payload.n === 1) {
        started.resolve();
        reason = await abortedWith(signal);
        throw reason;
      }
    });
    const w = worker({ handlers: [handler], leaseMs: 300, batchSize: 2 });
    const draining = w.drain();
    await started.promise;
    await takeOver(stolen);
    await draining;
    expect(String(reason)).toMatch(/lease lost/);
    // The stolen job belongs to the other worker; nothing this one did afterwards counts.
    expect(await row(stolen)).toMatchObject({
      attempts: 2,
      lease_token: 'another-worker',
      last_error: null,
      failed_at: null,
      done_at: null,
    });
    // The one it had not started ran in a later claim of its own, counted once.
    expect(runs).toEqual([1, 2]);
    expect(await row(next)).toMatchObject({ attempts: 1, last_error: null });
    expect((await row(next)).done_at).toBeInstanceOf(Date);
  });

  it('a renewal that crosses the end of a job neither aborts nor hands back the rest of the batch', async () => {
    // Forces the interleaving: job 1 fails, and renewals are sent after that failure was written
    // but before the worker heard back (one of them only answers once job 2 is running). Job 1
    // is finished, not lost to another worker.
    const first = await enqueueJob(db, 'test.batch', { n: 1 });
    const second = await enqueueJob(db, 'test.batch', { n: 2 });
    let secondAborted = false;
    const tokens: (string | null)[] = [];
    const handler = testJob('test.batch', async (payload, { signal, jobId }) => {
      tokens.push((await row(jobId)).lease_token);
      if (payload.n === 1) throw new PermanentJobError('job 1 fails');
      await Promise.race([abortedWith(signal), sleep(1_500)]);
      secondAborted = signal.aborted;
      signal.throwIfAborted();
    });
    const w = worker({
      db: slowToHearBack({ failureMs: 300, renewalMs: 600 }),
      handlers: [handler],
      leaseMs: 150,
      batchSize: 2,
    });
    expect(await w.drain()).toBe(1);
    expect(secondAborted).toBe(false);
    // Both ran in the one claim: job 2 was not handed back and claimed again.
    expect(tokens).toHaveLength(2);
    expect(tokens[1]).toBe(tokens[0]);
    expect((await row(first)).failed_at).toBeInstanceOf(Date);
    expect(await row(second)).toMatchObject({ attempts: 1, last_error: null });
    expect((await row(second)).done_at).toBeInstanceOf(Date);
  });

  it('a renewal does not lease again a job that failed until its retry', async () => {
    const id = await enqueueJob(db, 'test.retry', {});
    const handler = testJob('test.retry', async () => {
      throw new Error('retry me');
    });
    const w = worker({
      db: slowToHearBack({ failureMs: 800, renewalMs: 0 }),
      handlers: [handler],
      leaseMs: 900,
    });
    expect(await w.drain()).toBe(0);
    const r = await row(id);
    expect(r).toMatchObject({ attempts: 1, last_error: 'retry me', lease_in: null });
    expect(r.due_in).toBeGreaterThan(0);
  });
});

describe(`attempts (${engineName})`, () => {
  it('are counted at claim: a job that keeps crashing its worker ends failed after maxAttempts', async () => {
    const id = await enqueueJob(db, 'test.crash', { n: 1 }, { maxAttempts: 3 });
    let runs = 0;
    const attempts: number[] = [];
    for (let crash = 1; crash <= 3; crash++) {
      const started = deferred();
      const mortal = mortalDb();
      const handler = testJob('test.crash', async (_payload, { attempt, signal }) => {
        runs++;
        attempts.push(attempt);
        started.resolve();
        // Never ends: the process dies while it runs.
        throw await abortedWith(signal);
      });
      const crashing = worker({ db: mortal.db, handlers: [handler] });
      void crashing.drain().catch(() => undefined);
      await started.promise;
      mortal.die();
      expect(await row(id)).toMatchObject({ attempts: crash, failed_at: null, done_at: null });
      await expireLease(id);
    }
    // The next claim finds no attempt left: the job fails without running again.
    const { calls, logger } = captureLogger();
    const healthy = worker({
      handlers: [
        testJob('test.crash', async () => {
          runs++;
        }),
      ],
      logger,
    });
    expect(await healthy.drain()).toBe(0);
    expect(runs).toBe(3);
    expect(attempts).toEqual([1, 2, 3]);
    const r = await row(id);
    expect(r.failed_at).toBeInstanceOf(Date);
    expect(r.last_error).toMatch(/no attempts left/);
    expect(calls.map((c) => c.level)).toEqual(['error']);
    expect(await healthy.drain()).toBe(0);
    expect(runs).toBe(3);
  });

  it('the handler is told its attempt and job id', async () => {
    const id = await enqueueJob(db, 'test.attempt', {});
    const seen: [bigint, number][] = [];
    const handler = testJob('test.attempt', async (_payload, { jobId, attempt }) => {
      seen.push([jobId, attempt]);
      if (attempt < 3) throw new Error(`attempt ${attempt} fails`);
    });
    const w = worker({ handlers: [handler] });
    for (let i = 0; i < 3; i++) {
      await makeDue(id);
      await w.drain();
    }
    expect(seen).toEqual([
      [id, 1],
      [id, 2],
      [id, 3],
    ]);
    expect((await row(id)).done_at).toBeInstanceOf(Date);
  });

  it('the lower of the handler maxAttempts and the job max_attempts applies', async () => {
    const failing = testJob(
      'test.limited',
      async () => {
        throw new Error('always fails');
      },
      { maxAttempts: 2 },
    );
    const byHandler = await enqueueJob(db, 'test.limited', { n: 1 });
    const byJob = await enqueueJob(db, 'test.limited', { n: 2 }, { maxAttempts: 1 });
    const w = worker({ handlers: [failing] });
    for (let i = 0; i < 4; i++) {
      await makeDue(byHandler);
      await makeDue(byJob);
      await w.drain();
    }
    expect(await row(byHandler)).toMatchObject({ attempts: 2 });
    expect((await row(byHandler)).failed_at).toBeInstanceOf(Date);
    expect(await row(byJob)).toMatchObject({ attempts: 1 });
    expect((await row(byJob)).failed_at).toBeInstanceOf(Date);
  });
});

describe(`stopping (${engineName})`, () => {
  it('stop() lets the running job finish and hands back the unstarted ones, uncounted', async () => {
    for (let n = 1; n <= 3; n++) await enqueueJob(db, 'test.stop', { n });
    const started = deferred();
    const finish = deferred();
    const runs: number[] = [];
    let signalAtStop: boolean | undefined;
    const handler = testJob('test.stop', async (payload, { signal }) => {
      runs.push(present(payload.n));
      started.resolve();
      // This job does not listen to its signal: it finishes.
      await finish.promise;
      signalAtStop = signal.aborted;
    });
    const w = worker({ handlers: [handler], batchSize: 3 });
    const draining = w.drain();
    await started.promise;
    expect((await rowsOf('test.stop')).map((r) => r.attempts)).toEqual([1, 1, 1]);
    let stopped = false;
    const stopping = w.stop().then(() => (stopped = true));
    await sleep(100);
    expect(stopped).toBe(false);
    finish.resolve();
    await stopping;
    expect(await draining).toBe(1);
    expect(signalAtStop).toBe(true);
    expect(runs).toEqual([1]);

    const [done, ...handedBack] = await rowsOf('test.stop');
    expect(present(done).done_at).toBeInstanceOf(Date);
    for (const r of handedBack) {
      expect(r).toMatchObject({
        attempts: 0,
        lease_in: null,
        lease_token: null,
        done_at: null,
        failed_at: null,
        last_error: null,
      });
      expect(r.due_in).toBeLessThanOrEqual(0);
    }
    // Another worker takes them at once.
    expect(await worker({ handlers: [handler] }).drain()).toBe(2);
    expect(runs).toEqual([1, 2, 3]);
  });

  it('stop() aborts the running job through its signal: it is retried later', async () => {
    const id = await enqueueJob(db, 'test.abort', { n: 1 });
    const waiting = await enqueueJob(db, 'test.abort', { n: 2 });
    const started = deferred();
    const handler = testJob('test.abort', async (_payload, { signal }) => {
      started.resolve();
      throw await abortedWith(signal);
    });
    const w = worker({ handlers: [handler], batchSize: 2 });
    const draining = w.drain();
    await started.promise;
    await w.stop();
    expect(await draining).toBe(0);
    const r = await row(id);
    expect(r).toMatchObject({ attempts: 1, done_at: null, failed_at: null, lease_in: null });
    expect(r.last_error).toMatch(/worker stopping/);
    expect(r.due_in).toBeGreaterThan(0);
    expect(await row(waiting)).toMatchObject({ attempts: 0, lease_in: null, done_at: null });
    // Stopped: it runs nothing more.
    expect(await w.drain()).toBe(0);
  });

  it('polls on its own, and runs nothing once stopped', async () => {
    const id = await queueEmail(5);
    const w = worker({ poll: true, pollMs: 20 });
    await expect
      .poll(async () => (await row(id)).done_at, { timeout: 15_000 })
      .toBeInstanceOf(Date);
    expect(subjects()).toEqual(['Message 5']);
    await w.stop();
    const later = await queueEmail(6);
    await sleep(200);
    expect(await row(later)).toMatchObject({ attempts: 0, done_at: null });
    expect(subjects()).toEqual(['Message 5']);
  });
});

describe(`periodic jobs (${engineName})`, () => {
  const HOUR = 3_600_000;

  it('refuses a periodic kind without a handler', () => {
    expect(() =>
      startJobWorker({
        db,
        handlers: [],
        logger: captureLogger().logger,
        poll: false,
        periodic: [{ kind: 'test.nobody', everyMs: HOUR }],
      }),
    ).toThrow(TypeError);
  });

  it('is scheduled at start, once however many workers start, and rescheduled when done', async () => {
    let runs = 0;
    const handler = testJob('test.tick', async () => {
      runs++;
    });
    const periodic = [{ kind: 'test.tick', everyMs: HOUR }];
    const a = worker({ handlers: [handler], periodic });
    await expect.poll(async () => (await rowsOf('test.tick')).length, { timeout: 15_000 }).toBe(1);
    const [first] = await rowsOf('test.tick');
    expect(present(first)).toMatchObject({ dedupe_key: 'every:test.tick', payload: {} });
    expect(present(first).due_in).toBeLessThanOrEqual(0);

    // Another worker starting (a restart, a second server) adds none, and runs the one there is.
    const b = worker({ handlers: [handler], periodic });
    expect(await b.drain()).toBe(1);
    expect(runs).toBe(1);
    const rows = await rowsOf('test.tick');
    expect(rows).toHaveLength(2);
    expect(present(rows[0]).done_at).toBeInstanceOf(Date);
    // The next one, an hour later.
    expect(present(rows[1])).toMatchObject({
      dedupe_key: 'every:test.tick',
      attempts: 0,
      done_at: null,
    });
    expect(present(rows[1]).due_in).toBeGreaterThan(3_500);
    expect(present(rows[1]).due_in).toBeLessThanOrEqual(3_600.5);

    expect(await a.drain()).toBe(0);
    expect(await worker({ handlers: [handler], periodic }).drain()).toBe(0);
    expect(runs).toBe(1);
    expect(await unfinished('test.tick')).toHaveLength(1);
  });

  it('runs one at a time: a worker starting while it runs neither queues nor runs another', async () => {
    let running = 0;
    let most = 0;
    const started = deferred();
    const finish = deferred();
    const handler = testJob('test.tick', async () => {
      running++;
      most = Math.max(most, running);
      started.resolve();
      await finish.promise;
      running--;
    });
    const periodic = [{ kind: 'test.tick', everyMs: HOUR }];
    const a = worker({ handlers: [handler], periodic });
    const draining = a.drain();
    await started.promise;
    const b = worker({ handlers: [handler], periodic });
    expect(await b.drain()).toBe(0);
    expect(await unfinished('test.tick')).toHaveLength(1);
    finish.resolve();
    expect(await draining).toBe(1);
    expect(most).toBe(1);
    expect(await unfinished('test.tick')).toHaveLength(1);
    expect(await rowsOf('test.tick')).toHaveLength(2);
  });

  it('is rescheduled after its final failure', async () => {
    const { calls, logger } = captureLogger();
    const handler = testJob(
      'test.tick',
      async () => {
        throw new Error('sweep failed');
      },
      { maxAttempts: 2 },
    );
    const w = worker({
      handlers: [handler],
      periodic: [{ kind: 'test.tick', everyMs: HOUR }],
      logger,
    });
    expect(await w.drain()).toBe(0);
    let rows = await rowsOf('test.tick');
    expect(rows).toHaveLength(1);
    expect(present(rows[0])).toMatchObject({ attempts: 1, failed_at: null });
    expect(present(rows[0]).due_in).toBeGreaterThan(0);

    await makeDue(present(rows[0]).id);
    expect(await w.drain()).toBe(0);
    rows = await rowsOf('test.tick');
    expect(rows).toHaveLength(2);
    expect(present(rows[0]).failed_at).toBeInstanceOf(Date);
    expect(present(rows[0]).last_error).toBe('sweep failed');
    expect(present(rows[1])).toMatchObject({
      dedupe_key: 'every:test.tick',
      attempts: 0,
      failed_at: null,
      done_at: null,
    });
    expect(present(rows[1]).due_in).toBeGreaterThan(3_500);
    expect(calls.map((c) => c.level)).toEqual(['warn', 'error']);
  });

  it('is rescheduled after a permanent failure', async () => {
    const handler = testJob('test.tick', async () => {
      throw new PermanentJobError('cannot ever work');
    });
    const w = worker({ handlers: [handler], periodic: [{ kind: 'test.tick', everyMs: HOUR }] });
    expect(await w.drain()).toBe(0);
    const rows = await rowsOf('test.tick');
    expect(rows).toHaveLength(2);
    expect(present(rows[0])).toMatchObject({ attempts: 1, last_error: 'cannot ever work' });
    expect(present(rows[0]).failed_at).toBeInstanceOf(Date);
    expect(present(rows[1]).due_in).toBeGreaterThan(3_500);
  });
});

describe(`handlers (${engineName})`, () => {
  it('a worker only claims the kinds it has a handler for', async () => {
    const mine = await enqueueJob(db, 'test.mine', {});
    const theirs = await enqueueJob(db, 'test.theirs', {});
    const mail = await queueEmail(1);
    const seen: string[] = [];
    const w = worker({
      handlers: [
        testJob('test.mine', async (_payload, { jobId }) => {
          seen.push(String(jobId));
        }),
      ],
    });
    expect(await w.drain()).toBe(1);
    expect(seen).toEqual([String(mine)]);
    expect((await row(mine)).done_at).toBeInstanceOf(Date);
    for (const id of [theirs, mail]) {
      expect(await row(id)).toMatchObject({ attempts: 0, lease_in: null, done_at: null });
    }
    expect(smtp.received).toHaveLength(0);
  });

  it('PermanentJobError fails the job at once, payload kept', async () => {
    const id = await enqueueJob(db, 'test.permanent', { n: 1, secret: 'kept' });
    let runs = 0;
    const handler = testJob(
      'test.permanent',
      async () => {
        runs++;
        throw new PermanentJobError('recipient refused');
      },
      { redactWhenDone: () => ({}) },
    );
    const { calls, logger } = captureLogger();
    const w = worker({ handlers: [handler], logger });
    expect(await w.drain()).toBe(0);
    await makeDue(id);
    expect(await w.drain()).toBe(0);
    expect(runs).toBe(1);
    const r = await row(id);
    expect(r).toMatchObject({
      attempts: 1,
      max_attempts: 8,
      last_error: 'recipient refused',
      done_at: null,
      payload: { n: 1, secret: 'kept' },
    });
    expect(r.failed_at).toBeInstanceOf(Date);
    expect(calls.map((c) => c.level)).toEqual(['error']);
  });

  it('redactWhenDone replaces the payload once done; without it the payload stays', async () => {
    const redacted = await enqueueJob(db, 'test.redacted', { n: 1, secret: 'gone' });
    const retried = await enqueueJob(db, 'test.redacted', { n: 2, secret: 'kept while retrying' });
    const plain = await enqueueJob(db, 'test.plain', { n: 3, secret: 'stays' });
    const handlers = [
      testJob(
        'test.redacted',
        async (payload) => {
          if (payload.n === 2) throw new Error('not yet');
        },
        { redactWhenDone: (payload) => ({ n: payload.n }) },
      ),
      testJob('test.plain', async () => {}),
    ];
    expect(await worker({ handlers }).drain()).toBe(2);
    expect((await row(redacted)).payload).toEqual({ n: 1 });
    expect((await row(retried)).payload).toEqual({ n: 2, secret: 'kept while retrying' });
    expect((await row(plain)).payload).toEqual({ n: 3, secret: 'stays' });
  });
});

describe('retryDelayMs', () => {
  it('doubles from 5 s and stops at 1 h', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(retryDelayMs)).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 640_000,
    ]);
    expect(retryDelayMs(10)).toBe(2_560_000);
    expect(retryDelayMs(11)).toBe(3_600_000);
    expect(retryDelayMs(1_000)).toBe(3_600_000);
  });
});

describe(`a request that queues an email (${engineName})`, () => {
  let app: FastifyInstance;
  let seq = 0;

  beforeAll(async () => {
    app = await buildTestApp(database);
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
  });

  /** The sign-up module's own jobs: a sign-up queues a job that queues the email. */
  const authJobs = () => authModule.jobs?.(app.deps) ?? [];

  async function signup() {
    seq++;
    const tag = `${seq}${Date.now().toString(36)}`;
    const address = `jobs.${tag}@example.com`;
    const response = await new TestClient(app).post('/api/v1/auth/signup', {
      firstName: 'Grace',
      lastName: 'Hopper',
      username: `jobs_${tag}`,
      email: address,
      password: CUSTOMER_PASSWORD,
      acceptTerms: true,
    });
    return { response, address };
  }

  it('never waits for the mail server', async () => {
    const sending = deferred();
    const hanging: MailTransport = {
      kind: 'smtp',
      async send(_message, options) {
        sending.resolve();
        throw await abortedWith(present(options?.signal, 'signal'));
      },
      close() {},
    };
    worker({ handlers: [emailJob(hanging, SECRET), ...authJobs()], poll: true, pollMs: 20 });
    const first = await signup();
    expect(first.response.statusCode).toBe(201);
    // The worker is now stuck sending that email; further requests still answer.
    await sending.promise;
    const second = await signup();
    expect(second.response.statusCode).toBe(201);
    // Its work waits in the queue behind the stuck send.
    expect((await rowsOf(EMAIL_JOB)).map((r) => r.payload.to)).toEqual([first.address]);
    const waiting = await rowsOf('auth.signup');
    expect(waiting.map((r) => r.payload.email)).toContain(second.address);
  });

  it('never fails with the mail server, and the email goes once it is back', async () => {
    const { calls, logger } = captureLogger();
    const w = worker({
      handlers: [emailJob(transport, SECRET), ...authJobs()],
      poll: true,
      pollMs: 20,
      logger,
    });
    await smtp.stop();
    let address = '';
    try {
      const result = await signup();
      address = result.address;
      expect(result.response.statusCode).toBe(201);
      // The worker tried, failed, and will try again later.
      await expect
        .poll(async () => (await rowsOf(EMAIL_JOB))[0]?.last_error, { timeout: 15_000 })
        .toMatch(/ECONNREFUSED|ECONNECTION/);
      const [queued] = await rowsOf(EMAIL_JOB);
      expect(present(queued)).toMatchObject({ attempts: 1, done_at: null, failed_at: null });
      expect(calls.some((c) => c.level === 'warn')).toBe(true);
      // The code is in the queued body, but not in the log.
      const code = present(
        /verification code is (\d+)/.exec(
          openEmail(app.deps.config.secretKey, present(queued).payload as QueuedEmail).text,
        ),
      )[1];
      expect(JSON.stringify(calls)).not.toContain(code);
    } finally {
      await smtp.start();
    }
    await w.stop();
    const [queued] = await rowsOf(EMAIL_JOB);
    await makeDue(present(queued).id);
    expect(await worker().drain()).toBe(1);
    expect(smtp.received.map((m) => m.envelopeTo)).toEqual([[address]]);
    expect((await row(present(queued).id)).payload).toEqual({
      to: address,
      subject: present(queued).payload.subject,
    });
  });
});
