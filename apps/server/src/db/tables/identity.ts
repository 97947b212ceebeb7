import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

/** Table types for migrations/0003_identity.sql (minus the outbox, typed with the mail code). */
export interface IdentityTables {
  users: UsersTable;
  sessions: SessionsTable;
  one_time_codes: OneTimeCodesTable;
  known_devices: KnownDevicesTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  audit_log: AuditLogTable;
}

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, never, never>;

export type UserKind = 'customer' | 'staff';
export type KycStatus = 'not_verified' | 'pending' | 'approved' | 'declined';
export type SessionScope = 'customer' | 'onboarding' | 'staff';
export type CodePurpose = 'email_verification' | 'password_reset';

export interface UsersTable {
  id: GeneratedAlways<bigint>;
  kind: UserKind;
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  password_hash: string;
  email_verified_at: Timestamp | null;
  kyc_status: Generated<KycStatus>;
  kyc_decline_reason: string | null;
  restriction_head: string | null;
  restriction_body: string | null;
  failed_signins: Generated<number>;
  signin_locked_until: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface SessionsTable {
  id: GeneratedAlways<bigint>;
  token_hash: string;
  user_id: bigint;
  scope: SessionScope;
  created_at: CreatedAt;
  last_seen_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  ip: string | null;
  user_agent: string | null;
}

export interface OneTimeCodesTable {
  id: GeneratedAlways<bigint>;
  user_id: bigint;
  purpose: CodePurpose;
  code_hash: string;
  expires_at: Timestamp;
  attempts: Generated<number>;
  consumed_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface KnownDevicesTable {
  user_id: bigint;
  fingerprint: string;
  first_seen_at: CreatedAt;
}

export interface RolesTable {
  id: GeneratedAlways<bigint>;
  name: string;
}

export interface RolePermissionsTable {
  role_id: bigint;
  permission: string;
}

export interface UserRolesTable {
  user_id: bigint;
  role_id: bigint;
}

export interface AuditLogTable {
  id: GeneratedAlways<bigint>;
  actor_id: bigint | null;
  action: string;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
}
