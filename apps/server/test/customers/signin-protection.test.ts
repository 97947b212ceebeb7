import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN } from '../helpers/app.js';
import { SoftwareAuthenticator } from '../helpers/authenticator.js';
import { CUSTOMER_PASSWORD } from '../helpers/customers.js';
import { TestClient } from '../helpers/http.js';
import { authenticatorCode, rememberAuthenticator } from '../helpers/staff.js';
import { useTestApp } from '../helpers/suite.js';
import { CUSTOMERS, customerHelpers } from './setup.js';

/**
 * The customer page's "Sign-in protection" (customers.manage), served with the sign-ins: two-step
 * sign-in and since when, the passkeys by name and dates, the browsers remembered now. Read
 * through the auth and passkeys modules; never a credential, key, handle, counter or code.
 */

const suite = useTestApp();
const h = customerHelpers(suite);

type Json = Record<string, unknown>;
type Customer = Awaited<ReturnType<typeof h.verifiedCustomer>>;

/** Every key of a JSON value, however deep. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
}

async function addPasskey(c: Customer, authenticator: SoftwareAuthenticator, name: string) {
  const options = await c.client.post('/api/v1/passkeys/options', {
    currentPassword: CUSTOMER_PASSWORD,
  });
  expect(options.statusCode, options.body).toBe(200);
  const response = authenticator.register(
    options.json() as { challenge: string; rp: { id: string }; user: { id: string } },
  );
  const added = await c.client.post('/api/v1/passkeys', { name, response });
  expect(added.statusCode, added.body).toBe(201);
}

/** A sign-in with the password in a new browser, passed with the passkey: it is remembered. */
async function signinPassingPasskey(c: Customer, authenticator: SoftwareAuthenticator) {
  const client = new TestClient(suite.app);
  const signin = await client.post('/api/v1/auth/signin', {
    email: c.email,
    password: CUSTOMER_PASSWORD,
  });
  expect(signin.json()).toEqual({ next: 'second_factor', method: 'passkey' });
  const options = await client.post('/api/v1/auth/mfa/passkey/options');
  const passed = await client.post('/api/v1/auth/mfa/passkey', {
    response: authenticator.assert(options.json() as { challenge: string; rpId?: string }),
  });
  expect(passed.statusCode, passed.body).toBe(200);
  const browser = passed.cookies.find((k) => k.name === 'bank_browser');
  expect(browser).toBeDefined();
  return browser?.value ?? '';
}

