import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

/** Table types for migrations/0011_funding.sql: the funding catalog, requests, fixed deposits. */
export interface FundingTables {
  crypto_types: CryptoTypesTable;
  payment_purposes: PaymentPurposesTable;
  fixed_deposit_plans: FixedDepositPlansTable;
  institution_details: InstitutionDetailsTable;
  funding_requests: FundingRequestsTable;
  fixed_deposits: FixedDepositsTable;
}

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** A calendar date, read and written as YYYY-MM-DD text. */
type CalendarDate = ColumnType<string, string, string>;

export interface CryptoTypesTable {
  id: GeneratedAlways<bigint>;
  name: string;
  address: string;
  network: string | null;
  address2: string | null;
  active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** The rate (0022): one whole coin's price in the bank's currency, numeric read as text. */
  rate_per_coin: ColumnType<string | null, string | null | undefined, string | null>;
  rate_symbol: string | null;
  rate_decimals: number | null;
  rate_set_at: Timestamp | null;
  rate_set_by: bigint | null;
}

export interface PaymentPurposesTable {
  id: GeneratedAlways<bigint>;
  name: string;
  active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type TermUnit = 'days' | 'months';

export interface FixedDepositPlansTable {
  id: GeneratedAlways<bigint>;
  name: string;
  term_count: number;
  term_unit: TermUnit;
  rate_bp: number;
  min_amount: bigint;
  max_amount: bigint | null;
  active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface InstitutionDetailsTable {
  id: Generated<boolean>;
  swift_code: string | null;
  routing_number: string | null;
  country: string | null;
  /** Printed on statements and receipts (migration 0021). */
  postal_address: Generated<string | null>;
  updated_at: Timestamp;
}

export type FundingKind = 'deposit' | 'payment' | 'fixed_deposit' | 'upgrade';
export type FundingStatus = 'pending' | 'confirmed' | 'declined';
export type FundingPaidFrom = 'crypto' | 'balance';

export interface FundingRequestsTable {
  id: GeneratedAlways<bigint>;
  user_id: bigint;
  kind: FundingKind;
  /** Paid in crypto with a proof, or from the available balance at once (0022). */
  paid_from: Generated<FundingPaidFrom>;
  /** The client's key of a balance payment (its replay finds it). */
  client_key: string | null;
  /** The transaction id (hash) the customer gave beside the proof. */
  tx_id: string | null;
  /** The catalog's rate when the customer asked (numeric read as text), with its coin. */
  coin_rate: ColumnType<string | null, string | null | undefined, string | null>;
  coin_symbol: string | null;
  coin_decimals: number | null;
  coin_rate_set_at: Timestamp | null;
  /** Null on the balance's requests: no coin, address or proof. */
  crypto_type_id: bigint | null;
  pay_to_address: string | null;
  purpose_id: bigint | null;
  fd_plan_id: bigint | null;
  /** The fixed-deposit plan's terms when the customer asked (0012). */
  fd_rate_bp: number | null;
  fd_term_count: number | null;
  fd_term_unit: 'days' | 'months' | null;
  account_plan_id: bigint | null;
  claimed_amount: bigint;
  currency: string;
  proof_key: string | null;
  proof_mime: 'image/jpeg' | 'image/webp' | null;
  status: Generated<FundingStatus>;
  received_amount: bigint | null;
  decline_reason: string | null;
  decided_by: bigint | null;
  decided_at: Timestamp | null;
  entry_id: bigint | null;
  created_at: CreatedAt;
}

export interface FixedDepositsTable {
  id: GeneratedAlways<bigint>;
  user_id: bigint;
  account_id: bigint;
  plan_id: bigint;
  plan_name: string;
  rate_bp: number;
  principal: bigint;
  currency: string;
  start_date: CalendarDate;
  maturity_date: CalendarDate;
  term_days: number;
  interest_at_maturity: bigint;
  days_accrued: Generated<number>;
  accrued: Generated<bigint>;
  status: Generated<'active' | 'matured'>;
  funded_by: 'balance' | 'crypto';
  request_id: bigint | null;
  opening_entry_id: bigint;
  payout_entry_id: bigint | null;
  matured_at: Timestamp | null;
  created_at: CreatedAt;
}
