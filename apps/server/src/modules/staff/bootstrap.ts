import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { SYSTEM_ACTOR, audit } from '../../platform/audit/index.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword, passwordProblem } from '../../platform/security/passwords.js';
import { users } from '../users/index.js';
import * as repo from './repo.js';
import { ensureDefaultRoles } from './roles.js';

export { ensureDefaultRoles };

export type BootstrapResult = 'created' | 'exists';

/**
 * Creates the first staff admin. An existing account with that email is left exactly as it is
 * (its password is never overwritten from the environment). Audited, with the system as actor.
 */
export async function bootstrapAdmin(
  db: Kysely<DB>,
  input: { email: string; password: string; firstName?: string; lastName?: string },
): Promise<BootstrapResult> {
  const email = input.email.trim();
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
    throw new AppError('BAD_REQUEST', 'BOOTSTRAP_ADMIN_EMAIL is not an email address');
  }
  const problem = await passwordProblem(input.password, [email]);
  if (problem) throw new AppError('BAD_REQUEST', `BOOTSTRAP_ADMIN_PASSWORD: ${problem}`);
  await ensureDefaultRoles(db);
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    if (await users.findUserByEmail(trx, email)) return 'exists';
    const userId = await users.insertStaff(trx, {
      firstName: input.firstName ?? 'Bank',
      lastName: input.lastName ?? 'Administrator',
      username: `admin_${Date.now().toString(36)}`,
      email,
      passwordHash,
    });
    const admin = (await repo.roleIdsByName(trx, ['admin'])).get('admin');
    if (admin === undefined) throw new Error('The admin role is missing');
    await repo.setRolesOf(trx, userId, [admin]);
    await audit(trx, {
      action: 'staff.bootstrap_admin',
      actor: SYSTEM_ACTOR,
      targetId: String(userId),
      after: { email, role: 'admin' },
    });
    return 'created';
  });
}
