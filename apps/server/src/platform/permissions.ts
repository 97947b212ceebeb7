import type { Kysely } from 'kysely';
import { PERMISSIONS, type Permission } from '@bank/contract';
import type { DB } from '../db/schema.js';

export { PERMISSIONS, type Permission };

/** The roles the bank starts with. An admin holds every permission. */
export const DEFAULT_ROLES: Record<string, readonly Permission[]> = {
  admin: PERMISSIONS,
  kyc_reviewer: ['kyc.review'],
  operations: ['funding.review', 'transfers.process', 'customers.manage'],
  finance: ['ledger.adjust.propose', 'ledger.adjust.approve', 'ledger.trial_balance', 'audit.read'],
};

/** The permissions a staff member holds through their roles. */
export async function permissionsOf(db: Kysely<DB>, userId: bigint): Promise<Set<Permission>> {
  const rows = await db
    .selectFrom('user_roles as ur')
    .innerJoin('role_permissions as rp', 'rp.role_id', 'ur.role_id')
    .select('rp.permission')
    .where('ur.user_id', '=', userId)
    .execute();
  const known = new Set<string>(PERMISSIONS);
  return new Set(rows.map((r) => r.permission).filter((p): p is Permission => known.has(p)));
}
