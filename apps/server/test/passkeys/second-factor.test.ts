import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN } from '../helpers/app.js';
import { SoftwareAuthenticator } from '../helpers/authenticator.js';
import { CUSTOMER_PASSWORD } from '../helpers/customers.js';
import { TestClient } from '../helpers/http.js';
import { runJobs } from '../helpers/jobs.js';
import { mailTo } from '../helpers/mail.js';
import { authenticatorCode, rememberAuthenticator } from '../helpers/staff.js';
import { useTestApp } from '../helpers/suite.js';
import { transferHelpers } from '../transfers/setup.js';

/**
 * A customer's second factor for signing in (issue 21, decision 33): turned on with an
 * authenticator app or with their passkeys, asked after the password in a browser that has not
 * passed it, remembered in one that has; recovery codes; turned off with the password.
 */

const suite = useTestApp();
const t = transferHelpers(suite);
type Options = { challenge: string; rpId?: string };
type Customer = Awaited<ReturnType<typeof t.sender>>;

const SETTINGS = '/api/v1/settings/second-factor';

async function passwordSignin(c: Customer, cookie?: string) {
  const client = new TestClient(suite.app);
  const res = await client.post(
    '/api/v1/auth/signin',
    { email: c.email, password: CUSTOMER_PASSWORD },
    cookie ? { cookie } : {},
  );
  expect(res.statusCode, res.body).toBe(200);
  return { client, res };
}

const browserCookie = (res: { cookies: { name: string; value: string }[] }) => {
  const set = res.cookies.find((k) => k.name === 'bank_browser');
  return set ? `bank_browser=${set.value}` : undefined;
};

async function withAuthenticator(c: Customer) {
  const setup = await c.client.post(`${SETTINGS}/authenticator/setup`);
  expect(setup.statusCode, setup.body).toBe(200);
  rememberAuthenticator(c.email, (setup.json() as { secret: string }).secret);
  const on = await c.client.post(`${SETTINGS}/authenticator`, {
    code: await authenticatorCode(c.email),
  });
  expect(on.statusCode, on.body).toBe(200);
  return (on.json() as { recoveryCodes: string[] }).recoveryCodes;
}

