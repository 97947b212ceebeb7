import { randomBytes } from 'node:crypto';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { PasskeyOptions } from '@bank/contract';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/audit/index.js';
import { auditRefusal } from './refusals.js';
import * as repo from './repo.js';
import {
  CHALLENGE_TTL_MS,
  PASSKEY_REFUSED,
  PasskeyRefused,
  checkAssertion,
  clientData,
  requestOptions,
  transferChallenge,
} from './webauthn.js';

/**
 * Approving a transfer with a passkey (dynamic linking, decision 0033). The transfers module
 * gives the transfer's details as the code is bound to them (its id, amount, charge, currency,
 * source, and every detail of the payee); the challenge is their hash with a server nonce, so
 * an assertion approves this transfer with these details and nothing else.
 */

interface ForTransfer {
  userId: bigint;
  transferId: bigint;
  /** The details the approval is bound to, in a fixed order. */
  details: Record<string, string>;
}

export const CHANGED_SINCE_ASKED =
  'The transfer changed after your passkey was asked. Approve it again.';

/** Options for the person's passkeys, bound to the transfer; an earlier challenge for it ends. */
export async function transferPasskeyOptions(
  deps: AppDeps,
  trx: Kysely<DB>,
  input: ForTransfer,
): Promise<PasskeyOptions> {
  const keys = await repo.passkeysOf(trx, input.userId);
  if (keys.length === 0) {
    throw new AppError(
      'CONFLICT',
      'You have no passkey yet: enter the code we emailed you, or add a passkey in Settings.',
    );
  }
  await repo.dropChallenges(trx, {
    userId: input.userId,
    purpose: 'transfer',
    transferId: input.transferId,
  });
  const nonce = randomBytes(16);
  const challenge = transferChallenge(input.details, nonce);
  const at = deps.clock.now();
  await repo.insertChallenge(trx, {
    challenge,
    purpose: 'transfer',
    userId: input.userId,
    transferId: input.transferId,
    nonce,
    at,
    expiresAt: new Date(at.getTime() + CHALLENGE_TTL_MS),
  });
  return requestOptions(deps, challenge, keys);
}

/**
 * Checks an assertion for the transfer inside the caller's transaction. The challenge is used
 * whatever the outcome (the caller commits a refusal too, as a wrong code is kept): answered is
 * the passkey that approved, or the refusal to give.
 */
export async function approveTransferWithPasskey(
  deps: AppDeps,
  trx: Kysely<DB>,
  input: ForTransfer & { response: AuthenticationResponseJSON; actor: Actor },
): Promise<{ ok: true; passkeyId: bigint } | { ok: false; error: AppError }> {
  const sent = clientData(input.response.response.clientDataJSON);
  const taken = await repo.takeChallenge(trx, sent.challenge, 'transfer', deps.clock.now());
  if (!taken?.nonce || taken.userId !== input.userId || taken.transferId !== input.transferId) {
    return { ok: false, error: new AppError('UNPROCESSABLE', PASSKEY_REFUSED) };
  }
  if (transferChallenge(input.details, taken.nonce) !== sent.challenge) {
    return { ok: false, error: new AppError('UNPROCESSABLE', CHANGED_SINCE_ASKED) };
  }
  try {
    const passkey = await checkAssertion(deps, trx, {
      response: input.response,
      challenge: sent.challenge,
      origin: sent.origin,
      userId: input.userId,
    });
    return { ok: true, passkeyId: passkey.id };
  } catch (error) {
    // Kept with the refusal, which commits: which passkey answered, and why it was refused.
    if (error instanceof PasskeyRefused) {
      await auditRefusal(deps, trx, error, 'transfer', input.actor);
    }
    if (error instanceof AppError) return { ok: false, error };
    throw error;
  }
}

/** A transfer's details changed: a passkey asked for the old ones can no longer approve it. */
export async function dropTransferChallenges(trx: Kysely<DB>, userId: bigint, transferId: bigint) {
  await repo.dropChallenges(trx, { userId, purpose: 'transfer', transferId });
}
