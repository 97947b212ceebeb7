import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

/** Table types for migrations/0013_transfers.sql. */
export interface TransferTables {
  transfers: TransfersTable;
  beneficiaries: BeneficiariesTable;
}

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type OptionalTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

export type TransferStageColumn =
  'draft' | 'confirmed' | 'pin_verified' | 'code_verified' | 'submitted';
export type TransferStatusColumn = 'in_progress' | 'successful' | 'failed' | 'cancelled';

export interface TransfersTable {
  id: GeneratedAlways<bigint>;
  user_id: bigint;
  idempotency_key: string;
  bank: string;
  swift: string;
  currency: string;
  routing: string;
  country: string;
  account_number: string;
  holder_name: string;
  note: string;
  save_beneficiary: Generated<boolean>;
  destination_key: string;
  recipient_account_id: bigint | null;
  /** Migration 0020: the payee check the payer confirmed (a transfer inside the bank). */
  payee_typed_name: string | null;
  payee_match: 'match' | 'close_match' | 'no_match' | null;
  amount: bigint;
  fee_bp: number;
  fee: bigint;
  stage: Generated<TransferStageColumn>;
  needs_code: Generated<boolean>;
  pin_verified_at: OptionalTimestamp;
  code_verified_at: OptionalTimestamp;
  code_id: bigint | null;
  /** The passkey that approved it instead of a code (migration 0027). */
  passkey_id: Generated<bigint | null>;
  status: TransferStatusColumn | null;
  entry_id: bigint | null;
  reversal_entry_id: bigint | null;
  reference: string | null;
  failure_reason: string | null;
  decided_by: bigint | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  submitted_at: OptionalTimestamp;
  decided_at: OptionalTimestamp;
}

export interface BeneficiariesTable {
  id: GeneratedAlways<bigint>;
  user_id: bigint;
  bank: string;
  swift: string;
  currency: string;
  routing: string;
  country: string;
  account_number: string;
  holder_name: string;
  destination_key: string;
  created_at: Timestamp;
}
