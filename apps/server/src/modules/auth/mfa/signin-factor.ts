import { createHash, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT, type MfaSetup, type SecondFactorStatus } from '@bank/contract';
import { generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import type { AppDeps } from '../../../deps.js';
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
import { checkOwnPassword, users, type UserRecord } from '../../users/index.js';
import type { ClientInfo } from '../client.js';
import { alertOnNewDevice, routeSignedIn, type SecondStep, type SignedIn } from '../routing.js';
import * as repo from './repo.js';
import {
  MFA_DAILY_FAILURES,
  RESTART,
  SEAL_PURPOSE,
  WRONG,
  newRecoveryCode,
  refuse,
  printed,
  recoveryScope,
  timeStepOf,
} from './service.js';
import * as factors from './signin-factor-repo.js';
import type { SigninFactorMethod } from './signin-factor-repo.js';

/**
 * A customer's second factor for signing in (issue 21, decision 33): a passkey or an
 * authenticator app, turned on in Settings, with ten recovery codes. With it on, a sign-in with
 * the password from a browser the customer has not passed it in asks for it next (a
 * `second_factor` session of ten minutes that can do nothing else); passed, the browser is
 * remembered for 90 days. A sign-in with a passkey needs no second step: a passkey that verifies
 * its user is two factors already.
 */

export const TRUSTED_BROWSER_MS = 90 * 24 * 60 * 60_000;

const WRONG_RECOVERY_CODE =
  'That recovery code is not right, or it was already used. Check it, or use another of your codes.';

const PAUSED_FOR_CUSTOMERS =
  'Too many wrong codes today. Try again tomorrow, or sign in with your passkey if you have one.';

/** Someone signed in, acting on their own settings. */
export interface Holder {
  userId: bigint;
  ip: string;
  userAgent: string;
}

/**
 * Two-step sign-in is changed only by turning it off first, with the password: a session alone
 * cannot swap the factor (nor make new recovery codes by turning it on again).
 */
const alreadyOn = () =>
  new AppError(
    'CONFLICT',
    'Two-step sign-in is already on. To change how, turn it off first (with your password).',
  );

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

async function customer(deps: AppDeps, userId: bigint): Promise<UserRecord> {
  const user = await users.findUserById(deps.db, userId);
  if (!user || user.kind !== 'customer') throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  return user;
}

export async function secondFactorStatus(
  deps: AppDeps,
  userId: bigint,
): Promise<SecondFactorStatus> {
  const [factor, rememberedBrowsers] = await Promise.all([
    factors.signinFactorOf(deps.db, userId),
    factors.trustedBrowserCount(deps.db, userId, deps.clock.now()),
  ]);
  return {
    method: factor?.method ?? null,
    enabledAt: factor?.enabledAt.toISOString() ?? null,
    recoveryCodesLeft: factor ? await repo.recoveryCodesLeft(deps.db, userId) : 0,
    rememberedBrowsers,
  };
}

/** A new authenticator key for the customer to scan; nothing changes until a code confirms it. */
export async function startAuthenticator(deps: AppDeps, holder: Holder): Promise<MfaSetup> {
  const user = await customer(deps, holder.userId);
  if (await factors.signinFactorOf(deps.db, user.id)) throw alreadyOn();
  const secret = generateSecret();
  // An earlier key of a method since changed (never confirmed, or turned off) gives way.
  const old = await repo.secondFactorOf(deps.db, user.id);
  if (old?.enrolledAt) await repo.removeSecondFactor(deps.db, user.id);
  await repo.savePendingSecret(deps.db, user.id, seal(deps.config.secretKey, SEAL_PURPOSE, secret));
  const otpauthUrl = generateURI({ issuer: BANK_NAME, label: user.email, secret });
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 });
  return { secret, otpauthUrl, qrDataUrl };
}

