import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/suite.js';
import { MFA_DAILY_FAILURES, MFA_FAILURES_PER_SIGNIN } from '../../src/modules/auth/mfa/service.js';
import { resetStaffSignin } from '../../src/modules/staff/reset.js';
import { engineName } from '../helpers/database.js';
import { TestClient } from '../helpers/http.js';
import {
  authenticatorCode,
  codeAt,
  createStaff,
  rememberAuthenticator,
  signInStaff,
} from '../helpers/staff.js';

/**
 * Staff sign in with a password and an authenticator app (TOTP): enrolment with a QR code at
 * the first sign-in, one-time recovery codes, no replay, limits on wrong codes, and resets by
 * an administrator only.
 */
let seq = 0;
const PASSWORD = 'sturdy orchard violet compass';

const suite = useTestApp();

async function newStaff() {
  seq += 1;
  const credentials = {
    email: `mfa.${seq}.${Date.now().toString(36)}@bank.example`,
    password: PASSWORD,
  };
  const id = await createStaff(suite.database, credentials);
  return { ...credentials, id };
}

/** Password step only: a client holding the pending session. */
async function passwordStep(credentials: { email: string; password: string }) {
  const client = new TestClient(suite.app);
  const response = await client.post('/api/v1/auth/signin', credentials);
  return { client, status: response.statusCode, outcome: response.json() };
}

