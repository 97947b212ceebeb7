import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN } from '../helpers/app.js';
import { CUSTOMER_PASSWORD } from '../helpers/customers.js';
import { TestClient } from '../helpers/http.js';
import { resetStaffSignin } from '../../src/modules/staff/reset.js';
import { createStaff, signInStaff } from '../helpers/staff.js';
import { runJobs } from '../helpers/jobs.js';
import { mailTo } from '../helpers/mail.js';
import { useTestApp } from '../helpers/suite.js';
import { SoftwareAuthenticator } from '../helpers/authenticator.js';
import { PIN, TRANSFERS, details, transferHelpers } from '../transfers/setup.js';

/**
 * Passkeys (issue 21, decision 33) with a software authenticator: added and removed in
 * Settings, signing in without the password, approving a transfer bound to its details; and
 * every way an assertion must be refused (replayed, another origin, a counter gone backwards,
 * no user verification, another transfer, details changed after the challenge).
 */

const suite = useTestApp();
const t = transferHelpers(suite);
type Json = Record<string, unknown>;
type Options = { challenge: string; rp?: { id: string }; user?: { id: string }; rpId?: string };

async function addPasskey(
  client: TestClient,
  authenticator: SoftwareAuthenticator,
  name = 'My phone',
) {
  const options = await client.post('/api/v1/passkeys/options', {
    currentPassword: CUSTOMER_PASSWORD,
  });
  expect(options.statusCode, options.body).toBe(200);
  const response = authenticator.register(options.json() as Required<Options>);
  return client.post('/api/v1/passkeys', { name, response });
}

async function signinWith(
  authenticator: SoftwareAuthenticator,
  client = new TestClient(suite.app),
) {
  const options = await client.post('/api/v1/auth/passkey/options');
  expect(options.statusCode, options.body).toBe(200);
  const response = authenticator.assert(options.json() as Options);
  const res = await client.post('/api/v1/auth/passkey', { response });
  return { res, client, response };
}

async function auditActions(userId: bigint) {
  const rows = await suite.database.db
    .selectFrom('audit_log')
    .select(['action', 'after'])
    .where('target_id', '=', String(userId))
    .orderBy('id')
    .execute();
  return rows;
}