/** Turns the second factor on with the authenticator app, confirmed by its first code. */
export async function enableAuthenticator(
  deps: AppDeps,
  holder: Holder,
  code: string,
): Promise<string[]> {
  const user = await customer(deps, holder.userId);
  const pending = await repo.secondFactorOf(deps.db, user.id);
  if (!pending || pending.enrolledAt) {
    throw new AppError('CONFLICT', 'Start the set-up again: no key was prepared.');
  }
  const secret = unseal(deps.config.secretKey, SEAL_PURPOSE, pending.secretSealed);
  const step = await timeStepOf(secret, code, deps.clock.now());
  if (step === null) throw new AppError('UNPROCESSABLE', WRONG);
  return deps.db.transaction().execute(async (trx) => {
    await users.lockPasswordHolder(trx, user.id);
    if (await factors.signinFactorOf(trx, user.id)) throw alreadyOn();
    if (!(await repo.markEnrolled(trx, user.id, step, deps.clock.now()))) {
      throw new AppError('CONFLICT', 'Your authenticator app is already set up.');
    }
    return turnedOn(deps, trx, user, holder, 'authenticator');
  });
}

/**
 * Turns the second factor on with the customer's passkeys (the caller checked they have one).
 * An authenticator app set up before stops being asked.
 */
export async function enablePasskey(
  deps: AppDeps,
  holder: Holder,
  /** Checks, under the person's lock, that they have a passkey (the passkeys module's table). */
  hasOne: (trx: AppDeps['db']) => Promise<void>,
): Promise<string[]> {
  const user = await customer(deps, holder.userId);
  return deps.db.transaction().execute(async (trx) => {
    // The person's row first, as removing a passkey takes it: the last one cannot go meanwhile.
    await users.lockPasswordHolder(trx, user.id);
    if (await factors.signinFactorOf(trx, user.id)) throw alreadyOn();
    await hasOne(trx);
    await repo.removeSecondFactor(trx, user.id);
    return turnedOn(deps, trx, user, holder, 'passkey');
  });
}

/** Records the method, makes ten recovery codes (answered once), and tells the customer. */
async function turnedOn(
  deps: AppDeps,
  trx: AppDeps['db'],
  user: UserRecord,
  holder: Holder,
  method: SigninFactorMethod,
): Promise<string[]> {
  await factors.setSigninFactor(trx, user.id, method, deps.clock.now());
  // Browsers trusted under another method are asked again.
  await factors.forgetBrowsers(trx, user.id);
  const codes = await newRecoveryCodes(deps, trx, user.id);
  await deps.audit(trx, {
    action: 'security.second_factor_on',
    actor: holder,
    targetId: String(user.id),
    customerId: user.id,
    after: { method },
  });
  await deps.notifications.send(trx, user.id, 'security.second_factor_on', { method });
  return codes;
}

async function newRecoveryCodes(deps: AppDeps, trx: AppDeps['db'], userId: bigint) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await repo.replaceRecoveryCodes(
    trx,
    userId,
    codes.map((c) => hashCode(deps.config.secretKey, recoveryScope(userId), c)),
  );
  return codes.map(printed);
}

/** Turns the second factor off, given the password; every browser is asked again if it returns. */
export async function turnOff(deps: AppDeps, holder: Holder, currentPassword: string) {
  const user = await customer(deps, holder.userId);
  await checkOwnPassword(deps, holder, currentPassword);
  await deps.db.transaction().execute(async (trx) => {
    const factor = await factors.signinFactorOf(trx, user.id);
    if (!factor) throw new AppError('CONFLICT', 'Two-step sign-in is already off.');
    await factors.removeSigninFactor(trx, user.id);
    await repo.removeSecondFactor(trx, user.id);
    await factors.forgetBrowsers(trx, user.id);
    await deps.audit(trx, {
      action: 'security.second_factor_off',
      actor: holder,
      targetId: String(user.id),
      customerId: user.id,
      before: { method: factor.method },
    });
    await deps.notifications.send(trx, user.id, 'security.second_factor_off', {});
  });
}

