import { personName } from '@bank/contract';
import type { Kysely } from 'kysely';
import type { TransactionStatus } from '@bank/contract';
import type { DB } from '../../db/schema.js';
import { statusesOfEntries } from './repo.js';

export interface TransferLine {
  status: TransactionStatus;
  /** For the recipient of a transfer inside the bank: the line names the sender. */
  recipientAccountId: bigint | null;
  recipientName: string;
}

/**
 * What the transaction rows of transfers' entries need: each transfer's status (in progress,
 * successful, failed; rows of other entries have happened, so they are successful), and for a
 * transfer inside the bank, the words its recipient reads ("Transfer from …", not the memo the
 * sender's side shows). For the account's history and statements.
 */
export async function transferLines(
  db: Kysely<DB>,
  entryIds: readonly bigint[],
): Promise<Map<bigint, TransferLine>> {
  if (entryIds.length === 0) return new Map();
  const rows = await statusesOfEntries(db, [...new Set(entryIds)]);
  return new Map(
    rows.flatMap((r) =>
      r.entryId && r.status
        ? [
            [
              r.entryId,
              {
                status: r.status,
                recipientAccountId: r.recipientAccountId,
                recipientName: `Transfer from ${personName(r)}`,
              },
            ],
          ]
        : [],
    ),
  );
}

/**
 * History rows as their account sees them: each with its status, and the recipient's row of a
 * transfer inside the bank named "Transfer from …" instead of the sender's memo.
 */
export async function asSeenByAccount<T extends { entryId: bigint; amount: bigint; memo: string }>(
  db: Kysely<DB>,
  items: readonly T[],
): Promise<(T & { status: TransactionStatus })[]> {
  const lines = await transferLines(
    db,
    items.map((i) => i.entryId),
  );
  return items.map((i) => {
    const line = lines.get(i.entryId);
    const status = line?.status ?? 'successful';
    const received = line !== undefined && line.recipientAccountId !== null && i.amount > 0n;
    return received ? { ...i, memo: line.recipientName, status } : { ...i, status };
  });
}
