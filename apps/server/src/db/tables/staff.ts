import type { ColumnType, GeneratedAlways, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type InvitationStatus = 'pending' | 'accepted' | 'revoked';

/** An invitation to join the staff (migration 0017): see modules/staff. */
export interface StaffInvitationsTable {
  id: GeneratedAlways<bigint>;
  email: string;
  first_name: string;
  last_name: string;
  /** SHA-256 of the emailed link's token: the token itself is never stored. */
  token_hash: string;
  status: Generated<InvitationStatus>;
  invited_by: bigint;
  invited_at: Timestamp;
  sent_at: Timestamp;
  sends: Generated<number>;
  expires_at: Timestamp;
  decided_at: Timestamp | null;
  decided_by: bigint | null;
  user_id: bigint | null;
}

export interface StaffInvitationRolesTable {
  invitation_id: bigint;
  role_id: bigint;
}

export interface StaffTables {
  staff_invitations: StaffInvitationsTable;
  staff_invitation_roles: StaffInvitationRolesTable;
}
