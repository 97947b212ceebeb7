import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

/** Table types for migrations/0007_customer_app.sql: plans, profiles, PIN, notifications. */
export interface CustomerTables {
  account_plans: AccountPlansTable;
  customer_profiles: CustomerProfilesTable;
  transaction_pins: TransactionPinsTable;
  notifications: NotificationsTable;
  support_contacts: SupportContactsTable;
  product_availability: ProductAvailabilityTable;
}

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface AccountPlansTable {
  id: GeneratedAlways<bigint>;
  name: string;
  service_charge_bp: number;
  daily_transfer_limit: bigint;
  step_up_threshold: bigint;
  price: Generated<bigint>;
  is_default: Generated<boolean>;
  active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type Gender = 'female' | 'male' | 'non_binary' | 'undisclosed';
export type MaritalStatus =
  'single' | 'married' | 'civil_partnership' | 'separated' | 'divorced' | 'widowed' | 'undisclosed';

export interface CustomerProfilesTable {
  user_id: bigint;
  phone: string | null;
  gender: Gender | null;
  /** A calendar date, read and written as YYYY-MM-DD text. */
  date_of_birth: ColumnType<string | null, string | null, string | null>;
  country: string | null;
  marital_status: MaritalStatus | null;
  home_address: string | null;
  next_of_kin_sealed: string | null;
  next_of_kin_set_at: Timestamp | null;
  picture_key: string | null;
  updated_at: Timestamp;
}

export interface TransactionPinsTable {
  user_id: bigint;
  pin_hash: string;
  salt: string;
  failures: Generated<number>;
  locked_until: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface NotificationsTable {
  id: GeneratedAlways<bigint>;
  user_id: bigint;
  kind: string;
  title: string;
  body: string;
  read_at: Timestamp | null;
  created_at: CreatedAt;
}

export type SupportChannel = 'whatsapp' | 'email' | 'phone';

export interface SupportContactsTable {
  channel: SupportChannel;
  value: string;
  updated_at: Timestamp;
}

/** Region availability of the products the bank offers (0008_availability.sql). */
export interface ProductAvailabilityTable {
  product: string;
  unavailable_countries: ColumnType<string[], string[] | undefined, string[]>;
  updated_at: Timestamp;
}
