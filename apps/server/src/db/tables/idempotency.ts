import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Answers to requests sent with an Idempotency-Key (migration 0025): see platform/idempotency. */
export interface IdempotentRequestsTable {
  user_id: bigint;
  key: string;
  fingerprint: string;
  claim: string;
  state: 'running' | 'done';
  locked_until: Timestamp;
  response_status: number | null;
  response_type: string | null;
  response_body: string | null;
  server_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface IdempotencyTables {
  idempotent_requests: IdempotentRequestsTable;
}
