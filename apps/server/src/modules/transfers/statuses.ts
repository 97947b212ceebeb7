import type { Kysely } from 'kysely';
import type { TransactionStatus } from '@bank/contract';
import type { DB } from '../../db/schema.js';
import { statusesOfEntries } from './repo.js';

/**
 * The status of each transaction row that is a transfer's entry (in progress, successful,
 * failed); rows of other entries have happened, so they are successful. For the account's
 * history and statements.
 */
export async function transferStatuses(
  db: Kysely<DB>,
  entryIds: readonly bigint[],
): Promise<Map<bigint, TransactionStatus>> {
  if (entryIds.length === 0) return new Map();
  const rows = await statusesOfEntries(db, [...new Set(entryIds)]);
  return new Map(rows.flatMap((r) => (r.entryId && r.status ? [[r.entryId, r.status]] : [])));
}
