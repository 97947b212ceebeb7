import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { SYSTEM_ACTOR, audit } from '../../platform/audit/index.js';
import { AppError } from '../../platform/errors.js';
import { DEFAULT_ROLES } from '../../platform/permissions.js';
import { hashPassword, passwordProblem } from '../../platform/security/passwords.js';
import { users } from '../users/index.js';

/** Brings the default roles and their permissions into the database (idempotent). */
export async function ensureDefaultRoles(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [name, permissions] of Object.entries(DEFAULT_ROLES)) {
      await trx
        .insertInto('roles')
        .values({ name })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const role = await trx
        .selectFrom('roles')
        .select('id')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      for (const permission of permissions) {
        await trx
          .insertInto('role_permissions')
          .values({ role_id: role.id, permission })
          .onConflict((oc) => oc.columns(['role_id', 'permission']).doNothing())
          .execute();
      }
    }
  });
}

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
    const user = { id: userId };
    const admin = await trx
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'admin')
      .executeTakeFirstOrThrow();
    await trx.insertInto('user_roles').values({ user_id: user.id, role_id: admin.id }).execute();
    await audit(trx, {
      action: 'staff.bootstrap_admin',
      actor: SYSTEM_ACTOR,
      targetId: String(user.id),
      after: { email, role: 'admin' },
    });
    return 'created';
  });
}
