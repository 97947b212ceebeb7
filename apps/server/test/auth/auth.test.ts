import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import { buildTestApp } from '../helpers/app.js';
import { createTestDatabase } from '../helpers/database.js';
import { signedInCustomer } from '../helpers/customers.js';
import { TestClient } from '../helpers/http.js';
import { runJobs } from '../helpers/jobs.js';
import { mailTo as mailToDb } from '../helpers/mail.js';

let database: Database;
let app: FastifyInstance;
let seq = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const PASSWORD = 'velvet tram orbit lantern';

function person() {
  seq += 1;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    username: `ada_${seq}_${Date.now().toString(36)}`,
    email: `ada.${seq}.${Date.now().toString(36)}@example.com`,
    password: PASSWORD,
    acceptTerms: true,
  };
}

const mailTo = (email: string) => mailToDb(app, email);

async function latestCode(email: string): Promise<string> {
  const [mail] = await mailTo(email);
  const code = /verification code is (\d{6})/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

async function userRow(email: string) {
  return database.db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
}

/** Signed up, with the sign-up job run (it opens the profile and emails the code). */
async function signedUp(client = new TestClient(app)) {
  const p = person();
  const response = await client.post('/api/v1/auth/signup', p);
  expect(response.statusCode).toBe(201);
  await runJobs(app);
  return p;
}

async function verified(client = new TestClient(app)) {
  const p = await signedUp(client);
  const response = await client.post('/api/v1/auth/verify-email', {
    email: p.email,
    code: await latestCode(p.email),
  });
  expect(response.statusCode).toBe(200);
  return p;
}

describe('sign-up', () => {
  it('opens an unverified profile, stores an argon2id hash and emails a code', async () => {
    const client = new TestClient(app);
    const p = person();
    const response = await client.post('/api/v1/auth/signup', p);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      email: p.email,
      message: 'Check your email for a verification code.',
    });
    await runJobs(app);
    const user = await userRow(p.email);
    expect(user).toMatchObject({
      kind: 'customer',
      email_verified_at: null,
      kyc_status: 'not_verified',
    });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(await latestCode(p.email)).toMatch(/^\d{6}$/);
    // The code is stored only as a keyed hash.
    const codes = await database.db
      .selectFrom('one_time_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(codes).toHaveLength(1);
    expect(codes[0]?.code_hash).not.toContain(await latestCode(p.email));
    expect(client.cookie).toBeUndefined();
  });

  it('answers an already registered email exactly as a new one, and tells only its owner', async () => {
    const first = await signedUp();
    const again = { ...person(), email: first.email.toUpperCase() };
    const response = await new TestClient(app).post('/api/v1/auth/signup', again);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      email: again.email,
      message: 'Check your email for a verification code.',
    });
    await runJobs(app);
    const count = await database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(sql<string>`lower(email)`, '=', first.email.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    expect((await mailTo(first.email))[0]?.subject).toMatch(/tried to sign up/);
  });

  it('says plainly when a username is taken (any case)', async () => {
    const first = await signedUp();
    const response = await new TestClient(app).post('/api/v1/auth/signup', {
      ...person(),
      username: first.username.toUpperCase(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'body.username', message: 'That username is taken. Please choose another.' },
    ]);
  });

  it('refuses common and personal passwords, bad emails and unticked terms, writing nothing', async () => {
    const before = await database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [object, string, RegExp][] = [
      [{ password: 'password123' }, 'body.password', /too common/],
      [{ password: 'AdaLovelace' }, 'body.password', /too common/],
      [{ email: 'ada.example.com' }, 'body.email', /doesn't look like an email/],
      [{ acceptTerms: false }, 'body.acceptTerms', /at least 18/],
    ];
    for (const [change, path, message] of cases) {
      const response = await new TestClient(app).post('/api/v1/auth/signup', {
        ...person(),
        ...change,
      });
      expect(response.statusCode, path).toBe(400);
      const error = response.json().errors.find((e: { path: string }) => e.path === path);
      expect(error?.message, path).toMatch(message);
    }
    const after = await database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a state-changing call without the CSRF header or from another origin', async () => {
    const p = person();
    const bare = await app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: p });
    expect(bare.statusCode).toBe(403);
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: p,
      headers: { 'x-bank-csrf': '1', origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    const none = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', p.email)
      .execute();
    expect(none).toEqual([]);
  });
});

