import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, type MfaSetup } from '@bank/contract';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { AppDeps } from '../../../deps.js';
import { auditSecurityEvent } from '../../../platform/audit/index.js';
import { codeMatches, hashCode } from '../../../platform/codes/index.js';
import { AppError } from '../../../platform/errors.js';
import { BANK_NAME } from '../../../platform/mail/index.js';
import { seal, unseal } from '../../../platform/security/seal.js';
import {
  createSession,
  revokeSessionById,
  revokeSessionsOfScope,
  type ActiveSession,
} from '../../../platform/security/sessions.js';
import { users } from '../../users/index.js';
import type { ClientInfo } from '../client.js';
import * as repo from './repo.js';

/**
 * The staff second factor (ASVS: administrative interfaces need multi-factor authentication):
 * an authenticator app (TOTP, RFC 6238, by otplib), set up at the first sign-in with a QR code,
 * with ten one-time recovery codes for a lost phone. A staff sign-in is two steps: the password
 * opens a ten-minute `mfa_pending` session that can do nothing but this; the code turns it into
 * a staff session (a new token: the session is rotated at the step-up).
 */

export const SEAL_PURPOSE = 'staff-totp-secret';
/** A code is accepted from the previous, current or next 30-second step (clock drift). */
const TOLERANCE_SECONDS = 30;
/** Wrong codes in one sign-in before it must start again from the password. */
export const MFA_FAILURES_PER_SIGNIN = 5;
/** Wrong codes in a rolling day before the second factor pauses for this person. */
export const MFA_DAILY_FAILURES = 10;

export const WRONG =
  'That code is not right. Check the time on your phone and use the newest code.';
export const PAUSED =
  'Too many wrong codes today. Try again tomorrow, or ask an administrator to reset your sign-in.';
export const RESTART = 'Too many wrong codes. Please sign in again.';

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return code;
}

/** As printed for the person: "abcde-fghij". */
export function printed(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export const recoveryScope = (userId: bigint) => `staff-recovery:${userId}`;

/**
 * Counts a try before its code is judged, in one statement, and returns its number in the day:
 * tries sent at the same moment (from as many sign-ins as an attacker can open) each get their
 * own number, so no more than the day's limit are ever judged. A right code clears the count.
 * Past the limit the try is refused unjudged.
 */
async function reserveTry(deps: AppDeps, userId: bigint): Promise<number> {
  const number = await repo.countTry(deps.db, userId, deps.clock.now());
  if (number > MFA_DAILY_FAILURES) {
    await revokeSessionsOfScope(deps.db, userId, 'mfa_pending');
    throw new AppError('CODES_PAUSED', PAUSED);
  }
  return number;
}

/** What a refusal of the second step says, and whose pending sign-ins it ends. */
export interface Refusal {
  scope: 'mfa_pending' | 'second_factor';
  paused: string;
  wrong: string;
}

const STAFF_REFUSAL: Refusal = { scope: 'mfa_pending', paused: PAUSED, wrong: WRONG };

/**
 * A wrong code: audited, and past the limits the sign-in or the day is over (staff, or a
 * customer at their second step).
 */
export async function refuse(
  deps: AppDeps,
  session: ActiveSession,
  client: ClientInfo,
  failures: number,
  { scope, paused, wrong }: Refusal = STAFF_REFUSAL,
): Promise<never> {
  // Recorded, and the limits below apply even if the record cannot be written.
  await auditSecurityEvent(deps.audit, deps.db, {
    action: 'security.mfa_failed',
    actor: { userId: session.userId, ip: client.ip, userAgent: client.userAgent },
    targetId: String(session.userId),
    // A customer's: on their record, where a right password and a wrong second step show.
    customerId: scope === 'second_factor' ? session.userId : null,
    after: { failuresToday: failures },
  });
  // Every pending sign-in of this person ends, not just this one: guesses spread over many
  // sign-ins meet the same limits.
  if (failures >= MFA_DAILY_FAILURES) {
    await revokeSessionsOfScope(deps.db, session.userId, scope);
    throw new AppError('CODES_PAUSED', paused);
  }
  if (failures % MFA_FAILURES_PER_SIGNIN === 0) {
    await revokeSessionsOfScope(deps.db, session.userId, scope);
    throw new AppError('UNAUTHENTICATED', RESTART);
  }
  throw new AppError('UNPROCESSABLE', wrong);
}

/** The time step a code belongs to, or null when it is not a current code of this key. */
export async function timeStepOf(secret: string, code: string, now: Date): Promise<bigint | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
  });
  return result.valid && 'timeStep' in result ? BigInt(result.timeStep) : null;
}

/** The key and its QR code for a staff member who has not set up their app yet. */
export async function startEnrolment(deps: AppDeps, session: ActiveSession): Promise<MfaSetup> {
  const user = await users.findUserById(deps.db, session.userId);
  if (!user || user.kind !== 'staff') throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  if ((await repo.mfaStatus(deps.db, user.id)).enrolled) {
    throw new AppError('CONFLICT', 'Your authenticator app is already set up.');
  }
  const secret = generateSecret();
  await repo.savePendingSecret(deps.db, user.id, seal(deps.config.secretKey, SEAL_PURPOSE, secret));
  const otpauthUrl = generateURI({ issuer: BANK_NAME, label: user.email, secret });
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 });
  return { secret, otpauthUrl, qrDataUrl };
}

/**
 * Opens the real staff session in place of the pending one, and records the sign-in (also after
 * a passkey as the second factor: modules/passkeys).
 */