/** New recovery codes, given the password; the old ones stop working. */
export async function renewRecoveryCodes(deps: AppDeps, holder: Holder, currentPassword: string) {
  const user = await customer(deps, holder.userId);
  await checkOwnPassword(deps, holder, currentPassword);
  return deps.db.transaction().execute(async (trx) => {
    if (!(await factors.signinFactorOf(trx, user.id))) {
      throw new AppError('CONFLICT', 'Turn on two-step sign-in first.');
    }
    const codes = await newRecoveryCodes(deps, trx, user.id);
    await deps.audit(trx, {
      action: 'security.recovery_codes_renewed',
      actor: holder,
      targetId: String(user.id),
      customerId: user.id,
    });
    return codes;
  });
}

/**
 * Every browser the customer passed the second step in asks for it again, this one included (a
 * shared computer left remembered). No password is asked: forgetting only takes access away,
 * so the session is enough. Answers how many browsers were remembered until now.
 */
export async function forgetRememberedBrowsers(deps: AppDeps, holder: Holder): Promise<number> {
  const user = await customer(deps, holder.userId);
  return deps.db.transaction().execute(async (trx) => {
    const forgotten = await factors.trustedBrowserCount(trx, user.id, deps.clock.now());
    await factors.forgetBrowsers(trx, user.id);
    await deps.audit(trx, {
      action: 'security.trusted_browsers_forgotten',
      actor: holder,
      targetId: String(user.id),
      customerId: user.id,
      after: { forgotten },
    });
    return forgotten;
  });
}

/** The method a customer's sign-in asks for after the password, if any (passkeys module). */
export async function signinFactorMethod(db: AppDeps['db'], userId: bigint) {
  return (await factors.signinFactorOf(db, userId))?.method ?? null;
}

/**
 * How the customer's sign-in is protected, as the back office shows it: the second factor and
 * since when, and how many browsers are remembered now. Never a key, code or browser token.
 */
export async function signinProtectionOf(
  deps: AppDeps,
  userId: bigint,
): Promise<{
  twoStep: { method: SigninFactorMethod; enabledAt: string; recoveryCodesLeft: number } | null;
  trustedBrowsers: number;
}> {
  const [factor, trustedBrowsers, recoveryCodesLeft] = await Promise.all([
    factors.signinFactorOf(deps.db, userId),
    factors.trustedBrowserCount(deps.db, userId, deps.clock.now()),
    repo.recoveryCodesLeft(deps.db, userId),
  ]);
  return {
    twoStep: factor
      ? { method: factor.method, enabledAt: factor.enabledAt.toISOString(), recoveryCodesLeft }
      : null,
    trustedBrowsers,
  };
}

// ---------------------------------------------------------------------------------------------
// Signing in

/**
 * After a customer's right password: the second step, when they turned one on and this browser
 * has not passed it (null: none needed). A pending sign-in of theirs elsewhere ends, so guesses
 * cannot be spread over many sign-ins at once.
 */
export async function askSecondFactor(
  deps: AppDeps,
  user: UserRecord,
  client: ClientInfo,
  browserToken: string | undefined,
): Promise<SignedIn | null> {
  const factor = await factors.signinFactorOf(deps.db, user.id);
  if (!factor) return null;
  const now = deps.clock.now();
  if (browserToken && (await factors.isTrusted(deps.db, user.id, tokenHash(browserToken), now))) {
    return null;
  }
  // Under the person's lock: of two sign-ins at once, the later one's pending session ends the
  // earlier's, never both living.
  const session = await deps.db.transaction().execute(async (trx) => {
    await users.lockPasswordHolder(trx, user.id);
    await revokeSessionsOfScope(trx, user.id, 'second_factor');
    return createSession(trx, {
      userId: user.id,
      scope: 'second_factor',
      ip: client.ip,
      userAgent: client.userAgent,
    });
  });
  return { outcome: { next: 'second_factor', method: factor.method }, session };
}

/** A signed-in customer's session and the token that makes this browser trusted. */
export interface PassedSecondFactor extends SignedIn {
  /** Set when a session opened (not for a restriction notice or an identity check waiting). */
  browser: { token: string; expiresAt: Date } | null;
}

