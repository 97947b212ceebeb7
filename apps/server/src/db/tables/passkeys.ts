import type { ColumnType, GeneratedAlways } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type OptionalTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

/** Table types for migrations/0027_passkeys.sql: see modules/passkeys. */
export interface PasskeyTables {
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
}

export interface PasskeysTable {
  id: GeneratedAlways<bigint>;
  user_id: bigint;
  credential_id: string;
  public_key: Uint8Array;
  counter: ColumnType<bigint, bigint | undefined, bigint>;
  transports: ColumnType<string[], string[] | undefined, string[]>;
  user_handle: string;
  multi_device: boolean;
  backed_up: boolean;
  name: string;
  created_at: Timestamp;
  last_used_at: OptionalTimestamp;
  removed_at: OptionalTimestamp;
}

export type PasskeyPurpose = 'register' | 'signin' | 'second_factor' | 'transfer';

export interface PasskeyChallengesTable {
  id: GeneratedAlways<bigint>;
  challenge: string;
  purpose: PasskeyPurpose;
  user_id: bigint | null;
  transfer_id: bigint | null;
  nonce: Uint8Array | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}
