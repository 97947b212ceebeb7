import { z } from 'zod';
import { CODES_PAUSED_JOB, type AppDeps } from '../../deps.js';
import { CODE_PURPOSES, PURPOSE_LABEL } from '../../platform/codes/index.js';
import { defineJob } from '../../platform/jobs/types.js';
import { users } from '../users/index.js';
import { codesPausedEmail } from './emails.js';

/** Tells a person that codes of a purpose were paused after too many wrong tries (once). */
export function codesPausedJob(deps: AppDeps) {
  return defineJob({
    kind: CODES_PAUSED_JOB,
    payload: z.object({
      userId: z.string().regex(/^\d+$/),
      purpose: z.enum(CODE_PURPOSES),
      until: z.iso.datetime(),
    }),
    async run({ userId, purpose, until }) {
      const user = await users.findUserById(deps.db, BigInt(userId));
      if (!user) return;
      await deps.mail.send(
        deps.db,
        await codesPausedEmail(user.email, user.firstName, PURPOSE_LABEL[purpose], new Date(until)),
      );
    },
  });
}
