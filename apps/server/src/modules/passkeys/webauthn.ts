import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
} from '@simplewebauthn/server';
import type { PasskeyOptions } from '@bank/contract';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import type { PasskeyPurpose } from '../../db/tables/passkeys.js';
import { AppError } from '../../platform/errors.js';
import * as repo from './repo.js';

/**
 * The WebAuthn side every passkey ceremony shares (decision 0033): who the relying party is,
 * challenges kept on the server and used once within five minutes, and the check of an
 * assertion against a stored passkey (user verification required, the signature counter moving
 * forward).
 */

export const CHALLENGE_TTL_MS = 5 * 60_000;

/** One answer for any passkey that does not verify: nothing about which check failed. */
export const PASSKEY_REFUSED =
  'That passkey did not work. Try again, or use your password (or your code) instead.';

/** Why a known passkey's answer was refused: kept in the audit log, never said to the client. */
export type RefusalReason =
  'removed' | 'not_theirs' | 'user_handle' | 'signature' | 'counter' | 'not_verified';

/**
 * The one refusal (PASSKEY_REFUSED), carrying for the audit log which passkey answered and why,
 * when the passkey is one of this bank's: a counter that goes backwards may be a cloned key.
 */
export class PasskeyRefused extends AppError {
  constructor(
    readonly passkey: Pick<repo.PasskeyRow, 'id' | 'userId' | 'name'>,
    readonly reason: RefusalReason,
  ) {
    super('UNPROCESSABLE', PASSKEY_REFUSED);
  }
}

/** COSE algorithms accepted: ES256, EdDSA, RS256 (what platform authenticators and keys use). */
export const ALGORITHMS = [-7, -8, -257];

/**
 * The relying party: its id and the origins a ceremony may come from. With PUBLIC_URL, that
 * origin and its host name. Without it (development only), `localhost` on any port: a passkey
 * needs a host name, so the app is opened at http://localhost:PORT, not at 127.0.0.1.
 */
export function relyingParty(deps: Pick<AppDeps, 'config'>) {
  const origin = deps.config.publicOrigin;
  if (origin) {
    return { id: new URL(origin).hostname, allows: (o: string) => o === origin, fallback: origin };
  }
  return {
    id: 'localhost',
    allows: (o: string) => /^http:\/\/localhost(:\d{1,5})?$/.test(o),
    fallback: 'http://localhost',
  };
}

/** The origin a ceremony's client data names if the relying party allows it, else one it does not match. */
export function expectedOrigin(deps: Pick<AppDeps, 'config'>, clientOrigin: string) {
  const rp = relyingParty(deps);
  return rp.allows(clientOrigin) ? clientOrigin : rp.fallback;
}

/** What the browser signed over: the challenge and origin from clientDataJSON (unchecked). */
export function clientData(clientDataJSON: string): { challenge: string; origin: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    if (
      parsed &&
      typeof parsed === 'object' &&
      'challenge' in parsed &&
      'origin' in parsed &&
      typeof parsed.challenge === 'string' &&
      typeof parsed.origin === 'string'
    ) {
      return { challenge: parsed.challenge, origin: parsed.origin };
    }
  } catch {
    // refused below
  }
  throw new AppError('UNPROCESSABLE', PASSKEY_REFUSED);
}

/** The handle the authenticator keeps for the person: keyed, so it names nobody outside the bank. */
export function userHandleOf(secretKey: string, userId: bigint): Uint8Array {
  return createHmac('sha256', secretKey).update(`passkey-user-handle:${userId}`).digest();
}

/** A fresh random challenge, stored for `purpose`: answers its base64url text. */
export async function newChallenge(
  deps: AppDeps,
  db: Kysely<DB>,
  purpose: PasskeyPurpose,
  userId: bigint | null,
): Promise<string> {
  const challenge = randomBytes(32).toString('base64url');
  const at = deps.clock.now();
  await repo.insertChallenge(db, {
    challenge,
    purpose,
    userId,
    transferId: null,
    nonce: null,
    at,
    expiresAt: new Date(at.getTime() + CHALLENGE_TTL_MS),
  });
  return challenge;
}

