import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import type { DB } from '../../src/db/schema.js';
import { AppError } from '../../src/platform/errors.js';
import {
  createMailTransport,
  enqueueEmail,
  latestMessageTo,
  retryDelayMs,
  startOutboxWorker,
  type EmailMessage,
  type MailTransport,
  type OutboxWorker,
} from '../../src/platform/mail/index.js';
import { createTestDatabase, engineName } from '../helpers/database.js';
import {
  captureLogger,
  MAIL_FROM,
  present,
  startSmtpServer,
  type TestSmtpServer,
} from './mail-helpers.js';

/**
 * The outbox: emails are queued in the caller's transaction and delivered by a worker, against a
 * real SMTP server: once each, retried with backoff when the server refuses or is down, given up
 * after maxAttempts, and never twice when several workers drain at the same time.
 */
let database: Database;
let db: Kysely<DB>;
let smtp: TestSmtpServer;
let transport: MailTransport;
const workers: OutboxWorker[] = [];

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
  await sql`delete from outbox`.execute(db);
  smtp.received.length = 0;
  smtp.refuse = undefined;
  return async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
  };
});

function email(n: number | string, extra: Partial<EmailMessage> = {}): EmailMessage {
  return {
    to: `customer${n}@example.com`,
    subject: `Message ${n}`,
    text: `Hello ${n}, your code is 2468${n}.`,
    html: `<p>Hello ${n}, your code is <b>2468${n}</b>.</p>`,
    devHint: `code 2468${n}`,
    ...extra,
  };
}

function worker(options: Partial<Parameters<typeof startOutboxWorker>[0]> = {}) {
  const w = startOutboxWorker({
    db,
    transport,
    logger: captureLogger().logger,
    poll: false,
    ...options,
  });
  workers.push(w);
  return w;
}

interface Row {
  id: bigint;
  payload: Record<string, unknown>;
  attempts: number;
  sent_at: Date | null;
  failed_at: Date | null;
  last_error: string | null;
  /** next_attempt_at - now(), in seconds. */
  due_in: number;
}

async function row(id: bigint): Promise<Row> {
  const result = await sql<Row>`
    select id, payload, attempts, sent_at, failed_at, last_error,
           extract(epoch from next_attempt_at - now())::float8 as due_in
    from outbox where id = ${id}`.execute(db);
  return present(result.rows[0], 'outbox row');
}

/** Skips the wait for a retry: the message is due now. */
async function makeDue(id: bigint) {
  await sql`update outbox set next_attempt_at = now() - interval '1 second' where id = ${id}`.execute(
    db,
  );
}

function subjects() {
  return smtp.received.map((m) => m.parsed.subject);
}

describe(`enqueueEmail (${engineName})`, () => {
  it('queues a row in the caller transaction: a rollback leaves nothing', async () => {
    const rollback = new Error('rollback');
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueueEmail(trx, email(1));
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await db.selectFrom('outbox').select('id').execute()).toEqual([]);

    const id = await db.transaction().execute((trx) => enqueueEmail(trx, email(2)));
    expect(typeof id).toBe('bigint');
    const queued = await row(id);
    expect(queued).toMatchObject({
      attempts: 0,
      sent_at: null,
      failed_at: null,
      last_error: null,
      payload: email(2),
    });
    expect(queued.due_in).toBeLessThanOrEqual(0);
  });

  it('refuses a message that is not complete, with BAD_REQUEST, and queues nothing', async () => {
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
      { devHint: 'code 1\nforged log line' },
    ];
    for (const extra of bad) {
      const error = await enqueueEmail(db, email(1, extra)).catch((e: unknown) => e);
      expect(error, JSON.stringify(extra)).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('BAD_REQUEST');
    }
    expect(await db.selectFrom('outbox').select('id').execute()).toEqual([]);
  });
});

