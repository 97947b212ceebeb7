import { describe, expect, it } from 'vitest';
import { SIGNIN_CODE_REFUSED, SIGNIN_FREE_ATTEMPTS } from '../../src/modules/auth/signin.js';
import { CUSTOMER_PASSWORD, signedInCustomer } from '../helpers/customers.js';
import { engineName } from '../helpers/database.js';
import { TestClient, visibleAnswer } from '../helpers/http.js';
import { mailTo } from '../helpers/mail.js';
import { authenticatorCode, createStaff, signInStaff } from '../helpers/staff.js';
import { useTestApp } from '../helpers/suite.js';

/**
 * Decision 9, the sign-in throttle: attempts are counted by address, atomically, before anything
 * is judged, so guesses sent together cannot slip under the limit; past the limit every password
 * hears "a code was emailed" and only the owner with the right password gets one, so no password
 * can be tested online any more, while the owner is never locked out; addresses with and without
 * accounts behave alike throughout.
 */
const suite = useTestApp();

const signin = (body: object) => new TestClient(suite.app).post('/api/v1/auth/signin', body);

/** An approved customer (signed in once, then the attempts count is gone again). */
async function customer() {
  const { email } = await signedInCustomer(suite.app, suite.database, { kycStatus: 'approved' });
  return email;
}

async function attemptRows() {
  const row = await suite.database.db
    .selectFrom('signin_attempts')
    .select((eb) => eb.fn.sum<number>('attempts').as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total ?? 0);
}

async function signinCodes(email: string): Promise<string[]> {
  const mails = (await mailTo(suite.app, email)).filter((m) => /sign-in code/.test(m.subject));
  return mails.map((m) => /sign-in code is (\d{6})/.exec(m.text)?.[1] ?? '');
}

/** Uses up an address's free attempts with wrong passwords. */
async function throttle(email: string) {
  for (let i = 0; i < SIGNIN_FREE_ATTEMPTS; i++) {
    expect((await signin({ email, password: `attacker guess ${i}` })).statusCode).toBe(401);
  }
}

describe(`sign-in throttle (${engineName})`, () => {
  it('counts every one of many wrong guesses sent at once: the right password alone no longer opens the account', async () => {
    const email = await customer();
    const before = await attemptRows();
    // Within what the server checks at once plus its line (the rest would be told it is busy).
    const guesses = engineName === 'postgres' ? 90 : 60;
    const responses = await Promise.all(
      Array.from({ length: guesses }, (_, i) => signin({ email, password: `wrong guess ${i}` })),
    );
    // The first five were judged (401); from the sixth every guess heard "a code was sent".
    expect(responses.filter((r) => r.statusCode === 401)).toHaveLength(SIGNIN_FREE_ATTEMPTS);
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(
      guesses - SIGNIN_FREE_ATTEMPTS,
    );
    expect((await attemptRows()) - before).toBe(guesses);
    const right = await signin({ email, password: CUSTOMER_PASSWORD });
    expect(right.json()).toEqual({ next: 'signin_code', email });
    expect(right.cookies.find((c) => c.name === 'bank_session')).toBeUndefined();
  });

  it('past the free attempts, a wrong password, the right one and an unknown address all hear the same', async () => {
    const email = await customer();
    const unknown = `nobody.${Date.now()}@example.com`;
    await throttle(email);
    for (let i = 0; i < SIGNIN_FREE_ATTEMPTS; i++) {
      expect((await signin({ email: unknown, password: `x ${i}` })).statusCode).toBe(401);
    }
    const wrong = visibleAnswer(await signin({ email, password: 'still not it' }));
    const right = visibleAnswer(await signin({ email, password: CUSTOMER_PASSWORD }));
    const stranger = visibleAnswer(await signin({ email: unknown, password: 'anything' }));
    expect(wrong).toEqual({ status: 200, next: 'signin_code', email });
    expect(right).toEqual(wrong);
    expect(stranger).toEqual({ status: 200, next: 'signin_code', email: unknown });
    // Only the right password sent a code.
    expect(await signinCodes(email)).toHaveLength(1);
  });

  it('judges the password and the code together: any mistake reads the same', async () => {
    const email = await customer();
    await throttle(email);
    await signin({ email, password: CUSTOMER_PASSWORD });
    const [code] = await signinCodes(email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const unknown = `nobody.${Date.now()}@example.com`;
    await throttle(unknown);
    const answers = [
      await signin({ email, password: 'a wrong password', code }),
      await signin({ email, password: CUSTOMER_PASSWORD, code: wrongCode }),
      await signin({ email: unknown, password: 'x', code }),
    ].map(visibleAnswer);
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 422, detail: SIGNIN_CODE_REFUSED });
    }
    expect(answers[1]).toEqual(answers[0]);
  });

  it('never locks the owner out: the right password with the emailed code signs in, and the count starts again', async () => {
    const email = await customer();
    await throttle(email);
    for (let i = 0; i < 10; i++) await signin({ email, password: `more guesses ${i}` });
    const client = new TestClient(suite.app);
    const first = await client.post('/api/v1/auth/signin', { email, password: CUSTOMER_PASSWORD });
    expect(first.json()).toEqual({ next: 'signin_code', email });
    const [code] = await signinCodes(email);
    const done = await client.post('/api/v1/auth/signin', {
      email,
      password: CUSTOMER_PASSWORD,
      code,
    });
    expect(done.json()).toEqual({ next: 'dashboard' });
    expect((await client.get('/api/v1/auth/me')).json().scope).toBe('customer');
    // Back to normal: the password alone is enough again.
    expect((await signin({ email, password: CUSTOMER_PASSWORD })).json()).toEqual({
      next: 'dashboard',
    });
  });

  it('tells the owner once when the free attempts are used up, and audits the failures of accounts', async () => {
    const email = await customer();
    await throttle(email);
    for (let i = 0; i < 4; i++) await signin({ email, password: `no ${i}` });
    const notices = (await mailTo(suite.app, email)).filter((m) =>
      /Unsuccessful sign-in attempts/.test(m.subject),
    );
    expect(notices).toHaveLength(1);
    const user = await suite.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const events = await suite.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'user')
      .where('target_id', '=', String(user.id))
      .execute();
    const actions = events.map((e) => e.action);
    expect(actions.filter((a) => a === 'security.signin_failed')).toHaveLength(
      SIGNIN_FREE_ATTEMPTS + 4,
    );
    expect(actions.filter((a) => a === 'security.signin_throttled')).toHaveLength(1);
  });

  it('staff past the free attempts need the emailed code, then their authenticator app', async () => {
    const staff = {
      email: `throttle.staff.${Date.now()}@bank.example`,
      password: 'sturdy orchard violet compass',
    };
    await createStaff(suite.database, staff);
    await signInStaff(suite.app, staff);
    await throttle(staff.email);
    const client = new TestClient(suite.app);
    const outcome = await client.post('/api/v1/auth/signin', staff);
    expect(outcome.json()).toEqual({ next: 'signin_code', email: staff.email });
    const [code] = await signinCodes(staff.email);
    const withCode = await client.post('/api/v1/auth/signin', { ...staff, code });
    expect(withCode.json()).toEqual({ next: 'staff_mfa', enrolled: true });
    const verified = await client.post('/api/v1/auth/mfa/verify', {
      code: await authenticatorCode(staff.email),
    });
    expect(verified.statusCode).toBe(200);
  });
});
