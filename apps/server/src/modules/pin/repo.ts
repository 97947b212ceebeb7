import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** The one table of the transaction PIN, always by its owner's id. */

export function pinOf(db: Kysely<DB>, userId: bigint) {
  return db
    .selectFrom('transaction_pins')
    .select(['pin_hash as hash', 'salt', 'failures', 'locked_until as lockedUntil'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The PIN row locked for this transaction: tries on one PIN are judged one at a time. */
export function lockPin(db: Kysely<DB>, userId: bigint) {
  return db
    .selectFrom('transaction_pins')
    .select(['pin_hash as hash', 'salt', 'failures', 'locked_until as lockedUntil'])
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/** A first PIN; false when the person already has one (a double submit, a race). */
export async function insertPin(
  db: Kysely<DB>,
  userId: bigint,
  pin: { hash: string; salt: string },
  now: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('transaction_pins')
    .values({
      user_id: userId,
      pin_hash: pin.hash,
      salt: pin.salt,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A new PIN replaces the old one; the count of wrong tries and any rest end with it. */
export async function replacePin(
  db: Kysely<DB>,
  userId: bigint,
  pin: { hash: string; salt: string },
  now: Date,
) {
  await db
    .updateTable('transaction_pins')
    .set({ pin_hash: pin.hash, salt: pin.salt, failures: 0, locked_until: null, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
}

export async function setFailures(
  db: Kysely<DB>,
  userId: bigint,
  failures: number,
  lockedUntil: Date | null,
  now: Date,
) {
  await db
    .updateTable('transaction_pins')
    .set({ failures, locked_until: lockedUntil, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
}
