import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { SYSTEM_ACTOR, audit } from '../../platform/audit/index.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword, passwordProblem } from '../../platform/security/passwords.js';
import { revokeUserSessions } from '../../platform/security/sessions.js';
import { removeSecondFactor } from '../auth/index.js';
import { removeAllPasskeys } from '../passkeys/index.js';
import { users } from '../users/index.js';

/**
 * An administrator's reset of a staff member's sign-in (`npm run staff:reset`), since staff
 * passwords never go through the customers' email flow: a new password, every session ended,
 * and optionally the second factor forgotten so that it is set up again at the next sign-in.
 * Audited, with the system as actor (run by an operator with access to the server).
 */
export async function resetStaffSignin(
  db: Kysely<DB>,
  input: { email: string; password?: string; resetSecondFactor: boolean },
): Promise<void> {
  const user = await users.findUserByEmail(db, input.email.trim());
  if (!user || user.kind !== 'staff') {
    throw new AppError('NOT_FOUND', `${input.email} is not a staff member`);
  }
  let passwordHash: string | undefined;
  if (input.password !== undefined) {
    const problem = await passwordProblem(input.password, [user.email, user.username]);
    if (problem) throw new AppError('BAD_REQUEST', `STAFF_PASSWORD: ${problem}`);
    passwordHash = await hashPassword(input.password);
  }
  if (!passwordHash && !input.resetSecondFactor) {
    throw new AppError(
      'BAD_REQUEST',
      'Nothing to reset: give a new password, a second factor reset, or both.',
    );
  }
  await db.transaction().execute(async (trx) => {
    if (passwordHash) await users.setPassword(trx, user.id, passwordHash);
    if (input.resetSecondFactor) {
      await removeSecondFactor(trx, user.id);
      // Passkeys too: each stands for both factors.
      await removeAllPasskeys(trx, user.id, new Date());
    }
    await revokeUserSessions(trx, user.id);
    await audit(trx, {
      action: 'staff.signin_reset',
      actor: SYSTEM_ACTOR,
      targetId: String(user.id),
      after: { password: Boolean(passwordHash), secondFactor: input.resetSecondFactor },
    });
  });
}
