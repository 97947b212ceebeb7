import { createHmac } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * The sign-in throttle's counter (decision 9), kept by address rather than by account: every
 * address, with an account or without, counts its attempts the same way, so the throttle itself
 * tells nobody which addresses have accounts. The address is stored only as a keyed hash.
 */

/** Attempts since the last success that need only the password; past them, an emailed code too. */
export const SIGNIN_FREE_ATTEMPTS = 5;

function addressHash(secretKey: string, email: string): string {
  return createHmac('sha256', secretKey)
    .update(`signin-throttle\n${email.trim().toLowerCase()}`)
    .digest('base64url');
}

/**
 * Counts a sign-in attempt for an address and returns its number since the last success, in
 * one statement: attempts sent at the same moment each get their own number, so none can slip
 * under the limit by reading a count the others have not raised yet.
 */
export async function countSigninAttempt(
  db: Kysely<DB>,
  secretKey: string,
  email: string,
): Promise<number> {
  const { rows } = await sql<{ attempts: number }>`
    insert into signin_attempts (address_hash, attempts, last_at)
    values (${addressHash(secretKey, email)}, 1, now())
    on conflict (address_hash)
    do update set attempts = signin_attempts.attempts + 1, last_at = now()
    returning attempts`.execute(db);
  return rows[0]?.attempts ?? 1;
}

/** A successful sign-in, or a new password, starts the count again. */
export async function clearSigninAttempts(db: Kysely<DB>, secretKey: string, email: string) {
  await db
    .deleteFrom('signin_attempts')
    .where('address_hash', '=', addressHash(secretKey, email))
    .execute();
}
