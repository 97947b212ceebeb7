import type { ColumnType, GeneratedAlways } from 'kysely';
import type { TransferStatusColumn } from './transfers.js';

type Timestamp = ColumnType<Date, Date | string, never>;

/** Table types for migrations/0021_receipts_and_cancel.sql: receipts as issued (never changed). */
export interface ReceiptTables {
  receipts: ReceiptsTable;
}

export interface ReceiptsTable {
  id: GeneratedAlways<bigint>;
  reference: string;
  user_id: bigint;
  transfer_id: bigint | null;
  posting_id: bigint | null;
  status: TransferStatusColumn;
  direction: 'credit' | 'debit';
  amount: bigint;
  currency: string;
  occurred_at: Timestamp;
  payer: string;
  payee: string;
  issued_at: Timestamp;
}
