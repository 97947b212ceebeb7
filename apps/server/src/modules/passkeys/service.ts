import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { personName, type Passkey, type PasskeyOptions } from '@bank/contract';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../platform/audit/index.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { BANK_NAME } from '../../platform/mail/index.js';
import { signinFactorMethod } from '../auth/index.js';
import { checkOwnPassword, users, type UserRecord } from '../users/index.js';
import { passkeyAddedEmail, passkeyRemovedEmail } from './emails.js';
import { auditRefusal, type RefusalPurpose } from './refusals.js';
import * as repo from './repo.js';
import {
  ALGORITHMS,
  PASSKEY_REFUSED,
  PasskeyRefused,
  checkAssertion,
  clientData,
  expectedOrigin,
  newChallenge,
  relyingParty,
  requestOptions,
  userHandleOf,
} from './webauthn.js';

/** Someone signed in, acting on their own passkeys. */
export interface Holder {
  userId: bigint;
  ip: string;
  userAgent: string;
}

const view = (row: Pick<repo.PasskeyRow, 'id' | 'name' | 'createdAt' | 'lastUsedAt'>): Passkey => ({
  id: String(row.id),
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

async function holderRecord(deps: AppDeps, userId: bigint): Promise<UserRecord> {
  const user = await users.findUserById(deps.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  return user;
}

export async function listPasskeys(deps: AppDeps, userId: bigint): Promise<Passkey[]> {
  return (await repo.passkeysOf(deps.db, userId)).map(view);
}

/**
 * A customer's passkeys for the back office (customers.manage): name, added, last used; at
 * most as many as a person may keep. Read-only, and never the credential or its key.
 */
export async function passkeysForStaff(deps: AppDeps, userId: bigint): Promise<Passkey[]> {
  return (await repo.passkeyNamesOf(deps.db, userId, repo.MAX_PASSKEYS)).map(view);
}

const tooMany = () =>
  new AppError(
    'CONFLICT',
    `You have ${repo.MAX_PASSKEYS} passkeys, as many as an account keeps. Remove one you no longer use first.`,
  );

/**
 * Options for the browser to make a new passkey (a discoverable credential, user verification
 * required, no attestation asked), with the person's passkeys excluded so one authenticator is
 * not registered twice. An earlier unfinished registration's challenge ends.
 */
export async function registrationOptions(
  deps: AppDeps,
  holder: Holder,
  currentPassword: string,
): Promise<PasskeyOptions> {
  const user = await holderRecord(deps, holder.userId);
  // A passkey signs in and approves transfers: a session alone (a browser left open, a stolen
  // cookie) must not be enough to add one. The password is asked, counted as every signed-in
  // password check; the challenge it unlocks works once, for five minutes.
  await checkOwnPassword(deps, holder, currentPassword);
  const existing = await repo.passkeysOf(deps.db, user.id);
  if (existing.length >= repo.MAX_PASSKEYS) throw tooMany();
  const challenge = await deps.db.transaction().execute(async (trx) => {
    await repo.dropChallenges(trx, { userId: user.id, purpose: 'register' });
    return newChallenge(deps, trx, 'register', user.id);
  });
  return {
    ...(await generateRegistrationOptions({
      rpName: BANK_NAME,
      rpID: relyingParty(deps).id,
      userName: user.email,
      userDisplayName: personName(user),
      userID: userHandleOf(deps.config.secretKey, user.id) as Uint8Array<ArrayBuffer>,
      challenge: Buffer.from(challenge, 'base64url'),
      timeout: 5 * 60_000,
      attestationType: 'none',
      supportedAlgorithmIDs: ALGORITHMS,
      excludeCredentials: existing.map((p) => ({
        id: p.credentialId,
        transports: p.transports as AuthenticatorTransport[],
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    })),
  };
}

/**
 * Keeps the passkey the browser made for the challenge of `registrationOptions`, under the name
 * the person chose. The person is told in the app and by email, and the audit log records it.
 */
export async function addPasskey(
  deps: AppDeps,
  holder: Holder,
  input: { name: string; response: RegistrationResponseJSON },
): Promise<Passkey> {
  const user = await holderRecord(deps, holder.userId);
  const sent = clientData(input.response.response.clientDataJSON);
  const now = deps.clock.now();
  const taken = await repo.takeChallenge(deps.db, sent.challenge, 'register', now);
  if (!taken || taken.userId !== user.id) {
    throw new AppError('UNPROCESSABLE', 'That took too long or was already used. Start again.');
  }
  let info;
  try {
    const verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: sent.challenge,
      expectedOrigin: expectedOrigin(deps, sent.origin),
      expectedRPID: relyingParty(deps).id,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
    info = verified.verified ? verified.registrationInfo : undefined;
  } catch {
    info = undefined;
  }
  if (!info || !info.userVerified) throw new AppError('UNPROCESSABLE', PASSKEY_REFUSED);
  const { credential } = info;
  // The id the browser named is the one the authenticator made, and both fit what is kept.
  if (
    credential.id !== input.response.id ||
    credential.id.length < 16 ||
    credential.id.length > 1366 ||
    credential.publicKey.length > 2048
  ) {
    throw new AppError('UNPROCESSABLE', PASSKEY_REFUSED);
  }
  const handle = Buffer.from(userHandleOf(deps.config.secretKey, user.id)).toString('base64url');
  const name = input.name.trim();
  return deps.db.transaction().execute(async (trx) => {
    // The person's row, locked: two registrations at once cannot pass the limit together.
    await users.lockPasswordHolder(trx, user.id);
    if ((await repo.countInUse(trx, user.id)) >= repo.MAX_PASSKEYS) throw tooMany();
    if (await repo.credentialKnown(trx, credential.id)) {
      throw new AppError('CONFLICT', 'This passkey is already registered.');
    }
    const id = await repo.insertPasskey(trx, {
      userId: user.id,
      credentialId: credential.id,
      publicKey: credential.publicKey,
      counter: BigInt(credential.counter),
      transports: credential.transports ?? [],
      userHandle: handle,
      multiDevice: info.credentialDeviceType === 'multiDevice',
      backedUp: info.credentialBackedUp,
      name,
      at: now,
    });
    await deps.audit(trx, {
      action: 'security.passkey_added',
      actor: holder,
      targetId: String(user.id),
      customerId: user.kind === 'customer' ? user.id : null,
      after: { passkey: String(id), name },
    });
    await tell(deps, trx, user, 'added', name);
    return view({ id, name, createdAt: now, lastUsedAt: null });
  });
}

/** The person hears of a passkey added or removed: in the app (customers) and by email. */
async function tell(
  deps: AppDeps,
  trx: Kysely<DB>,
  user: UserRecord,
  change: 'added' | 'removed',
  name: string,
) {
  const at = deps.clock.now();
  const email =
    change === 'added'
      ? await passkeyAddedEmail(user.email, user.firstName, name, at)
      : await passkeyRemovedEmail(user.email, user.firstName, name, at);
  await deps.mail.send(trx, email);
  if (user.kind === 'customer') {
    await deps.notifications.send(
      trx,
      user.id,
      change === 'added' ? 'passkey.added' : 'passkey.removed',
      { name },
    );
  }
}

export async function renamePasskey(
  deps: AppDeps,
  holder: Holder,
  id: bigint,
  name: string,
): Promise<Passkey> {
  const user = await holderRecord(deps, holder.userId);
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.lockOwn(trx, user.id, id);
    if (!row) throw new AppError('NOT_FOUND', 'No such passkey');
    const trimmed = name.trim();
    await repo.rename(trx, id, trimmed);
    await deps.audit(trx, {
      action: 'security.passkey_renamed',
      actor: holder,
      targetId: String(user.id),
      customerId: user.kind === 'customer' ? user.id : null,
      before: { name: row.name },
      after: { passkey: String(id), name: trimmed },
    });
    return view({ ...row, name: trimmed });
  });
}

/**
 * Removes a passkey, given the account password (counted as every signed-in password check).
 * The row stays, marked removed, for the transfers it approved; it never verifies again.
 */
export async function removePasskey(
  deps: AppDeps,
  holder: Holder,
  id: bigint,
  currentPassword: string,
): Promise<void> {
  const user = await holderRecord(deps, holder.userId);
  await checkOwnPassword(deps, holder, currentPassword);
  await deps.db.transaction().execute(async (trx) => {
    // The person's row first (as adding does): two removals at once are counted one at a time.
    await users.lockPasswordHolder(trx, user.id);
    const row = await repo.lockOwn(trx, user.id, id);
    if (!row) throw new AppError('NOT_FOUND', 'No such passkey');
    // Two-step sign-in with passkeys keeps at least one.
    if (
      (await signinFactorMethod(trx, user.id)) === 'passkey' &&
      (await repo.countInUse(trx, user.id)) <= 1
    ) {
      throw new AppError(
        'CONFLICT',
        'Two-step sign-in asks for this passkey. Add another passkey, or turn two-step sign-in off (or to an authenticator app) first.',
      );
    }
    await repo.markRemoved(trx, id, deps.clock.now());
    await deps.audit(trx, {
      action: 'security.passkey_removed',
      actor: holder,
      targetId: String(user.id),
      customerId: user.kind === 'customer' ? user.id : null,
      after: { passkey: String(id), name: row.name },
    });
    await tell(deps, trx, user, 'removed', row.name);
  });
}

/** A name for a passkey: 1 to 60 characters once trimmed. */
export function checkName(name: string, field = 'body.name') {
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > 60) {
    throw fieldError(field, 'Give the passkey a name of 1 to 60 characters');
  }
}

// ---------------------------------------------------------------------------------------------
// Signing in with a passkey (discoverable: no email typed)

/** Options for a sign-in with any passkey of this bank; its challenge belongs to nobody yet. */
export async function signinOptions(deps: AppDeps): Promise<PasskeyOptions> {
  const challenge = await newChallenge(deps, deps.db, 'signin', null);
  return requestOptions(deps, challenge, []);
}

/**
 * Whose passkey signed the sign-in challenge: the challenge is used (once), the assertion
 * checked against the passkey it names, and its owner answered. Any failure is one answer.
 */
export async function passkeySignin(
  deps: AppDeps,
  response: AuthenticationResponseJSON,
  actor: Actor,
): Promise<UserRecord> {
  const sent = clientData(response.response.clientDataJSON);
  const taken = await repo.takeChallenge(deps.db, sent.challenge, 'signin', deps.clock.now());
  if (!taken) throw new AppError('UNPROCESSABLE', PASSKEY_REFUSED);
  const passkey = await auditingRefusal(deps, 'signin', actor, () =>
    deps.db.transaction().execute((trx) =>
      checkAssertion(deps, trx, {
        response,
        challenge: sent.challenge,
        origin: sent.origin,
        userId: null,
      }),
    ),
  );
  const user = await users.findUserById(deps.db, passkey.userId);
  if (!user) throw new AppError('UNPROCESSABLE', PASSKEY_REFUSED);
  return user;
}

// ---------------------------------------------------------------------------------------------
// A passkey as the second factor of a staff sign-in (instead of the authenticator app)

/** Options for the person's own passkeys, after their password was right. */
export async function secondFactorOptions(deps: AppDeps, userId: bigint): Promise<PasskeyOptions> {
  if (!(await repo.hasPasskey(deps.db, userId))) {
    throw new AppError('CONFLICT', 'You have no passkey yet: use your authenticator app.');
  }
  const challenge = await deps.db.transaction().execute(async (trx) => {
    await repo.dropChallenges(trx, { userId, purpose: 'second_factor' });
    return newChallenge(deps, trx, 'second_factor', userId);
  });
  // No list of the person's credentials (their passkeys are discoverable): someone who has only
  // the password learns nothing of them; the answer must still be one of theirs.
  return requestOptions(deps, challenge, []);
}

/** Checks the person's passkey answered their second-factor challenge (used once). */
export async function checkSecondFactor(
  deps: AppDeps,
  actor: Actor & { userId: bigint },
  response: AuthenticationResponseJSON,
): Promise<void> {
  const userId = actor.userId;
  const sent = clientData(response.response.clientDataJSON);
  const taken = await repo.takeChallenge(
    deps.db,
    sent.challenge,
    'second_factor',
    deps.clock.now(),
  );
  if (!taken || taken.userId !== userId) throw new AppError('UNPROCESSABLE', PASSKEY_REFUSED);
  await auditingRefusal(deps, 'second_factor', actor, () =>
    deps.db.transaction().execute((trx) =>
      checkAssertion(deps, trx, {
        response,
        challenge: sent.challenge,
        origin: sent.origin,
        userId,
      }),
    ),
  );
}

/**
 * Runs a check whose refusal rolls back, then keeps a refused answer of a known passkey in the
 * audit log on its own (its owner's record: which passkey, what for, why).
 */
async function auditingRefusal<T>(
  deps: AppDeps,
  purpose: RefusalPurpose,
  actor: Actor,
  check: () => Promise<T>,
): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof PasskeyRefused) await auditRefusal(deps, deps.db, error, purpose, actor);
    throw error;
  }
}
