import type { Kysely } from 'kysely';
import type { StaffRoleList } from '@bank/contract';
import type { DB } from '../../db/schema.js';
import { SYSTEM_ACTOR, audit } from '../../platform/audit/index.js';
import { PERMISSIONS, ROLE_DEFINITIONS, type Permission } from '../../platform/permissions.js';
import * as repo from './repo.js';

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Brings the default roles into the database, with their words and exactly their permissions
 * (idempotent, at every start and before the first admin is made): a role the code adds, or a
 * permission it grants or takes from a role, reaches existing databases too, and each such
 * change is in the audit log with the system as actor. Roles an operator added by hand are
 * left alone.
 */
export async function ensureDefaultRoles(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [name, role] of Object.entries(ROLE_DEFINITIONS)) {
      const roleId = await repo.upsertRole(trx, {
        name,
        label: role.label,
        description: role.description,
      });
      const before = await repo.permissionsOfRole(trx, roleId);
      const after = [...role.permissions].sort();
      if (sameList(before, after)) continue;
      await repo.setRolePermissions(trx, roleId, after);
      await audit(trx, {
        action: 'staff.role_defined',
        actor: SYSTEM_ACTOR,
        targetId: name,
        before: before.length === 0 ? undefined : { permissions: before },
        after: { label: role.label, permissions: after },
      });
    }
  });
}

const known = new Set<string>(PERMISSIONS);

/** Every role with its words and permissions, for the staff pages (the default roles first). */
export async function listRoles(db: Kysely<DB>): Promise<StaffRoleList> {
  const [roles, permissions] = await Promise.all([repo.allRoles(db), repo.rolePermissions(db)]);
  return {
    items: roles.map((role) => ({
      name: role.name,
      label: role.label || role.name,
      description: role.description,
      permissions: (permissions.get(role.id) ?? []).filter((p): p is Permission => known.has(p)),
    })),
  };
}
