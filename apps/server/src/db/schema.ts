import type { ColumnType, Generated, GeneratedAlways, JSONColumnType } from 'kysely';
import type { ApprovalTables } from './tables/approvals.js';
import type { CustomerTables } from './tables/customer.js';
import type { CustomersTables } from './tables/customers.js';
import type { FundingTables } from './tables/funding.js';
import type { IdempotencyTables } from './tables/idempotency.js';
import type { IdentityTables } from './tables/identity.js';
import type { KycTables } from './tables/kyc.js';
import type { StaffTables } from './tables/staff.js';
import type { PasskeyTables } from './tables/passkeys.js';
import type { LedgerCheckTables } from './tables/ledger-checks.js';
import type { ReceiptTables } from './tables/receipts.js';
import type { TransferTables } from './tables/transfers.js';

/** Table types for Kysely, mirroring migrations/*.sql. */
export interface DB
  extends
    IdentityTables,
    KycTables,
    CustomerTables,
    FundingTables,
    TransferTables,
    ApprovalTables,
    CustomersTables,
    StaffTables,
    LedgerCheckTables,
    ReceiptTables,
    IdempotencyTables,
    PasskeyTables {
  schema_migrations: SchemaMigrationsTable;
  ledger_accounts: LedgerAccountsTable;
  journal_entries: JournalEntriesTable;
  postings: PostingsTable;
  ledger_pending: LedgerPendingTable;
  jobs: JobsTable;
  stored_files: StoredFilesTable;
  upload_blobs: UploadBlobsTable;
}

type CreatedAt = ColumnType<Date, never, never>;

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  checksum: string;
  applied_at: ColumnType<Date, never, never>;
}

export type LedgerAccountKind =
  | 'customer_current'
  | 'customer_fixed_deposit'
  | 'crypto_deposit_clearing'
  | 'outgoing_transfer_clearing'
  | 'fee_income'
  | 'interest_expense'
  | 'suspense'
  | 'manual_adjustments';

export interface LedgerAccountsTable {
  id: GeneratedAlways<bigint>;
  account_number: string;
  kind: LedgerAccountKind;
  currency: string;
  owner_id: bigint | null;
  name: string;
  balance: Generated<bigint>;
  credit_total: Generated<bigint>;
  debit_total: Generated<bigint>;
  /** Row version: goes up on every balance update (once per group-committed batch). */
  version: Generated<bigint>;
  created_at: CreatedAt;
}

export interface JournalEntriesTable {
  id: GeneratedAlways<bigint>;
  kind: string;
  memo: string;
  actor: string;
  idempotency_key: string;
  fingerprint: string;
  created_at: CreatedAt;
}

export interface PostingsTable {
  id: GeneratedAlways<bigint>;
  entry_id: bigint;
  account_id: bigint;
  amount: bigint;
  currency: string;
  /** The account's balance right after it; null on the bank's own accounts (decision 29). */
  balance_after: bigint | null;
}

/** Movements on the bank's own accounts not yet folded into their cached balance (decision 29). */
export interface LedgerPendingTable {
  posting_id: bigint;
  account_id: bigint;
  amount: bigint;
}

/** Background work, written with what caused it and run by the job worker (platform/jobs). */
export interface JobsTable {
  id: GeneratedAlways<bigint>;
  kind: string;
  /** Written as a JSON string, read back parsed. */
  payload: JSONColumnType<Record<string, unknown>>;
  dedupe_key: string | null;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: ColumnType<Date, Date | string | undefined, Date | string>;
  lease_until: ColumnType<Date | null, never, Date | string | null>;
  lease_token: ColumnType<string | null, never, string | null>;
  done_at: ColumnType<Date | null, never, Date | string | null>;
  failed_at: ColumnType<Date | null, never, Date | string | null>;
  last_error: ColumnType<string | null, never, string | null>;
  created_at: CreatedAt;
}

/** Every file kept in the private upload store, registered with what keeps it. */
/** Sealed uploads (platform/files/backends/database.ts), decision 32. */
export interface UploadBlobsTable {
  storage_key: string;
  sealed: Uint8Array;
  created_at: CreatedAt;
}

export interface StoredFilesTable {
  storage_key: string;
  purpose: string;
  bytes: number;
  sha256: string;
  created_at: CreatedAt;
}
