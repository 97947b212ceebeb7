import type { ColumnType, GeneratedAlways } from 'kysely';

/** Table types for migrations/0016_customers.sql (the freeze columns are on users). */
export interface CustomersTables {
  customer_notes: CustomerNotesTable;
}

/** Staff's internal notes on a customer: append-only, never shown to the customer. */
export interface CustomerNotesTable {
  id: GeneratedAlways<bigint>;
  customer_id: bigint;
  author_id: bigint;
  body: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}