describe(`staff second factor (${engineName})`, () => {
  it('enrols at the first sign-in: QR code and key, the first code confirms, ten recovery codes once', async () => {
    const staff = await newStaff();
    const { client, outcome } = await passwordStep(staff);
    expect(outcome).toEqual({ next: 'staff_mfa', enrolled: false });
    // Before the second factor, nothing of the back office opens.
    expect((await client.get('/api/v1/staff/kyc/queue')).statusCode).toBe(401);
    const setup = await client.post('/api/v1/auth/mfa/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrDataUrl } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Cedar%20Bank:/);
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
    // The key is kept sealed, never as given.
    const stored = await suite.database.db
      .selectFrom('staff_second_factors')
      .select('secret_sealed')
      .where('user_id', '=', staff.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_sealed).not.toContain(secret);

    expect((await client.post('/api/v1/auth/mfa/enrol', { code: '000000' })).statusCode).toBe(422);
    rememberAuthenticator(staff.email, secret);
    const enrolled = await client.post('/api/v1/auth/mfa/enrol', {
      code: await authenticatorCode(staff.email),
    });
    expect(enrolled.statusCode).toBe(200);
    const { recoveryCodes } = enrolled.json();
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect((await client.get('/api/v1/auth/me')).json().scope).toBe('staff');
    expect((await client.get('/api/v1/staff/kyc/queue')).statusCode).toBe(200);
    // Set up once: the key cannot be shown again.
    const { client: later } = await passwordStep(staff);
    expect((await later.post('/api/v1/auth/mfa/setup')).statusCode).toBe(409);
  });

  it('accepts each code once: the same code sent again, or twice at once, signs in once', async () => {
    const staff = await newStaff();
    await signInStaff(suite.app, staff);
    const code = await authenticatorCode(staff.email);
    const a = await passwordStep(staff);
    const b = await passwordStep(staff);
    // The second password step ended the first (one pending sign-in per person): its try is
    // refused before any code is judged.
    const results = await Promise.all([
      a.client.post('/api/v1/auth/mfa/verify', { code }),
      b.client.post('/api/v1/auth/mfa/verify', { code }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const e = await passwordStep(staff);
    const again = await Promise.all([
      e.client.post('/api/v1/auth/mfa/verify', { code }),
      e.client.post('/api/v1/auth/mfa/verify', { code }),
    ]);
    expect(again.map((r) => r.statusCode)).toEqual([422, 422]);
    const c = await passwordStep(staff);
    expect((await c.client.post('/api/v1/auth/mfa/verify', { code })).statusCode).toBe(422);
  });

  it('a recovery code works once, in any case and with or without its dash', async () => {
    const staff = await newStaff();
    const first = await signInStaff(suite.app, staff);
    const [recovery] = first.recoveryCodes ?? [];
    const { client } = await passwordStep(staff);
    const used = await client.post('/api/v1/auth/mfa/verify', {
      recoveryCode: ` ${recovery?.toUpperCase().replace('-', '')} `,
    });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual({ next: 'staff', recoveryCodesLeft: 9 });
    const again = await passwordStep(staff);
    expect(
      (await again.client.post('/api/v1/auth/mfa/verify', { recoveryCode: recovery })).statusCode,
    ).toBe(422);
  });

  it('five wrong codes end the sign-in; the day caps wrong codes; both are audited', async () => {
    const staff = await newStaff();
    await signInStaff(suite.app, staff);
    const { client } = await passwordStep(staff);
    const statuses: number[] = [];
    for (let i = 0; i < MFA_FAILURES_PER_SIGNIN; i++) {
      statuses.push((await client.post('/api/v1/auth/mfa/verify', { code: '000000' })).statusCode);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 401]);
    expect((await client.get('/api/v1/auth/me')).statusCode).toBe(401);
    const second = await passwordStep(staff);
    for (let i = MFA_FAILURES_PER_SIGNIN; i < MFA_DAILY_FAILURES; i++) {
      await second.client.post('/api/v1/auth/mfa/verify', { code: '000000' });
    }
    // The day's wrong codes are used up: even the right code waits.
    const third = await passwordStep(staff);
    const refused = await third.client.post('/api/v1/auth/mfa/verify', {
      code: await authenticatorCode(staff.email),
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('CODES_PAUSED');
    const audited = await suite.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'security.mfa_failed')
      .where('target_id', '=', String(staff.id))
      .execute();
    expect(audited).toHaveLength(MFA_DAILY_FAILURES);
  });

  it('guesses sent at once are counted before they are judged: never more than ten a day', async () => {
    const staff = await newStaff();
    await signInStaff(suite.app, staff);
    const { client } = await passwordStep(staff);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        client.post('/api/v1/auth/mfa/verify', { code: String(100000 + i) }),
      ),
    );
    for (const answer of answers) expect([401, 422, 429]).toContain(answer.statusCode);
    const judged = await suite.database.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('action', '=', 'security.mfa_failed')
      .where('target_id', '=', String(staff.id))
      .executeTakeFirstOrThrow();
    expect(Number(judged.n)).toBeGreaterThan(0);
    expect(Number(judged.n)).toBeLessThanOrEqual(MFA_DAILY_FAILURES);
    // Once ten were judged the day is used up and the right code waits until tomorrow; guesses
    // the per-address limit turned away (429) were never judged and use nothing up.
    const later = await passwordStep(staff);
    const right = await later.client.post('/api/v1/auth/mfa/verify', {
      code: await authenticatorCode(staff.email),
    });
    expect(right.statusCode).toBe(Number(judged.n) >= MFA_DAILY_FAILURES ? 429 : 200);
  });

  it('a code for another key, or from long ago, is refused', async () => {
    const staff = await newStaff();
    await signInStaff(suite.app, staff);
    const { client } = await passwordStep(staff);
    const stranger = await generate({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' });
    expect((await client.post('/api/v1/auth/mfa/verify', { code: stranger })).statusCode).toBe(422);
    const stale = await codeAt(staff.email, Math.floor(Date.now() / 1000) - 120);
    expect((await client.post('/api/v1/auth/mfa/verify', { code: stale })).statusCode).toBe(422);
  });

  it('an administrator resets a staff sign-in: new password, sessions ended, set up again', async () => {
    const staff = await newStaff();
    const signedIn = await signInStaff(suite.app, staff);
    const newPassword = 'lantern meadow copper quietly';
    await resetStaffSignin(suite.database.db, {
      email: staff.email,
      password: newPassword,
      resetSecondFactor: true,
    });
    expect((await signedIn.get('/api/v1/auth/me')).statusCode).toBe(401);
    expect((await passwordStep(staff)).status).toBe(401);
    const { outcome } = await passwordStep({ email: staff.email, password: newPassword });
    expect(outcome).toEqual({ next: 'staff_mfa', enrolled: false });
    const audit = await suite.database.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('action', '=', 'staff.signin_reset')
      .where('target_id', '=', String(staff.id))
      .executeTakeFirstOrThrow();
    expect(audit.after).toEqual({ password: true, secondFactor: true });
  });
});
