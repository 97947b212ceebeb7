import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import { AppError } from '../../src/platform/errors.js';
import {
  createMailTransport,
  latestMessageTo,
  listMailbox,
  MailSendError,
  mailboxDir,
  readMailboxMessage,
  type EmailMessage,
} from '../../src/platform/mail/index.js';
import { safeErrorText } from '../../src/platform/safe-error.js';
import { buildTestApp } from '../helpers/app.js';
import { createTestDatabase, engineName } from '../helpers/database.js';
import {
  captureLogger,
  MAIL_FROM,
  present,
  startSmtpServer,
  type TestSmtpServer,
} from './mail-helpers.js';

let smtp: TestSmtpServer;
let dataDir: string;

const message: EmailMessage = {
  to: 'ada@example.com',
  subject: 'Your verification code',
  text: 'Your code is 481516. It expires in 10 minutes.',
  html: '<p>Your code is <strong>481516</strong>. It expires in 10 minutes.</p>',
};

beforeAll(async () => {
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp?.stop();
});

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'bank-mail-'));
  smtp.received.length = 0;
  smtp.refuse = undefined;
  return () => rm(dataDir, { recursive: true, force: true });
});

describe('SMTP transport', () => {
  it('delivers to a real SMTP server: to, from, subject, text and HTML bodies', async () => {
    const { calls, logger } = captureLogger();
    const transport = createMailTransport({ smtpUrl: smtp.url, from: MAIL_FROM, dataDir, logger });
    expect(transport.kind).toBe('smtp');
    try {
      await transport.send(message);
    } finally {
      transport.close();
    }

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.envelopeTo).toEqual(['ada@example.com']);
    const parsed = present(mail, 'received mail').parsed;
    const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
    expect(to?.value).toEqual([{ address: 'ada@example.com', name: '' }]);
    expect(parsed.from?.value).toEqual([{ address: 'no-reply@bank.example', name: 'Cedar Bank' }]);
    expect(parsed.subject).toBe('Your verification code');
    expect(parsed.text?.trim()).toBe(message.text);
    expect(parsed.html).toBe(message.html);

    // SMTP mode: no body reaches the log, and nothing is written to disk.
    const logged = JSON.stringify(calls);
    expect(logged).not.toContain('481516');
    expect(logged).not.toContain('verification code');
    await expect(stat(mailboxDir(dataDir))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('sends a text-only message when there is no HTML body', async () => {
    const transport = createMailTransport({
      smtpUrl: smtp.url,
      from: MAIL_FROM,
      dataDir,
      logger: captureLogger().logger,
    });
    try {
      await transport.send({ ...message, html: '' });
    } finally {
      transport.close();
    }
    expect(smtp.received[0]?.parsed.text?.trim()).toBe(message.text);
    expect(smtp.received[0]?.parsed.html).toBe(false);
  });

  it('rejects with a MailSendError carrying the server answer when the server refuses', async () => {
    smtp.refuse = 'Mailbox busy, try later';
    const { calls, logger } = captureLogger();
    const transport = createMailTransport({ smtpUrl: smtp.url, from: MAIL_FROM, dataDir, logger });
    try {
      const error = await transport.send(message).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MailSendError);
      expect((error as Error).message).toMatch(/451.*Mailbox busy/);
      expect((error as Error).message).not.toContain('481516');
    } finally {
      transport.close();
    }
    expect(JSON.stringify(calls)).not.toContain('481516');
  });

  it('never puts the SMTP password in an error', async () => {
    const guarded = await startSmtpServer({ auth: { user: 'bank', pass: 'right-password' } });
    const url = `smtp://bank:Wr0ng-s3cret@127.0.0.1:${guarded.port}/?ignoreTLS=true`;
    const transport = createMailTransport({
      smtpUrl: url,
      from: MAIL_FROM,
      dataDir,
      logger: captureLogger().logger,
    });
    try {
      const error = await transport.send(message).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MailSendError);
      expect((error as Error).message).toMatch(/535|auth/i);
      expect((error as Error).message).not.toContain('Wr0ng-s3cret');
      expect(guarded.received).toHaveLength(0);
    } finally {
      transport.close();
      await guarded.stop();
    }
  });

  it('refuses a message that is not complete before talking to the server', async () => {
    const transport = createMailTransport({
      smtpUrl: smtp.url,
      from: MAIL_FROM,
      dataDir,
      logger: captureLogger().logger,
    });
    try {
      await expect(
        transport.send({ ...message, to: 'ada@example.com\r\nBcc: eve@example.com' }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      await expect(
        transport.send({ ...message, subject: 'Hi\r\nBcc: eve@example.com' }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    } finally {
      transport.close();
    }
    expect(smtp.received).toHaveLength(0);
  });
});

describe('local mailbox transport', () => {
  it('writes a private JSON file, readable through the mailbox API, and logs no code or address', async () => {
    const { calls, logger } = captureLogger();
    const transport = createMailTransport({ from: MAIL_FROM, dataDir, logger });
    expect(transport.kind).toBe('mailbox');
    await transport.send(message);

    const list = await listMailbox(dataDir, { limit: 10 });
    expect(list).toHaveLength(1);
    const entry = present(list[0], 'mailbox entry');
    expect(entry).toMatchObject({ to: 'ada@example.com', subject: 'Your verification code' });
    expect(Object.keys(entry).sort()).toEqual(['createdAt', 'id', 'subject', 'to']);

    const stored = await readMailboxMessage(dataDir, entry.id);
    expect(stored).toEqual({
      id: entry.id,
      to: 'ada@example.com',
      from: MAIL_FROM,
      subject: 'Your verification code',
      text: message.text,
      html: message.html,
      createdAt: entry.createdAt,
    });
    expect(Date.parse(present(stored).createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const files = await readdir(mailboxDir(dataDir));
    expect(files).toEqual([`${entry.id}.json`]);
    expect((await stat(path.join(mailboxDir(dataDir), present(files[0])))).mode & 0o777).toBe(
      0o600,
    );
    expect((await stat(mailboxDir(dataDir))).mode & 0o777).toBe(0o700);

    // One info line naming the saved message by its id, and nothing from the message itself:
    // no code, no address, no body.
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ level: 'info', obj: { mailboxId: entry.id } });
    const line = JSON.stringify(calls[0]);
    for (const secret of ['481516', 'ada@example.com', 'expires in 10 minutes']) {
      expect(line).not.toContain(secret);
    }
  });

  it('lists newest first, honours the limit, and finds the latest message to an address', async () => {
    const transport = createMailTransport({
      from: MAIL_FROM,
      dataDir,
      logger: captureLogger().logger,
    });
    for (let i = 1; i <= 5; i++) {
      await transport.send({
        ...message,
        to: i % 2 ? 'ada@example.com' : 'bob@example.com',
        subject: `Message ${i}`,
      });
    }
    const all = await listMailbox(dataDir);
    expect(all.map((m) => m.subject)).toEqual([
      'Message 5',
      'Message 4',
      'Message 3',
      'Message 2',
      'Message 1',
    ]);
    expect((await listMailbox(dataDir, { limit: 2 })).map((m) => m.subject)).toEqual([
      'Message 5',
      'Message 4',
    ]);
    expect((await latestMessageTo(dataDir, 'BOB@example.com'))?.subject).toBe('Message 4');
    expect((await latestMessageTo(dataDir, 'ada@example.com'))?.subject).toBe('Message 5');
    expect(await latestMessageTo(dataDir, 'nobody@example.com')).toBeUndefined();
  });

  it('an empty or missing mailbox lists nothing', async () => {
    expect(await listMailbox(dataDir)).toEqual([]);
    expect(await latestMessageTo(dataDir, 'ada@example.com')).toBeUndefined();
  });

  it('refuses ids that are not mailbox ids (no path traversal), and misses unknown ones', async () => {
    const bad = [
      '../x',
      '../../secret.key',
      '..',
      '',
      '2026-01-31T09-15-02-123Z-9f86d081884c7d65.json',
      '2026-01-31T09-15-02-123Z-9f86d081884c7d65/../../x',
      '/etc/passwd',
      '2026-01-31T09-15-02-123Z-9F86D081884C7D65',
    ];
    for (const id of bad) {
      const error = await readMailboxMessage(dataDir, id).catch((e: unknown) => e);
      expect(error, id).toBeInstanceOf(AppError);
      expect((error as AppError).code, id).toBe('BAD_REQUEST');
    }
    expect(await readMailboxMessage(dataDir, '2026-01-31T09-15-02-123Z-9f86d081884c7d65')).toBe(
      undefined,
    );
  });
});

describe('safeErrorText', () => {
  it('keeps one short line: code and message, credentials and secrets blanked', () => {
    const error = Object.assign(
      new Error('connect failed to smtps://user:hunter22@mail.example.com\n  at somewhere'),
      { code: 'ECONNECTION' },
    );
    const text = safeErrorText(error, ['hunter22']);
    expect(text).toBe(
      'ECONNECTION: connect failed to smtps://[redacted]@mail.example.com at somewhere',
    );
    expect(safeErrorText(new Error('x'.repeat(2_000)))).toHaveLength(500);
    expect(safeErrorText('plain string')).toBe('plain string');
    expect(safeErrorText(new Error(''))).toBe('unknown error');
  });
});

describe(`dev mailbox pages (${engineName})`, () => {
  let database: Database;
  let app: FastifyInstance;
  let pagesDir: string;

  beforeAll(async () => {
    pagesDir = await mkdtemp(path.join(tmpdir(), 'bank-mailbox-pages-'));
    database = await createTestDatabase({ poolSize: 2 });
    app = await buildTestApp(database, { devMailbox: { dataDir: pagesDir, host: '127.0.0.1' } });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(pagesDir, { recursive: true, force: true });
  });

  async function send(extra: Partial<EmailMessage>) {
    const transport = createMailTransport({
      from: MAIL_FROM,
      dataDir: pagesDir,
      logger: captureLogger().logger,
    });
    await transport.send({ ...message, ...extra });
    return present((await listMailbox(pagesDir, { limit: 1 }))[0]);
  }

  function expectSafePage(response: { headers: Record<string, unknown>; body: string }) {
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
    // No script, no inline style, no frame, no event handler: escaped text only.
    expect(response.body).not.toMatch(/<script|<style|<iframe|<[a-z][^>]*\s(style|on[a-z]+)=/i);
  }

  it('lists the messages newest first, each linking to its page', async () => {
    const first = await send({ subject: 'First' });
    const second = await send({ subject: 'Second & <b>bold</b>' });
    const response = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(response.statusCode).toBe(200);
    expectSafePage(response);
    const body = response.body;
    expect(body).toContain(
      `<a href="/dev/mailbox/${second.id}">Second &amp; &lt;b&gt;bold&lt;/b&gt;</a>`,
    );
    expect(body).toContain(`<a href="/dev/mailbox/${first.id}">First</a>`);
    expect(body.indexOf(second.id)).toBeLessThan(body.indexOf(first.id));
    expect(body).toContain('ada@example.com');
  });

  it('shows one message with its headers and text body, every value escaped', async () => {
    const evil = await send({
      subject: '<script>alert(1)</script>',
      to: 'eve@example.com',
      text: 'Hello <img src=x onerror=alert(1)> & "bye"',
    });
    const response = await app.inject({ method: 'GET', url: `/dev/mailbox/${evil.id}` });
    expect(response.statusCode).toBe(200);
    expectSafePage(response);
    expect(response.body).toContain('<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(response.body).toContain('<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(response.body).toContain(
      '<pre>Hello &lt;img src=x onerror=alert(1)&gt; &amp; &quot;bye&quot;</pre>',
    );
    expect(response.body).toContain('eve@example.com');
    expect(response.body).toContain(
      MAIL_FROM.replaceAll('"', '&quot;').replace('<', '&lt;').replace('>', '&gt;'),
    );
    expect(response.body).toContain(`<a href="/dev/mailbox/${evil.id}.json">raw JSON</a>`);
    // The HTML body is only in the JSON, never rendered.
    expect(response.body).not.toContain('<strong>');
  });

  it('serves the raw message as JSON', async () => {
    const entry = await send({ subject: 'As JSON' });
    const response = await app.inject({ method: 'GET', url: `/dev/mailbox/${entry.id}.json` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      id: entry.id,
      to: 'ada@example.com',
      from: MAIL_FROM,
      subject: 'As JSON',
      text: message.text,
      html: message.html,
      createdAt: entry.createdAt,
    });
  });

  it('answers 404 for an unknown id and 400 for anything that is not an id', async () => {
    const unknown = '2000-01-01T00-00-00-000Z-0000000000000000';
    const page = await app.inject({ method: 'GET', url: `/dev/mailbox/${unknown}` });
    expect(page.statusCode).toBe(404);
    expectSafePage(page);
    expect(page.body).toContain('Message not found');

    const json = await app.inject({ method: 'GET', url: `/dev/mailbox/${unknown}.json` });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toMatchObject({ code: 'NOT_FOUND' });

    for (const url of ['/dev/mailbox/..%2Fsecret.key', '/dev/mailbox/x.json']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    // A dot-dot segment never reaches the handler at all.
    const dots = await app.inject({ method: 'GET', url: '/dev/mailbox/%2e%2e' });
    expect([400, 404]).toContain(dots.statusCode);
  });
});
