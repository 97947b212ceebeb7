import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { KycDocumentRole } from '@bank/contract';

/** Table types for migrations/0004_kyc.sql. */
export interface KycTables {
  document_types: DocumentTypesTable;
  kyc_submissions: KycSubmissionsTable;
  kyc_files: KycFilesTable;
}

type CreatedAt = ColumnType<Date, never, never>;
/** The role of a document in a submission; the same list the contract (and the web) use. */
export type KycFileRole = KycDocumentRole;

export interface DocumentTypesTable {
  id: GeneratedAlways<bigint>;
  name: string;
  active: Generated<boolean>;
  created_at: CreatedAt;
}

export interface KycSubmissionsTable {
  id: GeneratedAlways<bigint>;
  user_id: bigint;
  country: string;
  phone: string;
  home_address: string;
  document_type: string;
  status: Generated<'pending' | 'approved' | 'declined'>;
  decline_reason: string | null;
  reviewed_by: bigint | null;
  reviewed_at: Date | null;
  created_at: CreatedAt;
}

export interface KycFilesTable {
  id: GeneratedAlways<bigint>;
  submission_id: bigint;
  role: KycFileRole;
  storage_key: string;
  mime: string;
  bytes: number;
  sha256: string;
  created_at: CreatedAt;
}
