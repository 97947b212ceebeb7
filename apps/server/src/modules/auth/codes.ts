import type { Kysely } from 'kysely';
import { EMAIL_CODE_LENGTH, EMAIL_CODE_MAX_ATTEMPTS, EMAIL_CODE_TTL_MS } from '@bank/contract';
import type { DB } from '../../db/schema.js';
import type { CodePurpose } from '../../db/tables/identity.js';
import { AppError } from '../../platform/errors.js';
import { codeMatches, generateNumericCode, hashCode } from '../../platform/security/codes.js';
import * as repo from './repo.js';

const scopeOf = (purpose: CodePurpose, userId: bigint) => `${purpose}:${userId}`;

/**
 * A fresh code for this person and purpose, replacing any earlier one. Only its keyed hash is
 * stored; the code itself goes back to the caller to be emailed, and nowhere else.
 */
export async function issueCode(
  trx: Kysely<DB>,
  secretKey: string,
  userId: bigint,
  purpose: CodePurpose,
): Promise<string> {
  const code = generateNumericCode(EMAIL_CODE_LENGTH);
  await repo.replaceCode(trx, {
    userId,
    purpose,
    codeHash: hashCode(secretKey, scopeOf(purpose, userId), code),
    expiresAt: new Date(Date.now() + EMAIL_CODE_TTL_MS),
  });
  return code;
}

/** When the current code was sent (for the resend cool-down), or null. */
export async function lastCodeSentAt(trx: Kysely<DB>, userId: bigint, purpose: CodePurpose) {
  return (await repo.activeCode(trx, userId, purpose))?.createdAt ?? null;
}

export const WRONG_CODE =
  'The code is wrong or has expired. Check the latest email, or send a new code.';

/**
 * Checks and uses up a code: single use, 10 minutes, 5 attempts. Every failure says the same
 * thing. Must run in a transaction (the code row is locked, so two guesses cannot both count
 * as the fifth).
 */
export async function consumeValidCode(
  trx: Kysely<DB>,
  secretKey: string,
  userId: bigint,
  purpose: CodePurpose,
  code: string,
): Promise<{ ok: true } | { ok: false; error: AppError }> {
  const active = await repo.activeCode(trx, userId, purpose);
  if (!active || active.expiresAt.getTime() <= Date.now()) {
    return { ok: false, error: new AppError('UNPROCESSABLE', WRONG_CODE) };
  }
  if (active.attempts >= EMAIL_CODE_MAX_ATTEMPTS) {
    return {
      ok: false,
      error: new AppError('UNPROCESSABLE', 'Too many wrong codes. Send a new code to try again.'),
    };
  }
  if (!codeMatches(secretKey, scopeOf(purpose, userId), code, active.codeHash)) {
    await repo.countFailedAttempt(trx, active.id);
    return { ok: false, error: new AppError('UNPROCESSABLE', WRONG_CODE) };
  }
  await repo.consumeCode(trx, active.id);
  return { ok: true };
}
