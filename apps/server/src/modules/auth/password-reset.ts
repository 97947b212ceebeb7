import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { clientKey } from '../../platform/client-key.js';
import { NOBODY, WRONG_CODE, freshCode } from '../../platform/codes/index.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { defineJob } from '../../platform/jobs/types.js';
import { hashPassword, passwordProblem } from '../../platform/security/passwords.js';
import { revokeUserSessions } from '../../platform/security/sessions.js';
import { personalWords, users } from '../users/index.js';
import type { ClientInfo } from './client.js';
import { passwordChangedEmail, passwordResetEmail } from './emails.js';
import { forgetTrustedBrowsers } from './mfa/signin-factor.js';
import { clearSigninAttempts } from './throttle.js';

export const PASSWORD_RESET_JOB = 'auth.password_reset_request';

/**
 * Asks for a reset code. The request only queues the work, so the answer and the time it takes
 * are the same for every address, with or without an account; the job emails a code (and a
 * link carrying it) to a customer's address, at most once a minute. Staff passwords are never
 * reset by email (an administrator resets them, see `npm run staff:reset`).
 */
export async function requestPasswordReset(
  deps: AppDeps,
  email: string,
  requester: string,
): Promise<void> {
  await deps.jobs.enqueue(deps.db, PASSWORD_RESET_JOB, { email: email.toLowerCase(), requester });
}

export function passwordResetJob(deps: AppDeps) {
  return defineJob({
    kind: PASSWORD_RESET_JOB,
    payload: z.object({ email: z.string(), requester: z.string().optional() }),
    redactWhenDone: () => ({}),
    async run({ email, requester }) {
      await deps.db.transaction().execute(async (trx) => {
        const user = await users.findUserByEmail(trx, email);
        if (!user || user.kind !== 'customer') return;
        const code = await freshCode(deps, trx, user.id, 'password_reset', {
          ...(requester === undefined ? {} : { requester }),
        });
        if (!code) return;
        const link = `${deps.config.appUrl}/auth/reset/${encodeURIComponent(user.email)}/${code}`;
        await deps.mail.send(trx, await passwordResetEmail(user.email, user.firstName, code, link));
      });
    },
  });
}

/**
 * Sets a new password with a valid reset code: every session of the person ends, any sign-in
 * throttle is lifted, and the person is told by email.
 *
 * The code is judged first, and until it is right every answer is the same "wrong code", in
 * the same time: for an address without an account the code is checked against nobody, doing
 * the same work; a code used up, paused or wrong reads alike (the owner hears of a pause by
 * email). So neither the new password's strength nor the wording nor the timing tells anyone
 * whether an account exists. Wrong tries are counted per requester as well as per person, so a
 * stranger guessing stops themselves, not the owner. A refused password does not spend a right
 * code.
 */
export async function resetPassword(
  deps: AppDeps,
  input: { email: string; code: string; newPassword: string },
  client: ClientInfo,
): Promise<void> {
  const requester = clientKey(client.ip);
  const found = await users.findUserByEmail(deps.db, input.email);
  const user = found?.kind === 'customer' ? found : undefined;
  const checked = await deps.db.transaction().execute((trx) =>
    deps.codes.check(trx, {
      userId: user?.id ?? NOBODY,
      purpose: 'password_reset',
      code: input.code,
      consume: false,
      requester,
      actor: { userId: null, ip: client.ip, userAgent: client.userAgent },
    }),
  );
  if (!user || !checked.ok) throw new AppError('UNPROCESSABLE', WRONG_CODE);

  const problem = await passwordProblem(input.newPassword, personalWords(user));
  if (problem) throw fieldError('body.newPassword', problem);
  const passwordHash = await hashPassword(input.newPassword);

  await deps.db.transaction().execute(async (trx) => {
    // Spent here; a second reset with the same code at the same moment loses this race.
    if (!(await deps.codes.consume(trx, checked.codeId))) {
      throw new AppError('UNPROCESSABLE', WRONG_CODE);
    }
    await users.setPassword(trx, user.id, passwordHash);
    await clearSigninAttempts(trx, deps.config.secretKey, user.email);
    await revokeUserSessions(trx, user.id);
    // Whoever may have known the old password: every browser passes the second factor again.
    await forgetTrustedBrowsers(trx, user.id);
    await deps.mail.send(
      trx,
      await passwordChangedEmail(user.email, user.firstName, deps.clock.now()),
    );
  });
}
