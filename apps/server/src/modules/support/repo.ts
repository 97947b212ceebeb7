import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { SupportChannel } from '../../db/tables/customer.js';

/** The SQL of support contacts (the module owns `support_contacts`). */

export function contactRows(db: Kysely<DB>) {
  return db.selectFrom('support_contacts').select(['channel', 'value']).execute();
}

/** Publishes one channel's contact, or withdraws it (`null`). */
export async function setContact(
  db: Kysely<DB>,
  channel: SupportChannel,
  value: string | null,
  now: Date,
): Promise<void> {
  if (value === null) {
    await db.deleteFrom('support_contacts').where('channel', '=', channel).execute();
    return;
  }
  await db
    .insertInto('support_contacts')
    .values({ channel, value, updated_at: now })
    .onConflict((oc) => oc.column('channel').doUpdateSet({ value, updated_at: now }))
    .execute();
}
