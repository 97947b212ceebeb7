import type { ColumnType, GeneratedAlways, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, never>;

/** Runs of the ledger's invariant checker (migration 0018): see modules/trial-balance. */
export interface LedgerChecksTable {
  id: GeneratedAlways<bigint>;
  started_at: Timestamp;
  finished_at: Timestamp;
  duration_ms: number;
  ok: boolean;
  violations: number;
  detail: JSONColumnType<{ rule: string; detail: string }[]>;
  totals: JSONColumnType<{ currency: string; balance: string }[]>;
  counts: JSONColumnType<{ accounts: number; entries: number; postings: number }>;
  trigger: 'schedule' | 'staff';
  run_by: bigint | null;
}

export interface LedgerCheckTables {
  ledger_checks: LedgerChecksTable;
}
