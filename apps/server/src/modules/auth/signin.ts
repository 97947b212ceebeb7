import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { SYSTEM_ACTOR } from '../../platform/audit/index.js';
import { NOBODY, freshCode } from '../../platform/codes/index.js';
import { AppError } from '../../platform/errors.js';
import { defineJob } from '../../platform/jobs/types.js';
import { decoyPasswordHash, verifyPassword } from '../../platform/security/passwords.js';
import { users, type UserRecord } from '../users/index.js';
import type { ClientInfo } from './client.js';
import { signinCodeEmail, signinThrottledEmail, verificationEmail } from './emails.js';
import { INVALID_CREDENTIALS, alertOnNewDevice, routeSignedIn, type SignedIn } from './routing.js';
import { askSecondFactor } from './mfa/signin-factor.js';
import { SIGNIN_FREE_ATTEMPTS, clearSigninAttempts, countSigninAttempt } from './throttle.js';

export { SIGNIN_FREE_ATTEMPTS } from './throttle.js';

export { INVALID_CREDENTIALS };
/** Past the free attempts, one answer for a wrong password, a wrong code or both. */
export const SIGNIN_CODE_REFUSED =
  'That did not work: the code may be wrong or expired, or the password not right. Check both, or send a new code.';

export const SIGNIN_FOLLOWUP_JOB = 'auth.signin_followup';

/**
 * The spec's sign-in, outcome by outcome (section 4, "Login outcomes"), with the throttle of
 * decision 9. Every attempt is counted by address before anything is judged, and every attempt
 * checks a password (a decoy for an address without an account), so answers and their timing
 * are the same whether or not the address has an account:
 * - the first five attempts since the last success: a wrong password or an unknown address is
 *   `401 Invalid Credentials`; the right password signs in;
 * - past them, the answer to any password is "a code was emailed" (`signin_code`), and only the
 *   owner who gave the right password receives one; the password and the code are then judged
 *   together, with one answer for any mistake. No password can be tested online any more, and
 *   the owner is never locked out.
 */
export async function signin(
  deps: AppDeps,
  input: { email: string; password: string; code?: string | undefined },
  client: ClientInfo,
  /** The trusted-browser cookie's token, if any (decision 33). */
  browserToken?: string,
): Promise<SignedIn> {
  const attempt = await countSigninAttempt(deps.db, deps.config.secretKey, input.email);
  const user = await users.findUserByEmail(deps.db, input.email);
  const passwordRight =
    (await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password)) &&
    user !== undefined;

  const followUp = (sendCode: boolean, failed: boolean) =>
    deps.jobs.enqueue(deps.db, SIGNIN_FOLLOWUP_JOB, {
      email: input.email.toLowerCase(),
      sendCode,
      failure: failed ? { attempt, ip: client.ip, userAgent: client.userAgent } : null,
    });

  if (attempt <= SIGNIN_FREE_ATTEMPTS) {
    if (!passwordRight) {
      await followUp(false, true);
      throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
    }
    return signedIn(deps, user, input.email, client, browserToken);
  }

  if (input.code === undefined) {
    // The same work and answer for everyone, one job each: only the job knows whether to email
    // a code, or to record a failure.
    await followUp(passwordRight, !passwordRight);
    return { outcome: { next: 'signin_code', email: input.email }, session: null };
  }
  const code = input.code;
  const checked = await deps.db.transaction().execute((trx) =>
    deps.codes.check(trx, {
      userId: passwordRight && user ? user.id : NOBODY,
      purpose: 'signin',
      code,
      actor: { userId: null, ip: client.ip, userAgent: client.userAgent },
    }),
  );
  if (!passwordRight || !checked.ok) {
    await followUp(false, true);
    throw new AppError('UNPROCESSABLE', SIGNIN_CODE_REFUSED);
  }
  return signedIn(deps, user, input.email, client, browserToken);
}

/** The password (and the code, if one was needed) was right: the count starts again. */
async function signedIn(
  deps: AppDeps,
  user: UserRecord | undefined,
  email: string,
  client: ClientInfo,
  browserToken: string | undefined,
): Promise<SignedIn> {
  if (!user) throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  if (user.kind === 'customer' && !user.emailVerifiedAt) {
    await clearSigninAttempts(deps.db, deps.config.secretKey, email);
    await deps.db.transaction().execute(async (trx) => {
      const code = await freshCode(deps, trx, user.id, 'email_verification');
      if (code)
        await deps.mail.send(trx, await verificationEmail(user.email, user.firstName, code));
    });
    return { outcome: { next: 'verify_email', email: user.email }, session: null };
  }
  if (user.kind === 'customer') {
    // A customer who turned on a second factor passes it next, unless this browser has before.
    const pending = await askSecondFactor(deps, user, client, browserToken);
    if (pending) {
      await clearSigninAttempts(deps.db, deps.config.secretKey, email);
      return pending;
    }
  }
  // Refused here (a deactivated staff member), the attempt stays counted as a failure.
  const result = await routeSignedIn(deps, user, client);
  await clearSigninAttempts(deps.db, deps.config.secretKey, email);
  if (result.session && user.kind === 'customer') await alertOnNewDevice(deps, user, client);
  return result;
}

/**
 * What a sign-in leaves to do in the background, so that the request costs the same for every
 * address and every password (one job per attempt, whatever happened):
 * - a failed attempt of an account is a security event for the audit log (an address without an
 *   account is nobody's event, and would let anyone grow the append-only log);
 * - the failed attempt that uses up the free ones tells the owner (audited);
 * - past them, the owner who gave the right password is emailed a code (at most once a minute).
 */
export function signinFollowupJob(deps: AppDeps) {
  return defineJob({
    kind: SIGNIN_FOLLOWUP_JOB,
    payload: z.object({
      email: z.string(),
      sendCode: z.boolean(),
      failure: z
        .object({ attempt: z.number().int(), ip: z.string(), userAgent: z.string() })
        .nullable()
        .default(null),
      /** Jobs queued before failures were recorded here. */
      throttled: z.boolean().optional(),
    }),
    redactWhenDone: () => ({}),
    async run({ email, sendCode, failure, throttled }) {
      if (!email) return;
      await deps.db.transaction().execute(async (trx) => {
        const user = await users.findUserByEmail(trx, email);
        if (!user) return;
        if (failure) {
          await deps.audit(trx, {
            action: 'security.signin_failed',
            actor: { userId: null, ip: failure.ip, userAgent: failure.userAgent },
            targetId: String(user.id),
            customerId: user.kind === 'customer' ? user.id : null,
            after: { attempt: failure.attempt },
          });
        }
        if (throttled || failure?.attempt === SIGNIN_FREE_ATTEMPTS) {
          await deps.audit(trx, {
            action: 'security.signin_throttled',
            actor: SYSTEM_ACTOR,
            targetId: String(user.id),
            customerId: user.kind === 'customer' ? user.id : null,
            after: { attempts: SIGNIN_FREE_ATTEMPTS },
          });
          await deps.mail.send(trx, await signinThrottledEmail(user.email, user.firstName));
        }
        if (sendCode) {
          const code = await freshCode(deps, trx, user.id, 'signin');
          if (code)
            await deps.mail.send(trx, await signinCodeEmail(user.email, user.firstName, code));
        }
      });
    },
  });
}
