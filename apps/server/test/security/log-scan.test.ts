import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import { loggerOptions } from '../../src/platform/logging.js';
import { buildTestApp } from '../helpers/app.js';
import { createTestDatabase, engineName } from '../helpers/database.js';
import { TestClient } from '../helpers/http.js';
import { mailTo } from '../helpers/mail.js';
import { multipartBody } from '../helpers/multipart.js';
import { authenticatorCode, createStaff, rememberAuthenticator } from '../helpers/staff.js';

/**
 * The log of a whole journey, at the level production runs (info) and below (debug), is
 * searched for every secret the journey handled: passwords, emailed codes, the reset link's
 * email and code, session tokens, the staff authenticator key, its codes and the recovery codes.
 * None may be there, whatever path a request took (pages, API, errors).
 */
let database: Database;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database, {
    logger: { ...loggerOptions('debug'), stream: { write: (line: string) => lines.push(line) } },
  });
  // A route whose query fails with a secret as a bound parameter: its 500 is logged.
  app.get('/test/database-error', async () => {
    await sql`select * from no_such_table where secret = ${'BOUND-SECRET-PARAMETER'}`.execute(
      database.db,
    );
    return 'unreachable';
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** Every secret seen during the journey, to look for in the log afterwards. */
const secrets = new Set<string>();

function codeIn(text: string, pattern: RegExp): string {
  const code = pattern.exec(text)?.[1];
  if (!code) throw new Error(`no code in: ${text.slice(0, 200)}`);
  secrets.add(code);
  return code;
}

describe(`log scan (${engineName})`, () => {
  it('a journey from sign-up to staff review leaves no secret in the log', async () => {
    const email = `log.scan.${Date.now().toString(36)}@example.com`;
    const password = 'quiet river mosaic lantern';
    const newPassword = 'copper meadow quietly sings';
    secrets.add(password).add(newPassword).add(email).add(encodeURIComponent(email));

    // Sign up, verify with the emailed code, ask for another code.
    const customer = new TestClient(app);
    await customer.post('/api/v1/auth/signup', {
      firstName: 'Lena',
      lastName: 'Scanner',
      username: `lena_${Date.now().toString(36)}`,
      email,
      password,
      acceptTerms: true,
    });
    await customer.post('/api/v1/auth/resend-verification', { email });
    const verification = (await mailTo(app, email)).find((m) => /verification/.test(m.subject));
    const code = codeIn(verification?.text ?? '', /verification code is (\d{6})/);
    await customer.post('/api/v1/auth/verify-email', { email, code: '000000' });
    const verified = await customer.post('/api/v1/auth/verify-email', { email, code });
    expect(verified.statusCode).toBe(200);
    if (customer.cookie) secrets.add(customer.cookie.split('=')[1] ?? '');

    // Identity documents.
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#abc' } })
      .png()
      .toBuffer();
    const { payload, contentType } = multipartBody([
      { name: 'country', value: 'GB' },
      { name: 'phone', value: '07911 123456' },
      { name: 'homeAddress', value: '1 High Street, London' },
      { name: 'documentType', value: "Driver's License" },
      ...['pic', 'idcardFront', 'idcardBack'].map((name) => ({
        name,
        value: png,
        fileName: 'x.png',
        type: 'image/png',
      })),
    ]);
    await app.inject({
      method: 'POST',
      url: '/api/v1/kyc/submission',
      payload,
      headers: { 'content-type': contentType, 'x-bank-csrf': '1', cookie: customer.cookie ?? '' },
    });

    // Wrong and right passwords; forgot; the emailed link opened; reset with the code.
    await new TestClient(app).post('/api/v1/auth/signin', { email, password: 'a wrong password' });
    await new TestClient(app).post('/api/v1/auth/signin', { email, password });
    await new TestClient(app).post('/api/v1/auth/forgot', { email });
    const resetMail = (await mailTo(app, email)).find((m) => /Reset your/.test(m.subject));
    const resetCode = codeIn(resetMail?.text ?? '', /password reset code is (\d{6})/);
    const link = /(http[^\s\]]+\/auth\/reset\/[^\s\]]+)/.exec(resetMail?.text ?? '')?.[1] ?? '';
    const path = new URL(link).pathname;
    await app.inject({ method: 'GET', url: path });
    await app.inject({
      method: 'GET',
      url: `${path}?email=${encodeURIComponent(email)}&code=${resetCode}`,
    });
    await app.inject({
      method: 'GET',
      url: `/api/v1/nowhere/${encodeURIComponent(email)}/${resetCode}`,
    });
    await new TestClient(app).post('/api/v1/auth/reset', { email, code: resetCode, newPassword });

    // Staff: password, authenticator set-up, codes, recovery codes, a second sign-in.
    const staff = {
      email: `staff.scan.${Date.now().toString(36)}@bank.example`,
      password: 'granite harbour lighthouse keeper',
    };
    secrets.add(staff.password).add(staff.email);
    await createStaff(database, staff);
    const admin = new TestClient(app);
    await admin.post('/api/v1/auth/signin', staff);
    if (admin.cookie) secrets.add(admin.cookie.split('=')[1] ?? '');
    const setup = (await admin.post('/api/v1/auth/mfa/setup')).json();
    secrets.add(setup.secret);
    rememberAuthenticator(staff.email, setup.secret);
    await admin.post('/api/v1/auth/mfa/enrol', { code: '000000' });
    const first = await authenticatorCode(staff.email);
    secrets.add(first);
    const enrolled = await admin.post('/api/v1/auth/mfa/enrol', { code: first });
    for (const recovery of enrolled.json().recoveryCodes as string[]) {
      secrets.add(recovery).add(recovery.replace('-', ''));
    }
    if (admin.cookie) secrets.add(admin.cookie.split('=')[1] ?? '');
    await admin.get('/api/v1/staff/kyc/queue');
    const again = new TestClient(app);
    await again.post('/api/v1/auth/signin', staff);
    await again.post('/api/v1/auth/mfa/verify', {
      recoveryCode: (enrolled.json().recoveryCodes as string[])[0],
    });

    // An invitation: the emailed link opened, looked up, accepted with a password.
    const invitee = `invitee.scan.${Date.now().toString(36)}@bank.example`;
    const inviteePassword = 'lichen harbour gently rowing';
    secrets.add(invitee).add(inviteePassword);
    await admin.post('/api/v1/staff/team/invitations', {
      email: invitee,
      firstName: 'Ines',
      lastName: 'Vitee',
      roles: ['kyc_reviewer'],
    });
    const invitation = (await mailTo(app, invitee)).find((m) => /invited/.test(m.subject));
    const token = codeIn(invitation?.text ?? '', /\/auth\/staff\/invitation\/([A-Za-z0-9_-]{43})/);
    await app.inject({ method: 'GET', url: `/wp-user/auth/staff/invitation/${token}` });
    await new TestClient(app).post('/api/v1/auth/staff-invitation', { token });
    const accepted = await new TestClient(app).post('/api/v1/auth/staff-invitation/accept', {
      token,
      password: inviteePassword,
    });
    expect(accepted.statusCode).toBe(200);

    // A database error with a bound parameter.
    secrets.add('BOUND-SECRET-PARAMETER');
    expect((await app.inject({ method: 'GET', url: '/test/database-error' })).statusCode).toBe(500);

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(30);
    // The log is useful: requests and the failed query are there, by their routes.
    expect(log).toContain('/api/v1/auth/signin');
    expect(log).toContain('/wp-user/auth/reset/[redacted]');
    expect(log).toContain('/wp-user/auth/staff/invitation/[redacted]');
    expect(log).toContain('42P01');
    const found: string[] = [];
    for (const secret of secrets) {
      if (!secret) continue;
      // Digits only count as a code when they stand alone (not inside an id or a timing).
      const pattern = /^\d+$/.test(secret)
        ? new RegExp(`(?<![0-9a-f.])${secret}(?![0-9a-f])`, 'i')
        : new RegExp(secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
      if (pattern.test(log)) found.push(secret);
    }
    expect(found).toEqual([]);

    // Nor is any code, password or token readable in the job queue (emails wait sealed).
    const queue = (
      await sql<{ payload: string }>`select payload::text as payload from jobs`.execute(database.db)
    ).rows
      .map((r) => r.payload)
      .join('\n');
    const inQueue = [code, resetCode, password, newPassword, staff.password, setup.secret].filter(
      (secret) => queue.includes(secret),
    );
    expect(inQueue).toEqual([]);
  });
});