/**
 * The challenge that binds an assertion to a transfer (dynamic linking): SHA-256 of the
 * transfer's details (its id, amount, charge, currency, payee's account and name and bank,
 * given by the caller in a fixed order) and a 16-byte nonce kept on the server. Another
 * transfer, or this one with any detail changed, has another challenge.
 */
export function transferChallenge(details: Record<string, string>, nonce: Uint8Array): string {
  return createHash('sha256')
    .update(JSON.stringify(Object.entries(details)))
    .update(nonce)
    .digest('base64url');
}

/** Authentication options for a stored challenge, limited to the given passkeys (none: any). */
export async function requestOptions(
  deps: AppDeps,
  challenge: string,
  allow: readonly repo.PasskeyRow[],
): Promise<PasskeyOptions> {
  // Spread: the contract's open object, which a declared interface is not.
  return {
    ...(await generateAuthenticationOptions({
      rpID: relyingParty(deps).id,
      challenge: Buffer.from(challenge, 'base64url'),
      timeout: CHALLENGE_TTL_MS,
      userVerification: 'required',
      allowCredentials: allow.map((p) => ({
        id: p.credentialId,
        transports: p.transports as AuthenticatorTransport[],
      })),
    })),
  };
}

/**
 * Checks an assertion against the passkey it names, inside the caller's transaction: the
 * passkey is locked, must be in use (and the given person's, when one is given), the signature
 * must verify over the expected challenge and origin with the user verified, and the counter
 * must move forward. Then its new counter and last use are kept. Answers the passkey.
 */
export async function checkAssertion(
  deps: AppDeps,
  trx: Kysely<DB>,
  input: {
    response: AuthenticationResponseJSON;
    challenge: string;
    origin: string;
    userId: bigint | null;
  },
): Promise<repo.PasskeyRow> {
  const passkey = await repo.lockByCredentialId(trx, input.response.id);
  if (!passkey) {
    // A removed passkey (a lost phone, say) is refused as any other, and kept on the record.
    const removed = await repo.removedByCredentialId(trx, input.response.id);
    if (removed) throw new PasskeyRefused(removed, 'removed');
    throw new AppError('UNPROCESSABLE', PASSKEY_REFUSED);
  }
  if (input.userId !== null && passkey.userId !== input.userId) {
    throw new PasskeyRefused(passkey, 'not_theirs');
  }
  const handle = input.response.response.userHandle;
  if (handle !== undefined && handle !== passkey.userHandle) {
    throw new PasskeyRefused(passkey, 'user_handle');
  }
  // The library checks the counter and the user-verification flag before the signature, and
  // says so in messages that quote what the client sent (its origin, its type): neither may
  // name the reason kept in the audit log. So the library checks the signature, origin,
  // challenge, RP id hash and user presence (a stored counter of 0, no user verification
  // asked), and the counter and user verification are judged here, only once the signature
  // proved the answer came from the passkey: "counter" (possibly a cloned key) is never said
  // of an answer anybody could have made up.
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: input.challenge,
      expectedOrigin: expectedOrigin(deps, input.origin),
      expectedRPID: relyingParty(deps).id,
      requireUserVerification: false,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: 0,
        transports: passkey.transports as AuthenticatorTransport[],
      },
    });
  } catch {
    throw new PasskeyRefused(passkey, 'signature');
  }
  if (!verified.verified) throw new PasskeyRefused(passkey, 'signature');
  const stored = passkey.counter;
  const sent = BigInt(verified.authenticationInfo.newCounter);
  // Forward, unless both are zero (a synced passkey keeps no counter).
  if ((sent > 0n || stored > 0n) && sent <= stored) throw new PasskeyRefused(passkey, 'counter');
  if (!verified.authenticationInfo.userVerified) throw new PasskeyRefused(passkey, 'not_verified');
  await repo.markUsed(
    trx,
    passkey.id,
    BigInt(verified.authenticationInfo.newCounter),
    deps.clock.now(),
  );
  return passkey;
}
