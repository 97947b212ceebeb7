import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { countTry as countTryIn } from './repo.js';

/**
 * SQL for a customer's second factor for signing in (migration 0028): which one is on, the
 * count of wrong tries, and the browsers it was passed in.
 */

export type SigninFactorMethod = 'passkey' | 'authenticator';

export function signinFactorOf(db: Kysely<DB>, userId: bigint) {
  return db
    .selectFrom('signin_second_factors')
    .select(['method', 'enabled_at as enabledAt'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Turns it on (or changes the method); a new method starts with no wrong tries. */
export async function setSigninFactor(
  db: Kysely<DB>,
  userId: bigint,
  method: SigninFactorMethod,
  now: Date,
) {
  await db
    .insertInto('signin_second_factors')
    .values({ user_id: userId, method, enabled_at: now })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ method, enabled_at: now, failures: 0, failures_since: null }),
    )
    .execute();
}

export async function removeSigninFactor(db: Kysely<DB>, userId: bigint) {
  await db.deleteFrom('signin_second_factors').where('user_id', '=', userId).execute();
}

/** Counts a try in a rolling day before it is judged, in one statement: its number. */
export function countTry(db: Kysely<DB>, userId: bigint, now: Date): Promise<number> {
  return countTryIn(db, userId, now, 'signin_second_factors');
}

export async function clearFailures(db: Kysely<DB>, userId: bigint) {
  await db
    .updateTable('signin_second_factors')
    .set({ failures: 0, failures_since: null })
    .where('user_id', '=', userId)
    .execute();
}

export async function trustBrowser(
  db: Kysely<DB>,
  userId: bigint,
  tokenHash: string,
  now: Date,
  expiresAt: Date,
) {
  await db
    .insertInto('trusted_browsers')
    .values({ user_id: userId, token_hash: tokenHash, created_at: now, expires_at: expiresAt })
    .execute();
}

export async function isTrusted(db: Kysely<DB>, userId: bigint, tokenHash: string, now: Date) {
  const row = await db
    .selectFrom('trusted_browsers')
    .select('id')
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** How many browsers are remembered for the person now (unexpired): the back office, Settings. */
export async function trustedBrowserCount(
  db: Kysely<DB>,
  userId: bigint,
  now: Date,
): Promise<number> {
  const row = await db
    .selectFrom('trusted_browsers')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every browser forgets the person (the factor turned off or changed, or they asked to). */
export async function forgetBrowsers(db: Kysely<DB>, userId: bigint) {
  await db.deleteFrom('trusted_browsers').where('user_id', '=', userId).execute();
}