describe('passkeys in Settings', () => {
  it('adds a passkey (user verification and a discoverable key asked), lists it, and tells the person', async () => {
    const c = await t.sender();
    const options = (
      await c.client.post('/api/v1/passkeys/options', { currentPassword: CUSTOMER_PASSWORD })
    ).json() as Json;
    expect(options).toMatchObject({
      rp: { id: 'bank.test', name: 'Cedar Bank' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    // The user handle names nobody outside the bank: not the user id, not the email.
    const handle = (options.user as { id: string }).id;
    expect(Buffer.from(handle, 'base64url')).toHaveLength(32);
    expect(Buffer.from(handle, 'base64url').toString()).not.toContain(c.email);

    const authenticator = new SoftwareAuthenticator({ origin: TEST_ORIGIN });
    const added = await addPasskey(c.client, authenticator, '  Work laptop ');
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Work laptop', lastUsedAt: null });
    const list = (await c.client.get('/api/v1/passkeys')).json() as { items: Json[] };
    expect(list.items).toHaveLength(1);

    await runJobs(suite.app);
    expect((await mailTo(suite.app, c.email)).map((m) => m.subject)).toContain(
      'A passkey was added to your Cedar Bank account',
    );
    const kinds = await suite.database.db
      .selectFrom('notifications')
      .select('kind')
      .where('user_id', '=', c.userId)
      .execute();
    expect(kinds.map((k) => k.kind)).toContain('passkey.added');
    expect((await auditActions(c.userId)).map((a) => a.action)).toContain('security.passkey_added');
  });

  it('refuses a registration answered twice, from another origin, or without user verification', async () => {
    const c = await t.sender();
    const authenticator = new SoftwareAuthenticator({ origin: TEST_ORIGIN });
    const options = (
      await c.client.post('/api/v1/passkeys/options', { currentPassword: CUSTOMER_PASSWORD })
    ).json() as Required<Options>;
    const response = authenticator.register(options);
    expect((await c.client.post('/api/v1/passkeys', { name: 'A', response })).statusCode).toBe(201);
    // The same answer again: its challenge was used.
    expect((await c.client.post('/api/v1/passkeys', { name: 'B', response })).statusCode).toBe(422);

    const elsewhere = new SoftwareAuthenticator({ origin: 'https://evil.example' });
    expect((await addPasskey(c.client, elsewhere)).statusCode).toBe(422);
    const careless = new SoftwareAuthenticator({ origin: TEST_ORIGIN, userVerified: false });
    expect((await addPasskey(c.client, careless)).statusCode).toBe(422);
    // Another person's challenge cannot be answered in this session.
    const other = await t.sender();
    const theirs = (
      await other.client.post('/api/v1/passkeys/options', { currentPassword: CUSTOMER_PASSWORD })
    ).json() as Required<Options>;
    const stolen = new SoftwareAuthenticator({ origin: TEST_ORIGIN }).register(theirs);
    expect(
      (await c.client.post('/api/v1/passkeys', { name: 'X', response: stolen })).statusCode,
    ).toBe(422);
    expect(
      ((await c.client.get('/api/v1/passkeys')).json() as { items: Json[] }).items,
    ).toHaveLength(1);
  });

  it('renames and removes only with the password; another person cannot touch it', async () => {
    const c = await t.sender();
    const authenticator = new SoftwareAuthenticator({ origin: TEST_ORIGIN });
    const id = ((await addPasskey(c.client, authenticator)).json() as { id: string }).id;
    const other = await t.sender();
    expect(
      (await other.client.post(`/api/v1/passkeys/${id}/name`, { name: 'Mine' })).statusCode,
    ).toBe(404);
    expect(
      (
        await other.client.post(`/api/v1/passkeys/${id}/remove`, {
          currentPassword: CUSTOMER_PASSWORD,
        })
      ).statusCode,
    ).toBe(404);

    const renamed = await c.client.post(`/api/v1/passkeys/${id}/name`, { name: 'Old phone' });
    expect(renamed.json()).toMatchObject({ name: 'Old phone' });
    const wrong = await c.client.post(`/api/v1/passkeys/${id}/remove`, {
      currentPassword: 'nope nope',
    });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect(
      ((await c.client.get('/api/v1/passkeys')).json() as { items: Json[] }).items,
    ).toHaveLength(1);
    const removed = await c.client.post(`/api/v1/passkeys/${id}/remove`, {
      currentPassword: CUSTOMER_PASSWORD,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(
      ((await c.client.get('/api/v1/passkeys')).json() as { items: Json[] }).items,
    ).toHaveLength(0);
    // A removed passkey signs nobody in, and its try is on the owner's record.
    expect((await signinWith(authenticator)).res.statusCode).toBe(422);
    const refused = (await auditActions(c.userId)).filter(
      (a) => a.action === 'security.passkey_refused',
    );
    expect(refused.map((a) => a.after)).toEqual([
      expect.objectContaining({
        passkey: id,
        name: 'Old phone',
        purpose: 'signin',
        reason: 'removed',
      }),
    ]);
    await runJobs(suite.app);
    expect((await mailTo(suite.app, c.email)).map((m) => m.subject)).toContain(
      'A passkey was removed from your Cedar Bank account',
    );
  });
});

describe('adding a passkey needs more than a session', () => {
  it('asks for the account password before any challenge is given', async () => {
    const c = await t.sender();
    expect((await c.client.post('/api/v1/passkeys/options')).statusCode).toBe(400);
    const wrong = await c.client.post('/api/v1/passkeys/options', { currentPassword: 'not mine' });
    expect(wrong.statusCode).toBe(400);
    expect(JSON.stringify(wrong.json())).toContain('body.currentPassword');
    const rows = await suite.database.db
      .selectFrom('passkey_challenges')
      .select('id')
      .where('user_id', '=', c.userId)
      .execute();
    expect(rows).toHaveLength(0);
  });
});

describe('signing in with a passkey', () => {
  it('signs the customer in without the password, recorded as a passkey sign-in', async () => {
    const c = await t.sender();
    const authenticator = new SoftwareAuthenticator({ origin: TEST_ORIGIN });
    expect((await addPasskey(c.client, authenticator)).statusCode).toBe(201);
    const { res, client } = await signinWith(authenticator);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ next: 'dashboard' });
    const me = await client.get('/api/v1/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: c.email });
    const signins = (await auditActions(c.userId)).filter((a) => a.action === 'security.signin');
    expect(signins.at(-1)?.after).toMatchObject({ method: 'passkey' });
    const list = (await c.client.get('/api/v1/passkeys')).json() as { items: Json[] };
    expect(list.items[0]?.lastUsedAt).not.toBeNull();
  });

  it('refuses a replayed assertion, another origin, a counter gone backwards, and no user verification', async () => {
    const c = await t.sender();
    const authenticator = new SoftwareAuthenticator({ origin: TEST_ORIGIN });
    expect((await addPasskey(c.client, authenticator)).statusCode).toBe(201);

    const first = await signinWith(authenticator);
    expect(first.res.statusCode).toBe(200);
    // The same assertion sent again: its challenge is used.
    const replay = await new TestClient(suite.app).post('/api/v1/auth/passkey', {
      response: first.response,
    });
    expect(replay.statusCode).toBe(422);
    expect(replay.cookies.find((k) => k.name === 'bank_session')).toBeUndefined();

    authenticator.origin = 'https://evil.example';
    expect((await signinWith(authenticator)).res.statusCode).toBe(422);
    authenticator.origin = TEST_ORIGIN;

    // A copy of the key whose counter is behind the one the bank saw last.
    const credential = authenticator.credentials[0];
    if (!credential) throw new Error('no credential');
    credential.counter -= 2;
    expect((await signinWith(authenticator)).res.statusCode).toBe(422);
    credential.counter += 10;
    expect((await signinWith(authenticator)).res.statusCode).toBe(200);

    authenticator.userVerified = false;
    expect((await signinWith(authenticator)).res.statusCode).toBe(422);

    // Each refusal of the customer's passkey is on their record, with why (never said to them).
    const refused = (await auditActions(c.userId))
      .filter((a) => a.action === 'security.passkey_refused')
      .map((a) => a.after as Json);
    expect(refused.map((a) => [a.purpose, a.reason])).toEqual([
      ['signin', 'signature'],
      ['signin', 'counter'],
      ['signin', 'not_verified'],
    ]);
    expect(refused[0]).toMatchObject({ name: 'My phone' });
  });

  it('refuses a passkey the bank does not know, with the same answer', async () => {
    const stranger = new SoftwareAuthenticator({ origin: TEST_ORIGIN });
    stranger.register({ challenge: 'x', rp: { id: 'bank.test' }, user: { id: 'AAAA' } });
    const { res } = await signinWith(stranger);
    expect(res.statusCode).toBe(422);
    expect((res.json() as { detail: string }).detail).toMatch(/That passkey did not work/);
  });
});

describe('approving a transfer with a passkey', () => {
  /** A transfer at its code step (a new payee asks for the code). */
  async function atCodeStep(c: Awaited<ReturnType<typeof t.sender>>, body = details()) {
    const id = await t.confirmed(c.client, body);
    const pin = await c.client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN });
    expect(pin.statusCode, pin.body).toBe(200);
    expect(pin.json()).toMatchObject({ next: 'code' });
    return { id, step: pin.json() as Json };
  }

  it('approves the transfer in place of the code; the transfer keeps which passkey, and is sent', async () => {
    const c = await t.sender();
    const authenticator = new SoftwareAuthenticator({ origin: TEST_ORIGIN });
    const passkeyId = ((await addPasskey(c.client, authenticator)).json() as { id: string }).id;
    const { id, step } = await atCodeStep(c);
    expect(step.passkey).toBe(true);
    // The passkey is offered first: no code was emailed, the mailbox holds nothing to use.
    expect(step.sentTo).toBeNull();
    const subjects = (await mailTo(suite.app, c.email)).map((m) => m.subject);
    expect(subjects.filter((s) => s.includes('transfer authorization code'))).toEqual([]);
    const options = (await c.client.post(`${TRANSFERS}/${id}/passkey/options`)).json() as Json;
    expect(options).toMatchObject({ userVerification: 'required' });
    const approved = await c.client.post(`${TRANSFERS}/${id}/passkey`, {
      response: authenticator.assert(options as unknown as Options),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ next: 'ready' });
    const submit = await c.client.post(`${TRANSFERS}/${id}/submit`);
    expect(submit.statusCode, submit.body).toBe(200);
    const row = await suite.database.db
      .selectFrom('transfers')
      .select(['passkey_id', 'code_id', 'code_verified_at', 'stage'])
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ passkey_id: BigInt(passkeyId), code_id: null, stage: 'submitted' });
    expect(row.code_verified_at).not.toBeNull();
    // Staff reviewing it see what authorized it.
    const staff = await t.staff();
    const seen = (await staff.get(`/api/v1/staff/transfers/${id}`)).json() as Json;
    expect(seen.authorization).toMatchObject({
      stepUp: { method: 'passkey', passkey: 'My phone' },
    });
    expect((seen.authorization as { pinAt: string | null }).pinAt).not.toBeNull();
  });

  it('emails the code only when a customer with a passkey asks for it instead', async () => {
    const c = await t.sender();
    expect(
      (await addPasskey(c.client, new SoftwareAuthenticator({ origin: TEST_ORIGIN }))).statusCode,
    ).toBe(201);
    const { id } = await atCodeStep(c);
    // No code was sent, so none can be right yet.
    expect((await c.client.post(`${TRANSFERS}/${id}/code`, { code: '0000' })).statusCode).toBe(422);
    const asked = await c.client.post(`${TRANSFERS}/${id}/code/resend`);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ next: 'code', passkey: true });
    expect((asked.json() as Json).sentTo).toMatch(/@example\.com$/);
    const code = await c.client.post(`${TRANSFERS}/${id}/code`, { code: await t.codeFor(c.email) });
    expect(code.statusCode, code.body).toBe(200);
    expect(code.json()).toMatchObject({ next: 'ready' });
    expect((await c.client.post(`${TRANSFERS}/${id}/submit`)).json()).toMatchObject({
      next: 'done',
    });
  });

  it('an approved transfer edited goes back to a draft, its passkey evidence cleared', async () => {
    const c = await t.sender();
    const authenticator = new SoftwareAuthenticator({ origin: TEST_ORIGIN });
    expect((await addPasskey(c.client, authenticator)).statusCode).toBe(201);
    const { id } = await atCodeStep(c);
    const options = (await c.client.post(`${TRANSFERS}/${id}/passkey/options`)).json() as Options;
    const approved = await c.client.post(`${TRANSFERS}/${id}/passkey`, {
      response: authenticator.assert(options),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const edit = await c.client.put(`${TRANSFERS}/${id}`, details({ amount: '120.00' }));
    expect(edit.statusCode, edit.body).toBe(200);
    const row = await suite.database.db
      .selectFrom('transfers')
      .select(['stage', 'passkey_id', 'code_verified_at'])
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ stage: 'draft', passkey_id: null, code_verified_at: null });
  });

  it('says there is no passkey to use when the customer has none', async () => {
    const c = await t.sender();
    const { id, step } = await atCodeStep(c);
    expect(step.passkey).toBe(false);
    expect((await c.client.post(`${TRANSFERS}/${id}/passkey/options`)).statusCode).toBe(409);
  });

  it('refuses an assertion for transfer A on transfer B, and one made before the details changed', async () => {
    const c = await t.sender();
    const authenticator = new SoftwareAuthenticator({ origin: TEST_ORIGIN });
    expect((await addPasskey(c.client, authenticator)).statusCode).toBe(201);
    const a = await atCodeStep(c);
    const b = await atCodeStep(c, details({ accountHolderName: 'Ada Lovelace' }));
    const forA = (await c.client.post(`${TRANSFERS}/${a.id}/passkey/options`)).json() as Options;
    const assertionA = authenticator.assert(forA);
    const onB = await c.client.post(`${TRANSFERS}/${b.id}/passkey`, { response: assertionA });
    expect(onB.statusCode).toBe(422);
    // Refused, the challenge is used: not even transfer A takes it now.
    expect(
      (await c.client.post(`${TRANSFERS}/${a.id}/passkey`, { response: assertionA })).statusCode,
    ).toBe(422);

    // Asked for A, then A's amount is changed and A is taken back to its code step.
    const again = (await c.client.post(`${TRANSFERS}/${a.id}/passkey/options`)).json() as Options;
    const stale = authenticator.assert(again);
    const edit = await c.client.put(`${TRANSFERS}/${a.id}`, details({ amount: '900.00' }));
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await c.client.post(`${TRANSFERS}/${a.id}/confirm`)).statusCode).toBe(200);
    expect((await c.client.post(`${TRANSFERS}/${a.id}/pin`, { pin: PIN })).json()).toMatchObject({
      next: 'code',
    });
    const late = await c.client.post(`${TRANSFERS}/${a.id}/passkey`, { response: stale });
    expect(late.statusCode).toBe(422);
    const row = await suite.database.db
      .selectFrom('transfers')
      .select(['stage', 'passkey_id'])
      .where('id', '=', BigInt(a.id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ stage: 'pin_verified', passkey_id: null });
  });

  it('refuses another customer’s passkey, even for a challenge of this transfer', async () => {
    const c = await t.sender();
    const mine = new SoftwareAuthenticator({ origin: TEST_ORIGIN });
    expect((await addPasskey(c.client, mine)).statusCode).toBe(201);
    const other = await t.sender();
    const theirs = new SoftwareAuthenticator({ origin: TEST_ORIGIN });
    expect((await addPasskey(other.client, theirs)).statusCode).toBe(201);
    const { id } = await atCodeStep(c);
    const options = (await c.client.post(`${TRANSFERS}/${id}/passkey/options`)).json() as Options;
    const credential = theirs.credentials[0];
    const res = await c.client.post(`${TRANSFERS}/${id}/passkey`, {
      response: theirs.assert(options, credential),
    });
    expect(res.statusCode).toBe(422);
    // On the owner's record: their passkey was offered for someone else's transfer.
    const refused = (await auditActions(other.userId)).filter(
      (a) => a.action === 'security.passkey_refused',
    );
    expect(refused.map((a) => a.after)).toEqual([
      expect.objectContaining({ purpose: 'transfer', reason: 'not_theirs' }),
    ]);
  });
});

