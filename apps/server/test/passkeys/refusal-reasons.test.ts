import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN } from '../helpers/app.js';
import { SoftwareAuthenticator } from '../helpers/authenticator.js';
import { CUSTOMER_PASSWORD } from '../helpers/customers.js';
import { TestClient } from '../helpers/http.js';
import { useTestApp } from '../helpers/suite.js';
import { transferHelpers } from '../transfers/setup.js';

/**
 * The reason a refused passkey answer is audited with (decision 33) comes from what the bank
 * checked, never from what the client wrote: "counter" (possibly a cloned key) and
 * "not_verified" are said only of an answer whose signature the passkey made. An answer anybody
 * can make up knowing only a credential id (a counter set back, a junk signature, an origin
 * with the word "counter" in it) is a "signature" refusal.
 */

const suite = useTestApp();
const t = transferHelpers(suite);
type Options = { challenge: string; rp?: { id: string }; user?: { id: string }; rpId?: string };
const b64 = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** A customer with the authenticator's passkey, signed in with it once (its counter moved on). */
async function usedOnce(authenticator: SoftwareAuthenticator) {
  const c = await withPasskey(authenticator);
  const client = new TestClient(suite.app);
  expect(
    (
      await client.post('/api/v1/auth/passkey', {
        response: authenticator.assert(await signinOptions(client)),
      })
    ).statusCode,
  ).toBe(200);
  return c;
}

async function withPasskey(authenticator: SoftwareAuthenticator) {
  const c = await t.sender();
  const options = await c.client.post('/api/v1/passkeys/options', {
    currentPassword: CUSTOMER_PASSWORD,
  });
  const response = authenticator.register(options.json() as Required<Options>);
  expect((await c.client.post('/api/v1/passkeys', { name: 'Phone', response })).statusCode).toBe(
    201,
  );
  return c;
}

async function signinOptions(client: TestClient) {
  return (await client.post('/api/v1/auth/passkey/options')).json() as Options;
}

async function refusalReasons(userId: bigint) {
  const rows = await suite.database.db
    .selectFrom('audit_log')
    .select('after')
    .where('target_id', '=', String(userId))
    .where('action', '=', 'security.passkey_refused')
    .orderBy('id')
    .execute();
  return rows.map((r) => (r.after as { reason: string }).reason);
}

describe('the reason a refused passkey answer is audited with', () => {
  it('is "signature" for an unsigned answer, whatever its counter or origin says', async () => {
    const authenticator = new SoftwareAuthenticator({ origin: TEST_ORIGIN });
    // A real sign-in moves the stored counter on.
    const c = await usedOnce(authenticator);

    // Someone who knows only the credential id: the counter set back, a junk signature.
    const attacker = new TestClient(suite.app);
    const forged = authenticator.assert(await signinOptions(attacker));
    const authData = Buffer.from(forged.response.authenticatorData, 'base64url');
    authData.writeUInt32BE(0, 33);
    forged.response.authenticatorData = b64(authData);
    forged.response.signature = b64(Buffer.alloc(70, 1));
    expect((await attacker.post('/api/v1/auth/passkey', { response: forged })).statusCode).toBe(
      422,
    );

    // An origin of the client's choosing, which the library quotes in its message.
    const options = await signinOptions(attacker);
    const elsewhere = authenticator.assert(options);
    elsewhere.response.clientDataJSON = b64(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: options.challenge,
        origin: 'https://counter.user-verification.example',
      }),
    );
    expect((await attacker.post('/api/v1/auth/passkey', { response: elsewhere })).statusCode).toBe(
      422,
    );

    expect(await refusalReasons(c.userId)).toEqual(['signature', 'signature']);
  });

  it('is "counter" for a signed answer whose counter went backwards, "not_verified" for a signed one without user verification', async () => {
    const authenticator = new SoftwareAuthenticator({ origin: TEST_ORIGIN });
    const c = await usedOnce(authenticator);
    const client = new TestClient(suite.app);
    // A clone: the same key, its counter behind the one the bank keeps.
    const credential = authenticator.credentials[0];
    if (!credential) throw new Error('no credential');
    credential.counter = 0;
    const cloned = authenticator.assert(await signinOptions(client));
    expect((await client.post('/api/v1/auth/passkey', { response: cloned })).statusCode).toBe(422);

    credential.counter = 100;
    authenticator.userVerified = false;
    const careless = authenticator.assert(await signinOptions(client));
    expect((await client.post('/api/v1/auth/passkey', { response: careless })).statusCode).toBe(
      422,
    );
    expect(await refusalReasons(c.userId)).toEqual(['counter', 'not_verified']);

    // Neither refusal moved the counter: the passkey, verified again, still signs in.
    authenticator.userVerified = true;
    const fine = authenticator.assert(await signinOptions(client));
    expect((await client.post('/api/v1/auth/passkey', { response: fine })).statusCode).toBe(200);
  });
});
