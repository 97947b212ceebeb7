import type { Kysely } from 'kysely';
import { PERMISSIONS, type Permission } from '@bank/contract';
import type { DB } from '../db/schema.js';

export { PERMISSIONS, type Permission };

export interface RoleDefinition {
  label: string;
  description: string;
  permissions: readonly Permission[];
}

/**
 * The roles the bank starts with, shaped on how a bank divides its work: the people who check
 * identities are not those who move money, a maker of ledger adjustments is not their checker,
 * and compliance reads without changing anything. A staff member may hold several roles; their
 * permissions add up. Seeded at every start (modules/staff `ensureDefaultRoles`), so a change
 * here reaches existing databases, audited.
 */
export const ROLE_DEFINITIONS = {
  admin: {
    label: 'Administrator',
    description:
      'Every permission, including staff and their access. Keep it to a few people: everyday work needs a narrower role.',
    permissions: PERMISSIONS,
  },
  staff_admin: {
    label: 'Staff administrator',
    description:
      'Invites staff, changes their roles, deactivates them and proposes second-factor resets; reads the audit log.',
    permissions: ['staff.manage', 'audit.read'],
  },
  kyc_reviewer: {
    label: 'Identity reviewer',
    description:
      "Reviews customers' identity checks and their documents, and approves or declines them.",
    permissions: ['kyc.review'],
  },
  operations: {
    label: 'Operations',
    description:
      'Confirms or declines funding requests, processes outgoing transfers, and manages customers.',
    permissions: ['funding.review', 'transfers.process', 'customers.manage'],
  },
  customer_service: {
    label: 'Customer service',
    description:
      'Finds customers and sees their profile, accounts and history; sets or lifts notices and freezes, unlocks PINs, sends messages.',
    permissions: ['customers.manage'],
  },
  finance: {
    label: 'Finance',
    description:
      'Proposes and approves manual ledger adjustments (never their own), sees the trial balance and reads the audit log.',
    permissions: [
      'ledger.adjust.propose',
      'ledger.adjust.approve',
      'ledger.trial_balance',
      'audit.read',
    ],
  },
  finance_maker: {
    label: 'Finance maker',
    description:
      'Proposes manual ledger adjustments for a checker to approve, and sees the trial balance.',
    permissions: ['ledger.adjust.propose', 'ledger.trial_balance'],
  },
  finance_approver: {
    label: 'Finance approver',
    description:
      "Approves or rejects others' manual ledger adjustments, sees the trial balance and reads the audit log.",
    permissions: ['ledger.adjust.approve', 'ledger.trial_balance', 'audit.read'],
  },
  compliance: {
    label: 'Compliance and audit',
    description: 'Reads the audit log and the trial balance; changes nothing.',
    permissions: ['audit.read', 'ledger.trial_balance'],
  },
  catalog_manager: {
    label: 'Catalog manager',
    description:
      'Keeps the catalog: crypto types and deposit addresses, payment purposes, plans, document types, institution details, support contacts, region availability.',
    permissions: ['catalog.manage'],
  },
} as const satisfies Record<string, RoleDefinition>;

export type DefaultRole = keyof typeof ROLE_DEFINITIONS;

/** Each default role's permissions, by name (the access matrix drives every one of them). */
export const DEFAULT_ROLES: Record<string, readonly Permission[]> = Object.fromEntries(
  Object.entries(ROLE_DEFINITIONS).map(([name, role]) => [name, role.permissions]),
);

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
