import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { clientKey } from '../../platform/client-key.js';
import { NOBODY, WRONG_CODE, freshCode } from '../../platform/codes/index.js';
import { AppError } from '../../platform/errors.js';
import { defineJob } from '../../platform/jobs/types.js';
import { users } from '../users/index.js';
import type { ClientInfo } from './client.js';
import { verificationEmail } from './emails.js';
import { routeSignedIn, type SignedIn } from './routing.js';

export const RESEND_VERIFICATION_JOB = 'auth.resend_verification';

/**
 * Asks for a new verification code. The request only queues the work, so the answer and its
 * timing are the same for every address; the job sends a code only to an unverified customer,
 * at most once a minute.
 */
export async function requestVerificationCode(
  deps: AppDeps,
  email: string,
  requester: string,
): Promise<void> {
  await deps.jobs.enqueue(deps.db, RESEND_VERIFICATION_JOB, {
    email: email.toLowerCase(),
    requester,
  });
}

export function resendVerificationJob(deps: AppDeps) {
  return defineJob({
    kind: RESEND_VERIFICATION_JOB,
    payload: z.object({ email: z.string(), requester: z.string().optional() }),
    redactWhenDone: () => ({}),
    async run({ email, requester }) {
      await deps.db.transaction().execute(async (trx) => {
        const user = await users.findUserByEmail(trx, email);
        if (!user || user.kind !== 'customer' || user.emailVerifiedAt) return;
        const code = await freshCode(deps, trx, user.id, 'email_verification', {
          ...(requester === undefined ? {} : { requester }),
        });
        if (code)
          await deps.mail.send(trx, await verificationEmail(user.email, user.firstName, code));
      });
    },
  });
}

/**
 * Checks the emailed code; on success the email is verified and the person routed on. As for a
 * reset, every failure reads the same and costs the same (an address without an unverified
 * account is checked against nobody), and wrong tries count per requester as well as per person.
 */
export async function verifyEmail(
  deps: AppDeps,
  input: { email: string; code: string },
  client: ClientInfo,
): Promise<SignedIn> {
  const found = await users.findUserByEmail(deps.db, input.email);
  const user = found?.kind === 'customer' && !found.emailVerifiedAt ? found : undefined;
  const result = await deps.db.transaction().execute(async (trx) => {
    const checked = await deps.codes.check(trx, {
      userId: user?.id ?? NOBODY,
      purpose: 'email_verification',
      code: input.code,
      requester: clientKey(client.ip),
      actor: { userId: null, ip: client.ip, userAgent: client.userAgent },
    });
    if (checked.ok && user) await users.markEmailVerified(trx, user.id);
    return checked;
  });
  // A failed try was committed above, so the count holds even though we refuse.
  if (!user || !result.ok) throw new AppError('UNPROCESSABLE', WRONG_CODE);
  return routeSignedIn(deps, { ...user, emailVerifiedAt: deps.clock.now() }, client);
}
