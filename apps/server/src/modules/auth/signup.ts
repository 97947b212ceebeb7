import { createHmac } from 'node:crypto';
import type { SignupRequest } from '@bank/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { fieldError } from '../../platform/errors.js';
import { defineJob } from '../../platform/jobs/types.js';
import { hashPassword, passwordProblem } from '../../platform/security/passwords.js';
import { personalWords, users } from '../users/index.js';
import { alreadyRegisteredEmail, signupFailedEmail, verificationEmail } from './emails.js';

const USERNAME_TAKEN = 'That username is taken. Please choose another.';
const USERNAME_HELD_MS = 24 * 60 * 60_000;
export const SIGNUP_JOB = 'auth.signup';

/**
 * Opens a customer's profile (email not yet verified) and emails a code. The request checks
 * what the person typed (password rules, a free username: usernames are shown to others, so a
 * taken one is said plainly) and queues the rest, so that the answer, and the time it takes, are
 * the same whether or not the address already has an account. The job then opens the profile
 * and emails the code, or tells the address's owner that someone tried (at most once a day).
 */
export async function signup(deps: AppDeps, input: SignupRequest): Promise<{ email: string }> {
  const problem = await passwordProblem(input.password, personalWords(input));
  if (problem) throw fieldError('body.password', problem);
  // Held for a day for this address whether or not it has an account, so that "taken" says
  // nothing about the address (decision 0009).
  const now = deps.clock.now();
  const held = await users.reserveUsername(
    deps.db,
    input.username,
    input.email,
    (email) =>
      createHmac('sha256', deps.config.secretKey).update(email.toLowerCase()).digest('hex'),
    now,
    new Date(now.getTime() + USERNAME_HELD_MS),
  );
  if (!held) throw fieldError('body.username', USERNAME_TAKEN);
  const passwordHash = await hashPassword(input.password);
  await deps.jobs.enqueue(deps.db, SIGNUP_JOB, {
    firstName: input.firstName,
    lastName: input.lastName,
    username: input.username,
    email: input.email,
    passwordHash,
  });
  return { email: input.email };
}

export function signupJob(deps: AppDeps) {
  return defineJob({
    kind: SIGNUP_JOB,
    payload: z.object({
      firstName: z.string(),
      lastName: z.string(),
      username: z.string(),
      email: z.string(),
      passwordHash: z.string(),
    }),
    // Nothing of the person stays in the queue once the profile exists.
    redactWhenDone: () => ({}),
    async run(person) {
      await deps.db.transaction().execute(async (trx) => {
        const existing = await users.findUserByEmail(trx, person.email);
        if (existing) {
          if (await users.claimDuplicateSignupNotice(trx, existing.id, deps.clock.now())) {
            await deps.mail.send(
              trx,
              await alreadyRegisteredEmail(existing.email, existing.firstName),
            );
          }
          return;
        }
        const userId = await users.insertCustomer(trx, person);
        if (userId === null) {
          // Taken at the same moment: the address by a sign-up just before (nothing to say to
          // the same person twice), or the username, which the person is told by email.
          if (await users.findUserByEmail(trx, person.email)) return;
          await deps.mail.send(
            trx,
            await signupFailedEmail(person.email, person.firstName, person.username),
          );
          return;
        }
        const { code } = await deps.codes.issue(trx, { userId, purpose: 'email_verification' });
        await deps.mail.send(trx, await verificationEmail(person.email, person.firstName, code));
      });
    },
  });
}
