import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { ownTransfer, ownTransferOfEntry, statusesOfEntries, type TransferRow } from './repo.js';

/**
 * Transfers as other modules read them (receipts, the detail views): always one customer's own,
 * found by its id or by the entry that moved its money or refunded it.
 */
export type TransferRecord = TransferRow;

export function ownTransferRecord(db: Kysely<DB>, userId: bigint, id: bigint) {
  return ownTransfer(db, userId, id);
}

export function ownTransferByEntry(db: Kysely<DB>, userId: bigint, entryId: bigint) {
  return ownTransferOfEntry(db, userId, entryId);
}

/** Who sent a transfer inside the bank that paid this entry to its recipient, if it was one. */
export async function senderOfEntry(db: Kysely<DB>, entryId: bigint) {
  const [row] = await statusesOfEntries(db, [entryId]);
  return row && row.recipientAccountId !== null
    ? { firstName: row.firstName, lastName: row.lastName }
    : undefined;
}
