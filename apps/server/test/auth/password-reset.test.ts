import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import { buildTestApp } from '../helpers/app.js';
import { createTestDatabase } from '../helpers/database.js';
import { TestClient } from '../helpers/http.js';
import { runJobs } from '../helpers/jobs.js';
import { mailTo as mailToDb } from '../helpers/mail.js';

let database: Database;
let app: FastifyInstance;
let seq = 0;
const PASSWORD = 'velvet tram orbit lantern';
const NEW_PASSWORD = 'copper meadow quietly sings';
const CHECK_EMAIL = { message: 'Check your Email for further instructions.' };

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const mailTo = (email: string) => mailToDb(app, email);

async function resetCode(email: string) {
  const mail = (await mailTo(email)).find((m) => /Reset your/.test(m.subject));
  const match = /password reset code is (\d{6})[\s\S]*?(http[^\s\]]+)/.exec(mail?.text ?? '');
  if (!match?.[1] || !match[2]) throw new Error('no reset email');
  return { code: match[1], link: match[2] };
}

/** An approved customer, signed in on one client. */
async function customer() {
  seq += 1;
  const email = `grace.${seq}.${Date.now().toString(36)}@example.com`;
  const client = new TestClient(app);
  await client.post('/api/v1/auth/signup', {
    firstName: 'Grace',
    lastName: 'Hopper',
    username: `grace_${seq}_${Date.now().toString(36)}`,
    email,
    password: PASSWORD,
    acceptTerms: true,
  });
  await runJobs(app);
  await database.db
    .updateTable('users')
    .set({ email_verified_at: new Date(), kyc_status: 'approved' })
    .where('email', '=', email)
    .execute();
  const signin = await client.post('/api/v1/auth/signin', { email, password: PASSWORD });
  expect(signin.json()).toEqual({ next: 'dashboard' });
  return { email, client };
}

describe('forgot password', () => {
  it('says the same whether or not the email has an account, and mails only a real one', async () => {
    const { email } = await customer();
    const known = await new TestClient(app).post('/api/v1/auth/forgot', { email });
    const unknown = await new TestClient(app).post('/api/v1/auth/forgot', {
      email: 'nobody.here@example.com',
    });
    expect(known.json()).toEqual(CHECK_EMAIL);
    expect(unknown.json()).toEqual(CHECK_EMAIL);
    const { code, link } = await resetCode(email);
    expect(code).toMatch(/^\d{6}$/);
    expect(link).toBe(`http://bank.test/wp-user/auth/reset/${encodeURIComponent(email)}/${code}`);
    expect(await mailTo('nobody.here@example.com')).toEqual([]);
  });
});

describe('reset password', () => {
  it('sets the new password, signs out every session, and tells the person', async () => {
    const { email, client } = await customer();
    await new TestClient(app).post('/api/v1/auth/forgot', { email });
    const { code } = await resetCode(email);
    const reset = await new TestClient(app).post('/api/v1/auth/reset', {
      email,
      code,
      newPassword: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toMatch(/^Action Successful!/);

    expect((await client.get('/api/v1/auth/me')).statusCode).toBe(401);
    const old = await new TestClient(app).post('/api/v1/auth/signin', {
      email,
      password: PASSWORD,
    });
    expect(old.statusCode).toBe(401);
    const fresh = await new TestClient(app).post('/api/v1/auth/signin', {
      email,
      password: NEW_PASSWORD,
    });
    expect(fresh.json()).toEqual({ next: 'dashboard' });
    expect((await mailTo(email))[0]?.subject).toMatch(/password was changed/);
    // Single use.
    const again = await new TestClient(app).post('/api/v1/auth/reset', {
      email,
      code,
      newPassword: 'another fine long phrase',
    });
    expect(again.statusCode).toBe(422);
  });

  it('refuses a weak new password without spending the code', async () => {
    const { email } = await customer();
    await new TestClient(app).post('/api/v1/auth/forgot', { email });
    const { code } = await resetCode(email);
    const weak = await new TestClient(app).post('/api/v1/auth/reset', {
      email,
      code,
      newPassword: 'password1',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0]).toMatchObject({ path: 'body.newPassword' });
    const ok = await new TestClient(app).post('/api/v1/auth/reset', {
      email,
      code,
      newPassword: NEW_PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('stops a brute force: five wrong codes end the code, and an expired one never works', async () => {
    const { email } = await customer();
    await new TestClient(app).post('/api/v1/auth/forgot', { email });
    const { code } = await resetCode(email);
    const wrong = code === '999999' ? '000000' : '999999';
    for (let i = 0; i < 5; i++) {
      const attempt = await new TestClient(app).post('/api/v1/auth/reset', {
        email,
        code: wrong,
        newPassword: NEW_PASSWORD,
      });
      expect(attempt.statusCode).toBe(422);
    }
    const right = await new TestClient(app).post('/api/v1/auth/reset', {
      email,
      code,
      newPassword: NEW_PASSWORD,
    });
    expect(right.statusCode).toBe(422);
    // Used up: the same words as any wrong code, which tell a stranger nothing.
    expect(right.json().detail).toMatch(/wrong or has expired/);

    await sql`update one_time_codes set created_at = now() - interval '2 minutes'`.execute(
      database.db,
    );
    await new TestClient(app).post('/api/v1/auth/forgot', { email });
    const second = await resetCode(email);
    await sql`update one_time_codes set expires_at = now() - interval '1 second'
              where consumed_at is null and purpose = 'password_reset'`.execute(database.db);
    const expired = await new TestClient(app).post('/api/v1/auth/reset', {
      email,
      code: second.code,
      newPassword: NEW_PASSWORD,
    });
    expect(expired.statusCode).toBe(422);
    const still = await new TestClient(app).post('/api/v1/auth/signin', {
      email,
      password: PASSWORD,
    });
    expect(still.statusCode).toBe(200);
  });

  it('lifts a sign-in lock', async () => {
    const { email } = await customer();
    for (let i = 0; i < 5; i++) {
      await new TestClient(app).post('/api/v1/auth/signin', { email, password: `nope ${i}` });
    }
    await new TestClient(app).post('/api/v1/auth/forgot', { email });
    const { code } = await resetCode(email);
    await new TestClient(app).post('/api/v1/auth/reset', {
      email,
      code,
      newPassword: NEW_PASSWORD,
    });
    const signin = await new TestClient(app).post('/api/v1/auth/signin', {
      email,
      password: NEW_PASSWORD,
    });
    expect(signin.statusCode).toBe(200);
  });
});
