import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { EmailMessage } from './types.js';
import { checkEmailMessage } from './validate.js';

/**
 * Queues an email in the outbox and returns its id. Call it with the transaction that makes the
 * change the email is about (a code created, a transfer posted): the email exists if and only if
 * that change commits. Nothing is sent here; the outbox worker delivers it, so a slow or broken
 * mail server never delays or fails the request.
 */
export async function enqueueEmail(db: Kysely<DB>, message: EmailMessage): Promise<bigint> {
  const checked = checkEmailMessage(message);
  const row = await db
    .insertInto('outbox')
    .values({ kind: 'email', payload: JSON.stringify(checked) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
