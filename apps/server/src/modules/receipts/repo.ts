import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ReceiptsTable } from '../../db/tables/receipts.js';
import type { Insertable } from 'kysely';

/** The receipts table (migration 0021): receipts as issued, never changed. */

const columns = [
  'id',
  'reference',
  'user_id as userId',
  'transfer_id as transferId',
  'posting_id as postingId',
  'status',
  'direction',
  'amount',
  'currency',
  'occurred_at as occurredAt',
  'payer',
  'payee',
  'issued_at as issuedAt',
] as const;

export type ReceiptRow = NonNullable<Awaited<ReturnType<typeof byReference>>>;

/**
 * Records a receipt unless this subject already has one in this status (then nothing is
 * written), and returns the one that stands.
 */
export async function issue(db: Kysely<DB>, receipt: Insertable<ReceiptsTable>) {
  let insert = db.insertInto('receipts').values(receipt);
  insert =
    receipt.transfer_id !== null && receipt.transfer_id !== undefined
      ? insert.onConflict((oc) =>
          oc.columns(['transfer_id', 'status']).where('transfer_id', 'is not', null).doNothing(),
        )
      : insert.onConflict((oc) =>
          oc.column('posting_id').where('posting_id', 'is not', null).doNothing(),
        );
  await insert.execute();
  let query = db.selectFrom('receipts').select(columns).where('user_id', '=', receipt.user_id);
  query =
    receipt.transfer_id !== null && receipt.transfer_id !== undefined
      ? query.where('transfer_id', '=', receipt.transfer_id).where('status', '=', receipt.status)
      : query.where('posting_id', '=', receipt.posting_id ?? -1n);
  return query.executeTakeFirstOrThrow();
}

/** A receipt by its reference: what the public page confirms. */
export function byReference(db: Kysely<DB>, reference: string) {
  return db
    .selectFrom('receipts')
    .select(columns)
    .where('reference', '=', reference)
    .executeTakeFirst();
}