describe('email verification', () => {
  it('verifies with the right code, opens an onboarding session and routes to KYC', async () => {
    const client = new TestClient(app);
    const p = await signedUp(client);
    const response = await client.post('/api/v1/auth/verify-email', {
      email: p.email,
      code: await latestCode(p.email),
    });
    expect(response.json()).toEqual({
      next: 'kyc_submit',
      status: 'not_verified',
      declineReason: null,
    });
    expect((await userRow(p.email)).email_verified_at).not.toBeNull();
    const me = await client.get('/api/v1/auth/me');
    expect(me.json()).toMatchObject({
      scope: 'onboarding',
      email: p.email,
      kycStatus: 'not_verified',
    });
    const cookie = response.cookies.find((c) => c.name === 'bank_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
  });

  it('counts wrong codes: after five, even the right code is refused until a new one is sent', async () => {
    const client = new TestClient(app);
    const p = await signedUp(client);
    const code = await latestCode(p.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const response = await client.post('/api/v1/auth/verify-email', {
        email: p.email,
        code: wrong,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toMatch(/wrong or has expired/);
    }
    // Used up: refused with the same words as any wrong code (they must not tell a stranger
    // that the address has an account waiting).
    const blocked = await client.post('/api/v1/auth/verify-email', { email: p.email, code });
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().detail).toMatch(/wrong or has expired/);

    // The cool-down has passed: a new code replaces the old one, which no longer works.
    await sql`update one_time_codes set created_at = now() - interval '2 minutes'`.execute(
      database.db,
    );
    const resend = await client.post('/api/v1/auth/resend-verification', { email: p.email });
    expect(resend.json()).toEqual({ message: 'Code Sent' });
    const fresh = await latestCode(p.email);
    if (fresh !== code) {
      const old = await client.post('/api/v1/auth/verify-email', { email: p.email, code });
      expect(old.statusCode).toBe(422);
    }
    const ok = await client.post('/api/v1/auth/verify-email', { email: p.email, code: fresh });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses an expired code and a code used twice', async () => {
    const p = await signedUp();
    const code = await latestCode(p.email);
    await sql`update one_time_codes set expires_at = now() - interval '1 second'
              where user_id = ${(await userRow(p.email)).id}`.execute(database.db);
    const expired = await new TestClient(app).post('/api/v1/auth/verify-email', {
      email: p.email,
      code,
    });
    expect(expired.statusCode).toBe(422);

    const q = await signedUp();
    const qCode = await latestCode(q.email);
    expect(
      (await new TestClient(app).post('/api/v1/auth/verify-email', { email: q.email, code: qCode }))
        .statusCode,
    ).toBe(200);
    expect(
      (await new TestClient(app).post('/api/v1/auth/verify-email', { email: q.email, code: qCode }))
        .statusCode,
    ).toBe(422);
  });

  it('sends at most one code a minute, and answers every address alike', async () => {
    const p = await signedUp();
    const resend = (email: string) =>
      new TestClient(app).post('/api/v1/auth/resend-verification', { email });
    const early = await resend(p.email);
    const unknown = await resend('nobody@example.com');
    // The same answer for a known address within the minute and for an unknown one: which
    // addresses have accounts cannot be learnt here.
    expect(early.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(early.json()).toEqual({ message: 'Code Sent' });
    expect(unknown.json()).toEqual(early.json());
    // Within the minute no second code went out.
    const codes = (await mailTo(p.email)).filter((m) => /verification code/.test(m.subject));
    expect(codes).toHaveLength(1);
  });
});

describe('sign-in outcomes (spec section 4)', () => {
  const signin = (client: TestClient, email: string, password = PASSWORD) =>
    client.post('/api/v1/auth/signin', { email, password });

  it('wrong password and unknown email both say Invalid Credentials', async () => {
    const p = await verified();
    for (const response of [
      await signin(new TestClient(app), p.email, 'not the password at all'),
      await signin(new TestClient(app), 'nobody@example.com'),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).toBe('Invalid Credentials');
    }
  });

  it('an unverified email goes to verification, with a fresh code and no session', async () => {
    const p = await signedUp();
    await sql`update one_time_codes set created_at = now() - interval '2 minutes'`.execute(
      database.db,
    );
    const client = new TestClient(app);
    const response = await signin(client, p.email);
    expect(response.json()).toEqual({ next: 'verify_email', email: p.email });
    expect(client.cookie).toBeUndefined();
    expect((await mailTo(p.email)).length).toBe(2);
  });

  it('routes by KYC status and restriction, with the right session or none', async () => {
    const p = await verified();
    const set = (values: Record<string, unknown>) =>
      database.db.updateTable('users').set(values).where('email', '=', p.email).execute();

    let client = new TestClient(app);
    expect((await signin(client, p.email)).json()).toEqual({
      next: 'kyc_submit',
      status: 'not_verified',
      declineReason: null,
    });
    expect((await client.get('/api/v1/auth/me')).json().scope).toBe('onboarding');

    await set({ kyc_status: 'declined', kyc_decline_reason: 'The ID photo is blurred' });
    expect((await signin(new TestClient(app), p.email)).json()).toEqual({
      next: 'kyc_submit',
      status: 'declined',
      declineReason: 'The ID photo is blurred',
    });

    await set({ kyc_status: 'pending' });
    client = new TestClient(app);
    expect((await signin(client, p.email)).json()).toEqual({ next: 'kyc_review' });
    expect(client.cookie).toBeUndefined();

    await set({ kyc_status: 'approved' });
    client = new TestClient(app);
    expect((await signin(client, p.email)).json()).toEqual({ next: 'dashboard' });
    expect((await client.get('/api/v1/auth/me')).json().scope).toBe('customer');

    await set({
      restriction_head: 'Account under review',
      restriction_body: 'Please contact support.',
    });
    client = new TestClient(app);
    expect((await signin(client, p.email)).json()).toEqual({
      next: 'notice',
      head: 'Account under review',
      body: 'Please contact support.',
    });
    expect(client.cookie).toBeUndefined();

    // Staff: the password opens only the second-factor step, never the staff area itself.
    await set({ restriction_head: null, restriction_body: null, kind: 'staff' });
    client = new TestClient(app);
    expect((await signin(client, p.email)).json()).toEqual({ next: 'staff_mfa', enrolled: false });
    expect((await client.get('/api/v1/auth/me')).json().scope).toBe('mfa_pending');
    expect((await client.get('/api/v1/staff/kyc/queue')).statusCode).toBe(401);
  });

  it('emails an alert for a new browser, not for the first or a known one', async () => {
    const p = await verified();
    await database.db
      .updateTable('users')
      .set({ kyc_status: 'approved' })
      .where('email', '=', p.email)
      .execute();
    const alerts = async () =>
      (await mailTo(p.email)).filter((m) => /New sign-in/.test(m.subject)).length;
    await signin(new TestClient(app, 'Browser A'), p.email);
    expect(await alerts()).toBe(0);
    await signin(new TestClient(app, 'Browser A'), p.email);
    expect(await alerts()).toBe(0);
    await signin(new TestClient(app, 'Browser B'), p.email);
    expect(await alerts()).toBe(1);
  });

  it('sign-out ends the session on the server: the old cookie no longer works', async () => {
    const client = new TestClient(app);
    const p = await verified(client);
    const oldCookie = client.cookie;
    expect((await client.get('/api/v1/auth/me')).statusCode).toBe(200);
    expect((await client.post('/api/v1/auth/signout')).statusCode).toBe(204);
    expect(client.cookie).toBeUndefined();
    const replay = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { cookie: oldCookie ?? '' },
    });
    expect(replay.statusCode).toBe(401);
    expect(p.email).toBeTruthy();
  });
});

describe('per-address rate limit', () => {
  it('answers 429 after ten sign-in attempts a minute from one address', async () => {
    const limited = await buildTestApp(database, { rateLimits: true });
    try {
      const client = new TestClient(limited);
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) {
        codes.push(
          (await client.post('/api/v1/auth/signin', { email: `x${i}@example.com`, password: 'x' }))
            .statusCode,
        );
      }
      expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
      expect(codes[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('counts sign-outs per session: others at the same address can always sign out', async () => {
    const limited = await buildTestApp(database, { rateLimits: true });
    try {
      // Someone at the address sends sign-outs without a session until refused.
      const noisy = new TestClient(limited);
      let status = 0;
      for (let i = 0; i < 31 && status !== 429; i++) {
        status = (await noisy.post('/api/v1/auth/signout')).statusCode;
      }
      expect(status).toBe(429);
      // A signed-in neighbour at the same address still signs out, and is signed out.
      const neighbour = await signedInCustomer(limited, database);
      const cookie = neighbour.client.cookie;
      expect((await neighbour.client.post('/api/v1/auth/signout')).statusCode).toBe(204);
      // The old cookie, kept by someone who copied it, opens nothing.
      neighbour.client.cookie = cookie;
      expect((await neighbour.client.get('/api/v1/auth/me')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