describe("the customer page's sign-in protection", () => {
  it('says two-step sign-in is off, no passkeys and no remembered browser for a new customer', async () => {
    const c = await h.verifiedCustomer();
    const staff = await h.manager();
    const res = await staff.get(`${CUSTOMERS}/${c.userId}/sessions`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Json).protection).toEqual({
      twoStep: null,
      passkeys: [],
      trustedBrowsers: 0,
    });
  });

  it('shows two-step sign-in with a passkey and since when, each passkey, and the browsers remembered now; never a secret', async () => {
    const c = await h.verifiedCustomer();
    const phone = new SoftwareAuthenticator({ origin: TEST_ORIGIN });
    await addPasskey(c, phone, 'Pixel 9');
    const laptop = new SoftwareAuthenticator({ origin: TEST_ORIGIN });
    await addPasskey(c, laptop, 'Work laptop');
    const on = await c.client.post('/api/v1/settings/second-factor/passkey');
    expect(on.statusCode, on.body).toBe(200);
    const recoveryCodes = (on.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    const browserToken = await signinPassingPasskey(c, phone);

    const staff = await h.manager();
    const res = await staff.get(`${CUSTOMERS}/${c.userId}/sessions`);
    expect(res.statusCode, res.body).toBe(200);
    const { protection, items } = res.json() as { protection: Json; items: Json[] };
    expect(items.length).toBeGreaterThan(0);
    expect(protection).toEqual({
      twoStep: { method: 'passkey', enabledAt: expect.any(String), recoveryCodesLeft: 10 },
      passkeys: [
        {
          id: expect.any(String),
          name: 'Pixel 9',
          createdAt: expect.any(String),
          lastUsedAt: expect.any(String),
        },
        {
          id: expect.any(String),
          name: 'Work laptop',
          createdAt: expect.any(String),
          lastUsedAt: null,
        },
      ],
      trustedBrowsers: 1,
    });
    const factor = await suite.database.db
      .selectFrom('signin_second_factors')
      .select('enabled_at')
      .where('user_id', '=', c.userId)
      .executeTakeFirstOrThrow();
    expect((protection.twoStep as Json).enabledAt).toBe(factor.enabled_at.toISOString());

    // Nothing that proves or names a credential, and no code: not by value, not by key.
    const passkeys = await suite.database.db
      .selectFrom('passkeys')
      .select(['credential_id', 'public_key', 'user_handle'])
      .where('user_id', '=', c.userId)
      .execute();
    expect(passkeys).toHaveLength(2);
    const browsers = await suite.database.db
      .selectFrom('trusted_browsers')
      .select('token_hash')
      .where('user_id', '=', c.userId)
      .execute();
    const secrets = [
      ...passkeys.flatMap((p) => [
        p.credential_id,
        p.user_handle,
        Buffer.from(p.public_key).toString('base64url'),
        Buffer.from(p.public_key).toString('base64'),
        Buffer.from(p.public_key).toString('hex'),
      ]),
      ...recoveryCodes,
      ...recoveryCodes.map((code) => code.replace(/-/g, '')),
      browserToken,
      ...browsers.map((b) => b.token_hash),
    ];
    expect(secrets.every((s) => s.length >= 10)).toBe(true);
    for (const secret of secrets) expect(res.body).not.toContain(secret);
    // No field that looks like a secret (a count of recovery codes left is not one).
    expect(
      keysOf(res.json()).filter(
        (k) =>
          k !== 'recoveryCodesLeft' &&
          /credential|public|handle|counter|recovery|secret|token|hash|transport/i.test(k),
      ),
    ).toEqual([]);
  });

  it('counts only the browsers still remembered', async () => {
    const c = await h.verifiedCustomer();
    const key = new SoftwareAuthenticator({ origin: TEST_ORIGIN });
    await addPasskey(c, key, 'Phone');
    expect((await c.client.post('/api/v1/settings/second-factor/passkey')).statusCode).toBe(200);
    await signinPassingPasskey(c, key);
    await signinPassingPasskey(c, key);
    const staff = await h.manager();
    const protection = async () =>
      ((await staff.get(`${CUSTOMERS}/${c.userId}/sessions`)).json() as { protection: Json })
        .protection;
    expect(await protection()).toMatchObject({ trustedBrowsers: 2 });

    // One browser's 90 days are over: it is no longer counted.
    const [first] = await suite.database.db
      .selectFrom('trusted_browsers')
      .select('id')
      .where('user_id', '=', c.userId)
      .orderBy('id')
      .execute();
    await suite.database.db
      .updateTable('trusted_browsers')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', first?.id ?? 0n)
      .execute();
    expect(await protection()).toMatchObject({ trustedBrowsers: 1 });
  });

  it('shows an authenticator app as the second step', async () => {
    const c = await h.verifiedCustomer();
    const setup = await c.client.post('/api/v1/settings/second-factor/authenticator/setup');
    expect(setup.statusCode, setup.body).toBe(200);
    rememberAuthenticator(c.email, (setup.json() as { secret: string }).secret);
    const on = await c.client.post('/api/v1/settings/second-factor/authenticator', {
      code: await authenticatorCode(c.email),
    });
    expect(on.statusCode, on.body).toBe(200);
    const res = await (await h.manager()).get(`${CUSTOMERS}/${c.userId}/sessions`);
    expect((res.json() as Json).protection).toEqual({
      twoStep: { method: 'authenticator', enabledAt: expect.any(String), recoveryCodesLeft: 10 },
      passkeys: [],
      trustedBrowsers: 0,
    });
    // The app's key never leaves the server.
    expect(res.body).not.toContain((setup.json() as { secret: string }).secret);
  });

  it('is described in the OpenAPI document field by field, none of them a secret', async () => {
    const spec = (await suite.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, { get: { responses: Record<string, unknown> } }>;
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    expect(
      JSON.stringify(spec.paths[`${CUSTOMERS}/{id}/sessions`]?.get.responses['200']),
    ).toContain('#/components/schemas/CustomerSessionList');
    const schemas = spec.components.schemas;
    expect(schemas.CustomerSessionList?.properties.protection).toEqual({
      $ref: '#/components/schemas/CustomerSigninProtection',
    });
    expect(Object.keys(schemas.CustomerSigninProtection?.properties ?? {})).toEqual([
      'twoStep',
      'passkeys',
      'trustedBrowsers',
    ]);
    expect(Object.keys(schemas.Passkey?.properties ?? {})).toEqual([
      'id',
      'name',
      'createdAt',
      'lastUsedAt',
    ]);
  });

  it('refuses staff without customers.manage', async () => {
    const c = await h.verifiedCustomer();
    const reviewer = await h.staff('kyc_reviewer');
    expect((await reviewer.get(`${CUSTOMERS}/${c.userId}/sessions`)).statusCode).toBe(403);
  });
});