describe('two-step sign-in with an authenticator app', () => {
  it('asks a new browser for the code after the password, then remembers that browser', async () => {
    const c = await t.sender();
    expect((await c.client.get(SETTINGS)).json()).toEqual({
      method: null,
      enabledAt: null,
      recoveryCodesLeft: 0,
      rememberedBrowsers: 0,
    });
    const codes = await withAuthenticator(c);
    expect(codes).toHaveLength(10);
    expect((await c.client.get(SETTINGS)).json()).toMatchObject({
      method: 'authenticator',
      recoveryCodesLeft: 10,
    });

    const { client, res } = await passwordSignin(c);
    expect(res.json()).toEqual({ next: 'second_factor', method: 'authenticator' });
    // Half signed in: who it is, and nothing of the account.
    expect((await client.get('/api/v1/auth/me')).json()).toMatchObject({ scope: 'second_factor' });
    expect((await client.get('/api/v1/accounts/summary')).statusCode).toBeGreaterThanOrEqual(401);

    const wrong = await client.post('/api/v1/auth/second-factor', { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    const right = await client.post('/api/v1/auth/second-factor', {
      code: await authenticatorCode(c.email),
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toEqual({ next: 'dashboard' });
    expect((await client.get('/api/v1/auth/me')).json()).toMatchObject({ scope: 'customer' });

    // The same browser, next time: the password alone.
    const trusted = browserCookie(right);
    expect(trusted).toBeDefined();
    expect((await passwordSignin(c, trusted)).res.json()).toEqual({ next: 'dashboard' });
    // Another browser, or a made-up token: the code again.
    expect((await passwordSignin(c)).res.json()).toMatchObject({ next: 'second_factor' });
    expect((await passwordSignin(c, `bank_browser=${'A'.repeat(43)}`)).res.json()).toMatchObject({
      next: 'second_factor',
    });
  });

  it('takes a recovery code once; five wrong codes end the sign-in', async () => {
    const c = await t.sender();
    const [first] = await withAuthenticator(c);
    const a = await passwordSignin(c);
    const used = await a.client.post('/api/v1/auth/second-factor', { recoveryCode: first });
    expect(used.statusCode, used.body).toBe(200);
    expect((await c.client.get(SETTINGS)).json()).toMatchObject({ recoveryCodesLeft: 9 });
    const b = await passwordSignin(c);
    const again = await b.client.post('/api/v1/auth/second-factor', { recoveryCode: first });
    expect(again.statusCode).toBe(422);
    // Said as a recovery code's refusal, not an app code's.
    expect((again.json() as { detail: string }).detail).toMatch(/^That recovery code is not right/);
    for (let i = 2; i <= 4; i++) {
      expect(
        (await b.client.post('/api/v1/auth/second-factor', { code: '000000' })).statusCode,
      ).toBe(422);
    }
    const fifth = await b.client.post('/api/v1/auth/second-factor', { code: '000000' });
    expect(fifth.statusCode).toBe(401);

    // On the customer's record: how the sign-in passed, and the wrong second steps after a right
    // password (the sign that the password is known to someone else).
    const audit = await suite.database.db
      .selectFrom('audit_log')
      .select(['action', 'after', 'customer_id'])
      .where('target_id', '=', String(c.userId))
      .where('action', 'in', ['security.signin', 'security.mfa_failed'])
      .orderBy('id')
      .execute();
    const signins = audit.filter((a) => a.action === 'security.signin').map((a) => a.after);
    expect(signins.at(-1)).toMatchObject({ method: 'password', secondStep: 'recovery_code' });
    const failed = audit.filter((a) => a.action === 'security.mfa_failed');
    expect(failed).toHaveLength(5);
    expect(failed.every((a) => a.customer_id === c.userId)).toBe(true);
    // Told by email and in the app that a recovery code was used, with how many are left.
    await runJobs(suite.app);
    const mail = (await mailTo(suite.app, c.email)).find((m) =>
      m.subject.includes('A recovery code was used'),
    );
    expect(mail?.text).toContain('You have 9 recovery codes left.');
    // That sign-in is over: even the right code is refused in it.
    const late = await b.client.post('/api/v1/auth/second-factor', {
      code: await authenticatorCode(c.email),
    });
    expect(late.statusCode).toBe(401);
  });

  it('spends one recovery code per sign-in: a second code sent at once stays unused', async () => {
    const c = await t.sender();
    const [first, second] = await withAuthenticator(c);
    const { client } = await passwordSignin(c);
    const answers = await Promise.all([
      client.post('/api/v1/auth/second-factor', { recoveryCode: first }),
      client.post('/api/v1/auth/second-factor', { recoveryCode: second }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    // Only the code that signed in is spent, and only it is told of.
    expect((await c.client.get(SETTINGS)).json()).toMatchObject({ recoveryCodesLeft: 9 });
    await runJobs(suite.app);
    const told = (await mailTo(suite.app, c.email)).filter((m) =>
      m.subject.includes('A recovery code was used'),
    );
    expect(told.map((m) => m.text.includes('You have 9 recovery codes left.'))).toEqual([true]);
  });

  it('is turned off only with the password, and the customer is told both times', async () => {
    const c = await t.sender();
    await withAuthenticator(c);
    const wrong = await c.client.post(`${SETTINGS}/off`, { currentPassword: 'not my password' });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect((await c.client.get(SETTINGS)).json()).toMatchObject({ method: 'authenticator' });
    const off = await c.client.post(`${SETTINGS}/off`, { currentPassword: CUSTOMER_PASSWORD });
    expect(off.statusCode, off.body).toBe(200);
    expect((await passwordSignin(c)).res.json()).toEqual({ next: 'dashboard' });
    await runJobs(suite.app);
    const subjects = (await mailTo(suite.app, c.email)).map((m) => m.subject);
    expect(subjects.some((s) => /Two-step sign-in turned on/.test(s))).toBe(true);
    expect(subjects.some((s) => /Two-step sign-in turned off/.test(s))).toBe(true);
  });
});

describe('forgetting remembered browsers', () => {
  /** A browser that passed the second step: its session, and its `bank_browser` cookie. */
  async function passedIn(c: Customer, step: { code: string } | { recoveryCode: string }) {
    const { client } = await passwordSignin(c);
    const passed = await client.post('/api/v1/auth/second-factor', step);
    expect(passed.statusCode, passed.body).toBe(200);
    return { client, browser: browserCookie(passed) as string };
  }
  const remembered = async (c: Customer) =>
    ((await c.client.get(SETTINGS)).json() as { rememberedBrowsers: number }).rememberedBrowsers;

  it('counts them, forgets every one (this browser too) and leaves other customers’ alone', async () => {
    const c = await t.sender();
    const [first, second] = await withAuthenticator(c);
    const shared = await passedIn(c, { code: await authenticatorCode(c.email) });
    const home = await passedIn(c, { recoveryCode: first as string });
    const other = await t.sender();
    const [theirs] = await withAuthenticator(other);
    const theirBrowser = await passedIn(other, { recoveryCode: theirs as string });
    expect(await remembered(c)).toBe(2);
    expect(await remembered(other)).toBe(1);

    // Half signed in is not enough: only a customer session forgets.
    const halfway = await passwordSignin(c, `bank_browser=${'A'.repeat(43)}`);
    expect(
      (await halfway.client.post(`${SETTINGS}/forget-browsers`)).statusCode,
    ).toBeGreaterThanOrEqual(401);

    // From the shared computer, with its session and its remembered-browser cookie.
    const res = await shared.client.post(`${SETTINGS}/forget-browsers`, undefined, {
      cookie: `${shared.client.cookie}; ${shared.browser}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ forgotten: 2 });
    const cleared = res.cookies.find((k) => k.name === 'bank_browser');
    expect(cleared?.value).toBe('');
    expect(cleared?.httpOnly).toBe(true);
    expect(await remembered(c)).toBe(0);

    // Both browsers are asked for the second step again; the other customer's is still known.
    for (const browser of [shared.browser, home.browser]) {
      expect((await passwordSignin(c, browser)).res.json()).toEqual({
        next: 'second_factor',
        method: 'authenticator',
      });
    }
    expect(await remembered(other)).toBe(1);
    expect((await passwordSignin(other, theirBrowser.browser)).res.json()).toEqual({
      next: 'dashboard',
    });

    // A browser that passes again is remembered again, from zero.
    await passedIn(c, { recoveryCode: second as string });
    expect(await remembered(c)).toBe(1);

    const audited = await suite.database.db
      .selectFrom('audit_log')
      .select(['action', 'after', 'customer_id'])
      .where('action', '=', 'security.trusted_browsers_forgotten')
      .where('target_id', 'in', [String(c.userId), String(other.userId)])
      .execute();
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ after: { forgotten: 2 }, customer_id: c.userId });
  });
});

describe('two-step sign-in with a passkey', () => {
  async function addPasskey(c: Customer, authenticator: SoftwareAuthenticator) {
    const options = await c.client.post('/api/v1/passkeys/options', {
      currentPassword: CUSTOMER_PASSWORD,
    });
    const response = authenticator.register(
      options.json() as { challenge: string; rp: { id: string }; user: { id: string } },
    );
    const added = await c.client.post('/api/v1/passkeys', { name: 'Phone', response });
    expect(added.statusCode, added.body).toBe(201);
    return (added.json() as { id: string }).id;
  }

  it('needs a passkey to be turned on, asks for it after the password, and keeps the last one', async () => {
    const c = await t.sender();
    expect((await c.client.post(`${SETTINGS}/passkey`)).statusCode).toBe(409);
    const authenticator = new SoftwareAuthenticator({ origin: TEST_ORIGIN });
    const id = await addPasskey(c, authenticator);
    const on = await c.client.post(`${SETTINGS}/passkey`);
    expect(on.statusCode, on.body).toBe(200);
    expect((on.json() as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);

    const { client, res } = await passwordSignin(c);
    expect(res.json()).toEqual({ next: 'second_factor', method: 'passkey' });
    // The code route has no code to check for a passkey customer.
    expect((await client.post('/api/v1/auth/second-factor', { code: '123456' })).statusCode).toBe(
      422,
    );
    const options = (await client.post('/api/v1/auth/mfa/passkey/options')).json() as Options;
    const passed = await client.post('/api/v1/auth/mfa/passkey', {
      response: authenticator.assert(options),
    });
    expect(passed.statusCode, passed.body).toBe(200);
    expect(passed.json()).toEqual({ next: 'dashboard' });
    expect(browserCookie(passed)).toBeDefined();

    // On already: neither turned on again (new recovery codes) nor switched without the password.
    expect((await c.client.post(`${SETTINGS}/passkey`)).statusCode).toBe(409);
    expect((await c.client.post(`${SETTINGS}/authenticator/setup`)).statusCode).toBe(409);

    // The only passkey cannot be removed while two-step sign-in asks for it.
    const removed = await c.client.post(`/api/v1/passkeys/${id}/remove`, {
      currentPassword: CUSTOMER_PASSWORD,
    });
    expect(removed.statusCode).toBe(409);
  });

  it('a sign-in with the passkey itself needs no second step', async () => {
    const c = await t.sender();
    const authenticator = new SoftwareAuthenticator({ origin: TEST_ORIGIN });
    await addPasskey(c, authenticator);
    expect((await c.client.post(`${SETTINGS}/passkey`)).statusCode).toBe(200);
    const client = new TestClient(suite.app);
    const options = (await client.post('/api/v1/auth/passkey/options')).json() as Options;
    const res = await client.post('/api/v1/auth/passkey', {
      response: authenticator.assert(options),
    });
    expect(res.json()).toEqual({ next: 'dashboard' });
  });

  it('another customer’s passkey does not pass someone’s second step', async () => {
    const c = await t.sender();
    const mine = new SoftwareAuthenticator({ origin: TEST_ORIGIN });
    await addPasskey(c, mine);
    expect((await c.client.post(`${SETTINGS}/passkey`)).statusCode).toBe(200);
    const other = await t.sender();
    const theirs = new SoftwareAuthenticator({ origin: TEST_ORIGIN });
    await addPasskey(other, theirs);
    const { client } = await passwordSignin(c);
    const options = (await client.post('/api/v1/auth/mfa/passkey/options')).json() as Options;
    const credential = theirs.credentials[0];
    const res = await client.post('/api/v1/auth/mfa/passkey', {
      response: theirs.assert(options, credential),
    });
    expect(res.statusCode).toBe(422);
    expect((await client.get('/api/v1/auth/me')).json()).toMatchObject({ scope: 'second_factor' });
  });
});