export async function promote(
  deps: AppDeps,
  session: ActiveSession,
  client: ClientInfo,
  action:
    'staff.mfa_enrolled' | 'staff.signin' | 'staff.signin_recovery_code' | 'staff.signin_passkey',
): Promise<{ token: string; expiresAt: Date }> {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await revokeSessionById(trx, session.sessionId))) {
      throw new AppError('UNAUTHENTICATED', RESTART);
    }
    await repo.clearFailures(trx, session.userId);
    await users.recordStaffSignin(trx, session.userId, deps.clock.now());
    await deps.audit(trx, {
      action,
      actor: { userId: session.userId, ip: client.ip, userAgent: client.userAgent },
      targetId: String(session.userId),
    });
    return createSession(trx, {
      userId: session.userId,
      scope: 'staff',
      ip: client.ip,
      userAgent: client.userAgent,
    });
  });
}

/**
 * Confirms the app with its first code: the key is kept, ten recovery codes are made (shown
 * this once, stored only as keyed hashes), and the staff session opens.
 */
export async function finishEnrolment(
  deps: AppDeps,
  session: ActiveSession,
  code: string,
  client: ClientInfo,
) {
  const factor = await repo.secondFactorOf(deps.db, session.userId);
  if (!factor) throw new AppError('CONFLICT', 'Start the set-up again: no key was prepared.');
  if (factor.enrolledAt) {
    throw new AppError('CONFLICT', 'Your authenticator app is already set up.');
  }
  const attempt = await reserveTry(deps, session.userId);
  const secret = unseal(deps.config.secretKey, SEAL_PURPOSE, factor.secretSealed);
  const step = await timeStepOf(secret, code, deps.clock.now());
  if (step === null) return refuse(deps, session, client, attempt);

  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.markEnrolled(trx, session.userId, step, deps.clock.now()))) {
      throw new AppError('CONFLICT', 'Your authenticator app is already set up.');
    }
    await repo.replaceRecoveryCodes(
      trx,
      session.userId,
      recoveryCodes.map((c) => hashCode(deps.config.secretKey, recoveryScope(session.userId), c)),
    );
  });
  const staffSession = await promote(deps, session, client, 'staff.mfa_enrolled');
  return { recoveryCodes: recoveryCodes.map(printed), session: staffSession };
}

/** Finishes a staff sign-in with the app's code or a recovery code. */
export async function verifySecondFactor(
  deps: AppDeps,
  session: ActiveSession,
  input: { code: string } | { recoveryCode: string },
  client: ClientInfo,
) {
  const factor = await repo.secondFactorOf(deps.db, session.userId);
  if (!factor?.enrolledAt) {
    throw new AppError('CONFLICT', 'Set up your authenticator app first.');
  }
  const attempt = await reserveTry(deps, session.userId);
  if ('code' in input) {
    const secret = unseal(deps.config.secretKey, SEAL_PURPOSE, factor.secretSealed);
    const step = await timeStepOf(secret, input.code, deps.clock.now());
    // A code already used (a replay, or the same code sent twice at once) counts as wrong.
    if (step === null || !(await repo.useTimeStep(deps.db, session.userId, step))) {
      return refuse(deps, session, client, attempt);
    }
  } else {
    const used = await deps.db.transaction().execute(async (trx) => {
      for (const row of await repo.unusedRecoveryCodes(trx, session.userId)) {
        const scope = recoveryScope(session.userId);
        if (codeMatches(deps.config.secretKey, scope, input.recoveryCode, row.codeHash)) {
          return repo.useRecoveryCode(trx, row.id, deps.clock.now());
        }
      }
      return false;
    });
    if (!used) return refuse(deps, session, client, attempt);
  }
  const staffSession = await promote(
    deps,
    session,
    client,
    'code' in input ? 'staff.signin' : 'staff.signin_recovery_code',
  );
  const left = await repo.recoveryCodesLeft(deps.db, session.userId);
  return { session: staffSession, recoveryCodesLeft: left };
}

/** New recovery codes for a signed-in staff member who proves the app again (old ones end). */
export async function renewRecoveryCodes(
  deps: AppDeps,
  session: ActiveSession,
  code: string,
  client: ClientInfo,
): Promise<string[]> {
  const factor = await repo.secondFactorOf(deps.db, session.userId);
  if (!factor?.enrolledAt) throw new AppError('CONFLICT', 'Set up your authenticator app first.');
  const attempt = await reserveTry(deps, session.userId);
  const secret = unseal(deps.config.secretKey, SEAL_PURPOSE, factor.secretSealed);
  const step = await timeStepOf(secret, code, deps.clock.now());
  if (step === null || !(await repo.useTimeStep(deps.db, session.userId, step))) {
    await auditSecurityEvent(deps.audit, deps.db, {
      action: 'security.mfa_failed',
      actor: { userId: session.userId, ip: client.ip, userAgent: client.userAgent },
      targetId: String(session.userId),
      after: { failuresToday: attempt, renewingRecoveryCodes: true },
    });
    throw new AppError(attempt >= MFA_DAILY_FAILURES ? 'CODES_PAUSED' : 'UNPROCESSABLE', WRONG);
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await deps.db.transaction().execute(async (trx) => {
    await repo.clearFailures(trx, session.userId);
    await repo.replaceRecoveryCodes(
      trx,
      session.userId,
      codes.map((c) => hashCode(deps.config.secretKey, recoveryScope(session.userId), c)),
    );
    await deps.audit(trx, {
      action: 'staff.recovery_codes_renewed',
      actor: { userId: session.userId, ip: client.ip, userAgent: client.userAgent },
      targetId: String(session.userId),
    });
  });
  return codes.map(printed);
}
