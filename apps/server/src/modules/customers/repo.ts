import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * The SQL of the module's one table, `customer_notes`: staff's internal notes on a customer.
 * Append-only (migration 0016's triggers refuse UPDATE and DELETE): there is an insert and reads.
 */

export function insertNote(
  db: Kysely<DB>,
  note: { customerId: bigint; authorId: bigint; body: string; at: Date },
) {
  return db
    .insertInto('customer_notes')
    .values({
      customer_id: note.customerId,
      author_id: note.authorId,
      body: note.body,
      created_at: note.at,
    })
    .returning(['id', 'body', 'author_id as authorId', 'created_at as createdAt'])
    .executeTakeFirstOrThrow();
}

/** A customer's notes, newest first, `limit + 1` rows (the caller pages). */
export function notesOf(
  db: Kysely<DB>,
  customerId: bigint,
  page: { before?: bigint | undefined; limit: number },
) {
  let query = db
    .selectFrom('customer_notes')
    .select(['id', 'body', 'author_id as authorId', 'created_at as createdAt'])
    .where('customer_id', '=', customerId)
    .orderBy('id', 'desc')
    .limit(page.limit + 1);
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  return query.execute();
}