/**
 * The customer passed the second factor: the pending session ends, they go where the password
 * would have taken them (the spec's outcome table), and this browser is remembered.
 */
export async function passedSecondFactor(
  deps: AppDeps,
  session: ActiveSession,
  client: ClientInfo,
  secondStep: SecondStep,
  /** The pending session was ended already, with what passed the step (a recovery code). */
  ended = false,
): Promise<PassedSecondFactor> {
  if (!ended && !(await revokeSessionById(deps.db, session.sessionId))) {
    throw new AppError('UNAUTHENTICATED', RESTART);
  }
  await factors.clearFailures(deps.db, session.userId);
  const user = await customer(deps, session.userId);
  const result = await routeSignedIn(deps, user, client, 'password', secondStep);
  if (!result.session) return { ...result, browser: null };
  await alertOnNewDevice(deps, user, client);
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + TRUSTED_BROWSER_MS);
  await factors.trustBrowser(deps.db, user.id, tokenHash(token), now, expiresAt);
  return { ...result, browser: { token, expiresAt } };
}

/**
 * The second step with the authenticator app's code or a recovery code. Tries are counted
 * before they are judged: five wrong end the sign-in, ten in a day pause it until tomorrow.
 */
export async function verifyCustomerSecondFactor(
  deps: AppDeps,
  session: ActiveSession,
  input: { code: string } | { recoveryCode: string },
  client: ClientInfo,
): Promise<PassedSecondFactor> {
  const factor = await factors.signinFactorOf(deps.db, session.userId);
  if (!factor) throw new AppError('UNAUTHENTICATED', RESTART);
  const attempt = await factors.countTry(deps.db, session.userId, deps.clock.now());
  if (attempt > MFA_DAILY_FAILURES) {
    await revokeSessionsOfScope(deps.db, session.userId, 'second_factor');
    throw new AppError('CODES_PAUSED', PAUSED_FOR_CUSTOMERS);
  }
  let right = false;
  if ('code' in input) {
    const key =
      factor.method === 'authenticator'
        ? await repo.secondFactorOf(deps.db, session.userId)
        : undefined;
    if (key?.enrolledAt) {
      const secret = unseal(deps.config.secretKey, SEAL_PURPOSE, key.secretSealed);
      const step = await timeStepOf(secret, input.code, deps.clock.now());
      right = step !== null && (await repo.useTimeStep(deps.db, session.userId, step));
    }
  } else {
    right = await deps.db.transaction().execute(async (trx) => {
      for (const row of await repo.unusedRecoveryCodes(trx, session.userId)) {
        if (
          codeMatches(
            deps.config.secretKey,
            recoveryScope(session.userId),
            input.recoveryCode,
            row.codeHash,
          )
        ) {
          if (!(await repo.useRecoveryCode(trx, row.id, deps.clock.now()))) return false;
          // The pending sign-in ends with the code it used: a second request of the same
          // sign-in (another code, sent at once) finds it ended, and its code stays unused.
          if (!(await revokeSessionById(trx, session.sessionId))) {
            throw new AppError('UNAUTHENTICATED', RESTART);
          }
          // Told at once, by email and in the app, with how many are left.
          const left = await repo.recoveryCodesLeft(trx, session.userId);
          await deps.notifications.send(trx, session.userId, 'security.recovery_code_used', {
            left,
          });
          return true;
        }
      }
      return false;
    });
  }
  if (!right) {
    return refuse(deps, session, client, attempt, {
      scope: 'second_factor',
      paused: PAUSED_FOR_CUSTOMERS,
      wrong: 'code' in input ? WRONG : WRONG_RECOVERY_CODE,
    });
  }
  return passedSecondFactor(
    deps,
    session,
    client,
    'code' in input ? 'authenticator' : 'recovery_code',
    !('code' in input),
  );
}

/** Every browser must pass the second factor again (the password changed or was reset). */
export function forgetTrustedBrowsers(db: AppDeps['db'], userId: bigint) {
  return factors.forgetBrowsers(db, userId);
}
