import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { CodePurpose } from '../../platform/codes/purposes.js';

/** Table types for migrations/0003_identity.sql and 0006_platform.sql (the staff second factor). */
export interface IdentityTables {
  users: UsersTable;
  sessions: SessionsTable;
  one_time_codes: OneTimeCodesTable;
  known_devices: KnownDevicesTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  audit_log: AuditLogTable;
  staff_second_factors: StaffSecondFactorsTable;
  signin_attempts: SigninAttemptsTable;
  code_failures: CodeFailuresTable;
  code_issue_locks: CodeIssueLocksTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  signin_second_factors: SigninSecondFactorsTable;
  trusted_browsers: TrustedBrowsersTable;
  username_reservations: UsernameReservationsTable;
}

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, never, never>;

export type UserKind = 'customer' | 'staff';
export type KycStatus = 'not_verified' | 'pending' | 'approved' | 'declined';
/**
 * `mfa_pending`: a staff member who gave the right password but not yet the second factor;
 * `second_factor`: the same for a customer who turned one on (migration 0028).
 */
export type SessionScope = 'customer' | 'onboarding' | 'staff' | 'mfa_pending' | 'second_factor';

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
  duplicate_signup_noticed_at: Timestamp | null;
  /** The account plan; null is the default plan. */
  plan_id: bigint | null;
  /** Staff only: set while the staff member is deactivated (migration 0017). */
  deactivated_at: Timestamp | null;
  /** Staff only: when their last staff session opened. */
  last_signin_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  /** Who set the restriction notice, when, and the staff's reason (migration 0016). */
  restriction_reason: string | null;
  restricted_at: Timestamp | null;
  restricted_by: bigint | null;
  /** The freeze (migration 0016): written only by the users module. */
  debits_blocked: Generated<boolean>;
  credits_blocked: Generated<boolean>;
  freeze_reason: FreezeReason | null;
  freeze_note: string | null;
  frozen_at: Timestamp | null;
  frozen_by: bigint | null;
}

/** Why a customer's account is frozen (migration 0016's list; the contract's FREEZE_REASONS). */
export type FreezeReason =
  | 'suspected_fraud'
  | 'legal_order'
  | 'sanctions_review'
  | 'deceased'
  | 'customer_request'
  | 'kyc_refresh'
  | 'other';

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
  context_hash: Generated<string>;
  /** Who asked, in the open flows (a client address's key); null otherwise. */
  requester: string | null;
  expires_at: Timestamp;
  attempts: Generated<number>;
  consumed_at: Timestamp | null;
  /** Written by the code service from its clock, so tests can move time. */
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** Who is being sent a code of a purpose right now: locked while it is sent (0023). */
export interface CodeIssueLocksTable {
  user_id: bigint;
  purpose: CodePurpose;
}

export interface KnownDevicesTable {
  user_id: bigint;
  fingerprint: string;
  first_seen_at: CreatedAt;
}

export interface RolesTable {
  id: GeneratedAlways<bigint>;
  name: string;
  /** The role in words, and what it is for (migration 0017). */
  label: Generated<string>;
  description: Generated<string>;
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
  /** The customer the event concerns (their audit trail). */
  customer_id: bigint | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  /** The hash chain, written by the database's insert trigger (migration 0014). */
  seq: ColumnType<bigint, never, never>;
  prev_hash: ColumnType<string, never, never>;
  hash: ColumnType<string, never, never>;
}

export interface StaffSecondFactorsTable {
  user_id: bigint;
  /** The TOTP secret, sealed with AES-256-GCM under a key derived from SECRET_KEY. */
  secret_sealed: string;
  enrolled_at: Timestamp | null;
  /** The last TOTP time step accepted: a code is never accepted twice. */
  last_time_step: Generated<bigint>;
  failures: Generated<number>;
  failures_since: Timestamp | null;
  created_at: CreatedAt;
}

export interface StaffRecoveryCodesTable {
  id: GeneratedAlways<bigint>;
  user_id: bigint;
  code_hash: string;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

/** Sign-in attempts since the last success, by a keyed hash of the address (decision 0009). */
export interface SigninAttemptsTable {
  address_hash: string;
  attempts: number;
  last_at: Generated<Date>;
}

/** Wrong one-time code tries, for the daily caps (decision 0010). */
export interface CodeFailuresTable {
  user_id: bigint;
  purpose: CodePurpose;
  requester: string;
  failed_at: Timestamp;
}

/** Usernames held for a day by a sign-up request (0009_open_flow_limits.sql). */
export interface UsernameReservationsTable {
  username_lower: string;
  email_hash: string;
  reserved_until: Timestamp;
}

/** A customer's second factor for signing in (migration 0028). */
export interface SigninSecondFactorsTable {
  user_id: bigint;
  method: 'passkey' | 'authenticator';
  enabled_at: Timestamp;
  failures: Generated<number>;
  failures_since: Timestamp | null;
}

/** A browser in which a customer passed the second factor: the SHA-256 of its cookie's token. */
export interface TrustedBrowsersTable {
  id: GeneratedAlways<bigint>;
  user_id: bigint;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}
