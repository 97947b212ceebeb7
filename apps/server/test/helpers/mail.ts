import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.js';

/** The emails queued for an address, newest first (what the mailbox will deliver). */
export async function mailTo(db: Kysely<DB>, email: string) {
  const rows = await sql<{ payload: { subject: string; text: string } }>`
    select payload from outbox where lower(payload->>'to') = ${email.toLowerCase()} order by id desc`.execute(
    db,
  );
  return rows.rows.map((r) => r.payload);
}