describe('staff and passkeys', () => {
  it('a staff member signs in with a passkey, or uses one as the second factor after the password', async () => {
    const credentials = { email: 'passkey.staff@bank.example', password: CUSTOMER_PASSWORD };
    const staffId = await createStaff(suite.database, credentials, 'kyc_reviewer');
    const staff = await signInStaff(suite.app, credentials);
    const authenticator = new SoftwareAuthenticator({ origin: TEST_ORIGIN });
    expect((await addPasskey(staff, authenticator, 'Security key')).statusCode).toBe(201);

    // Instead of the password: the passkey is both factors.
    const { res, client } = await signinWith(authenticator);
    expect(res.json()).toEqual({ next: 'staff' });
    expect((await client.get('/api/v1/auth/me')).statusCode).toBe(200);

    // After the password, instead of the authenticator app.
    const second = new TestClient(suite.app);
    expect((await second.post('/api/v1/auth/signin', credentials)).json()).toMatchObject({
      next: 'staff_mfa',
    });
    // Not yet a staff session: staff routes refuse it.
    expect((await second.get('/api/v1/staff/overview')).statusCode).toBeGreaterThanOrEqual(401);
    const options = (await second.post('/api/v1/auth/mfa/passkey/options')).json() as Options;
    const done = await second.post('/api/v1/auth/mfa/passkey', {
      response: authenticator.assert(options),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ next: 'staff' });
    expect((await second.get('/api/v1/auth/me')).json()).toMatchObject({ scope: 'staff' });
    const actions = (await auditActions(staffId)).map((a) => a.action);
    expect(actions.filter((a) => a === 'staff.signin_passkey')).toHaveLength(2);
  });

  it("a reset of the staff member's sign-in removes their passkeys with the app", async () => {
    const credentials = { email: 'reset.passkey@bank.example', password: CUSTOMER_PASSWORD };
    const staffId = await createStaff(suite.database, credentials, 'kyc_reviewer');
    const staff = await signInStaff(suite.app, credentials);
    const authenticator = new SoftwareAuthenticator({ origin: TEST_ORIGIN });
    expect((await addPasskey(staff, authenticator, 'Key')).statusCode).toBe(201);
    await resetStaffSignin(suite.database.db, {
      email: credentials.email,
      resetSecondFactor: true,
    });
    expect((await signinWith(authenticator)).res.statusCode).toBe(422);
    const left = await suite.database.db
      .selectFrom('passkeys')
      .select('id')
      .where('user_id', '=', staffId)
      .where('removed_at', 'is', null)
      .execute();
    expect(left).toHaveLength(0);
  });

  it('a customer cannot use the staff second-factor routes', async () => {
    const c = await t.sender();
    expect((await c.client.post('/api/v1/auth/mfa/passkey/options')).statusCode).toBe(401);
  });
});
