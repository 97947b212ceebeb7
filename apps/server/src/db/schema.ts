import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

/** Table types for Kysely, mirroring migrations/*.sql. */
export interface DB {
  schema_migrations: SchemaMigrationsTable;
  ledger_accounts: LedgerAccountsTable;
  journal_entries: JournalEntriesTable;
  postings: PostingsTable;
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
  | 'suspense';

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
  balance_after: bigint;
}