describe(`outbox worker (${engineName})`, () => {
  it('delivers due messages once, marks them sent and keeps no body', async () => {
    const ids = [];
    for (let i = 1; i <= 3; i++) ids.push(await enqueueEmail(db, email(i)));
    const w = worker();
    expect(await w.drain()).toBe(3);
    expect(subjects()).toEqual(['Message 1', 'Message 2', 'Message 3']);
    const first = present(smtp.received[0]).parsed;
    expect(first.text?.trim()).toBe('Hello 1, your code is 24681.');
    expect(first.html).toBe('<p>Hello 1, your code is <b>24681</b>.</p>');

    for (const id of ids) {
      const sent = await row(id);
      expect(sent.sent_at).toBeInstanceOf(Date);
      expect(sent).toMatchObject({ attempts: 0, failed_at: null, last_error: null });
      // The bodies (which may hold a code) are gone once delivered.
      expect(Object.keys(sent.payload).sort()).toEqual(['subject', 'to']);
    }

    // Nothing is due any more: draining again sends nothing.
    expect(await w.drain()).toBe(0);
    expect(smtp.received).toHaveLength(3);
  });

  it('does not send a message before its next_attempt_at', async () => {
    const id = await enqueueEmail(db, email(1));
    await sql`update outbox set next_attempt_at = now() + interval '1 hour' where id = ${id}`.execute(
      db,
    );
    expect(await worker().drain()).toBe(0);
    expect(smtp.received).toHaveLength(0);
    await makeDue(id);
    expect(await worker().drain()).toBe(1);
  });

  it('when the server refuses: attempts, last_error and the backoff grow, then it is delivered', async () => {
    const { calls, logger } = captureLogger();
    const w = worker({ logger });
    const id = await enqueueEmail(db, email(7));
    smtp.refuse = 'Greylisted, try again later';

    expect(await w.drain()).toBe(0);
    let r = await row(id);
    expect(r).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
    expect(r.last_error).toMatch(/451.*Greylisted/);
    expect(r.due_in).toBeGreaterThan(3);
    expect(r.due_in).toBeLessThanOrEqual(5);

    // Not due yet: another drain does not try again.
    expect(await w.drain()).toBe(0);
    expect((await row(id)).attempts).toBe(1);

    await makeDue(id);
    expect(await w.drain()).toBe(0);
    r = await row(id);
    expect(r.attempts).toBe(2);
    expect(r.due_in).toBeGreaterThan(8);
    expect(r.due_in).toBeLessThanOrEqual(10);

    smtp.refuse = undefined;
    await makeDue(id);
    expect(await w.drain()).toBe(1);
    r = await row(id);
    expect(r.sent_at).toBeInstanceOf(Date);
    expect(r).toMatchObject({ attempts: 2, failed_at: null });
    expect(subjects()).toEqual(['Message 7']);

    // The log says what failed, never the message's code or bodies.
    expect(calls.filter((c) => c.level === 'warn')).toHaveLength(2);
    expect(JSON.stringify(calls)).not.toContain('24687');
  });

  it('when the server is down: the error is recorded, and it is delivered once it is back', async () => {
    const w = worker();
    const id = await enqueueEmail(db, email(8));
    await smtp.stop();
    try {
      expect(await w.drain()).toBe(0);
      const r = await row(id);
      expect(r.attempts).toBe(1);
      expect(r.last_error).toMatch(/ECONNREFUSED|ECONNECTION/);
    } finally {
      await smtp.start();
    }
    await makeDue(id);
    expect(await w.drain()).toBe(1);
    expect((await row(id)).sent_at).toBeInstanceOf(Date);
    expect(subjects()).toEqual(['Message 8']);
  });

  it('gives up after maxAttempts: failed_at is set and it is not tried again', async () => {
    const { calls, logger } = captureLogger();
    const w = worker({ maxAttempts: 3, logger });
    const id = await enqueueEmail(db, email(9));
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
    const r = await row(id);
    expect(r).toMatchObject({ attempts: 3, sent_at: null });
    expect(r.failed_at).toBeInstanceOf(Date);
    expect(r.last_error).toMatch(/No thanks/);
    // Given up, the message is kept whole for an operator to look at.
    expect(r.payload).toEqual(email(9));
    expect(smtp.received).toHaveLength(0);
    expect(calls.map((c) => c.level)).toEqual(['warn', 'warn', 'error']);
  });

  it('gives up at once on a payload that is not an email', async () => {
    const { id } = await db
      .insertInto('outbox')
      .values({ kind: 'email', payload: JSON.stringify({ to: 'nobody' }) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const good = await enqueueEmail(db, email(10));
    expect(await worker().drain()).toBe(1);
    const r = await row(id);
    expect(r).toMatchObject({
      attempts: 1,
      sent_at: null,
      last_error: expect.stringMatching(/not a valid email/),
    });
    expect(r.failed_at).toBeInstanceOf(Date);
    expect((await row(good)).sent_at).toBeInstanceOf(Date);
  });

  it('two workers draining at once deliver each message exactly once', async () => {
    const count = 30;
    for (let i = 1; i <= count; i++) await enqueueEmail(db, email(i));
    const a = worker({ batchSize: 4 });
    const b = worker({ batchSize: 4 });
    const [sentByA, sentByB] = await Promise.all([a.drain(), b.drain()]);
    expect(sentByA + sentByB).toBe(count);
    expect(subjects()).toHaveLength(count);
    expect(new Set(subjects()).size).toBe(count);
    const unsent = await db
      .selectFrom('outbox')
      .select('id')
      .where('sent_at', 'is', null)
      .execute();
    expect(unsent).toEqual([]);
  });

  it('four workers with a slow transport: no message is ever in two sends at once', async () => {
    const count = 40;
    for (let i = 1; i <= count; i++) await enqueueEmail(db, email(i));
    const inFlight = new Set<string>();
    const sends: string[] = [];
    let overlap = false;
    const slow: MailTransport = {
      kind: 'smtp',
      async send(message) {
        if (inFlight.has(message.subject)) overlap = true;
        inFlight.add(message.subject);
        await new Promise((resolve) => setTimeout(resolve, 5));
        sends.push(message.subject);
        inFlight.delete(message.subject);
      },
      close() {},
    };
    const all = [1, 2, 3, 4].map(() => worker({ transport: slow, batchSize: 3 }));
    const counts = await Promise.all(all.map((w) => w.drain()));
    expect(counts.reduce((x, y) => x + y, 0)).toBe(count);
    expect(overlap).toBe(false);
    expect(sends).toHaveLength(count);
    expect(new Set(sends).size).toBe(count);
    // The work was shared: sends ran while other workers claimed.
    expect(counts.filter((n) => n > 0).length).toBeGreaterThan(1);
  });

  it.skipIf(engineName === 'pglite')(
    'skips rows another transaction has locked instead of waiting for them',
    async () => {
      const locked = await enqueueEmail(db, email(1));
      const free = await enqueueEmail(db, email(2));
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let lockTaken!: () => void;
      const taken = new Promise<void>((resolve) => (lockTaken = resolve));
      const holder = db.transaction().execute(async (trx) => {
        await sql`select id from outbox where id = ${locked} for update`.execute(trx);
        lockTaken();
        await held;
      });
      await taken;
      try {
        expect(await worker().drain()).toBe(1);
        expect(subjects()).toEqual(['Message 2']);
        expect((await row(free)).sent_at).toBeInstanceOf(Date);
        expect((await row(locked)).sent_at).toBeNull();
      } finally {
        release();
        await holder;
      }
      expect(await worker().drain()).toBe(1);
      expect(subjects()).toEqual(['Message 2', 'Message 1']);
    },
  );

  it('a worker whose claim was taken over cannot change the row any more', async () => {
    const id = await enqueueEmail(db, email(3));
    const hijacked: MailTransport = {
      kind: 'smtp',
      async send() {
        // Meanwhile (as if this worker had stalled past its lease) another one claims the row.
        await sql`update outbox set next_attempt_at = now() + interval '1 hour' where id = ${id}`.execute(
          db,
        );
        throw new Error('too late');
      },
      close() {},
    };
    expect(await worker({ transport: hijacked }).drain()).toBe(0);
    expect(await row(id)).toMatchObject({ attempts: 0, last_error: null, sent_at: null });
  });

  it('a message claimed by a worker that died is sent again once the claim runs out', async () => {
    const id = await enqueueEmail(db, email(4));
    const dying: MailTransport = {
      kind: 'smtp',
      send: () => new Promise<void>(() => {}),
      close() {},
    };
    // A worker claims the message and never finishes (its process is gone).
    const stuck = startOutboxWorker({
      db,
      transport: dying,
      logger: captureLogger().logger,
      poll: false,
    });
    void stuck.drain();
    await expect.poll(async () => (await row(id)).due_in).toBeGreaterThan(60);
    // Others leave it alone while the claim stands...
    expect(await worker().drain()).toBe(0);
    // ...and deliver it when it runs out: at least once.
    await makeDue(id);
    expect(await worker().drain()).toBe(1);
    expect(subjects()).toEqual(['Message 4']);
  });

  it('polls on its own, and stop() waits for the send in progress', async () => {
    let finishSend!: () => void;
    let sendStarted!: () => void;
    const started = new Promise<void>((resolve) => (sendStarted = resolve));
    const gated: MailTransport = {
      kind: 'smtp',
      async send(message) {
        sendStarted();
        await new Promise<void>((resolve) => (finishSend = resolve));
        await transport.send(message);
      },
      close() {},
    };
    const id = await enqueueEmail(db, email(5));
    const w = startOutboxWorker({
      db,
      transport: gated,
      logger: captureLogger().logger,
      intervalMs: 20,
    });
    workers.push(w);
    await started;
    let stopped = false;
    const stopping = w.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    finishSend();
    await stopping;
    expect((await row(id)).sent_at).toBeInstanceOf(Date);

    // Stopped: a new message stays queued.
    const later = await enqueueEmail(db, email(6));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await row(later)).sent_at).toBeNull();
  });

  it('a request that enqueues never waits for, nor fails with, the mail server', async () => {
    const { calls, logger } = captureLogger();
    workers.push(startOutboxWorker({ db, transport, logger, intervalMs: 20 }));
    await smtp.stop();
    try {
      const started = performance.now();
      const id = await db.transaction().execute((trx) => enqueueEmail(trx, email(11)));
      expect(performance.now() - started).toBeLessThan(2_000);
      await expect.poll(async () => (await row(id)).attempts).toBe(1);
      expect(calls.some((c) => c.level === 'warn')).toBe(true);
    } finally {
      await smtp.start();
    }
  });

  it('delivers through the local mailbox as well', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bank-outbox-'));
    try {
      const { calls, logger } = captureLogger();
      const local = createMailTransport({ from: MAIL_FROM, dataDir, logger });
      await enqueueEmail(db, email(12));
      expect(await worker({ transport: local }).drain()).toBe(1);
      const stored = await latestMessageTo(dataDir, 'customer12@example.com');
      expect(stored).toMatchObject({
        subject: 'Message 12',
        text: 'Hello 12, your code is 246812.',
      });
      expect(calls[0]?.obj).toMatchObject({ devHint: 'code 246812' });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('retryDelayMs', () => {
  it('doubles from 5 s and stops at 1 h', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelayMs)).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 320_000,
    ]);
    expect(retryDelayMs(10)).toBe(2_560_000);
    expect(retryDelayMs(11)).toBe(3_600_000);
    expect(retryDelayMs(1_000)).toBe(3_600_000);
  });
});
