import type { ColumnType, Generated, GeneratedAlways, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type ApprovalStatus =
  | 'pending'
  | 'approved'
  | 'rejected'
  | 'withdrawn'
  | 'expired'
  /** Overtaken by what it was about (a transfer its customer cancelled): migration 0021. */
  | 'superseded';

/** Two-person proposals (migration 0015): see modules/approvals. */
export interface ApprovalsTable {
  id: GeneratedAlways<bigint>;
  kind: string;
  subject_type: string | null;
  subject_id: string | null;
  customer_id: bigint | null;
  amount: bigint | null;
  currency: string | null;
  payload: JSONColumnType<Record<string, unknown>>;
  summary: string;
  reason: string;
  evidence_key: string | null;
  evidence_mime: string | null;
  status: Generated<ApprovalStatus>;
  proposed_by: bigint;
  proposed_at: Generated<Date>;
  expires_at: Timestamp;
  decided_by: bigint | null;
  decided_at: Timestamp | null;
  decision_note: string | null;
  outcome: JSONColumnType<Record<string, unknown> | null, string | null, string | null>;
}

export interface BankSettingsTable {
  key: string;
  /** Written as a JSON string, read back parsed. */
  value: ColumnType<unknown, string, string>;
  updated_at: Generated<Date>;
  updated_by: bigint | null;
}

export interface ApprovalTables {
  approvals: ApprovalsTable;
  bank_settings: BankSettingsTable;
}
