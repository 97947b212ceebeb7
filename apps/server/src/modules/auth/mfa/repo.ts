import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';

/** SQL for the staff second factor: the TOTP key and the recovery codes. */

export async function mfaStatus(db: Kysely<DB>, userId: bigint) {
  const row = await db
    .selectFrom('staff_second_factors')
    .select('enrolled_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { enrolled: Boolean(row?.enrolled_at) };
}

export function secondFactorOf(db: Kysely<DB>, userId: bigint) {
  return db
    .selectFrom('staff_second_factors')
    .select([
      'secret_sealed as secretSealed',
      'enrolled_at as enrolledAt',
      'last_time_step as lastTimeStep',
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Keeps a not-yet-confirmed key, replacing an earlier unconfirmed one; never an enrolled one. */
export async function savePendingSecret(db: Kysely<DB>, userId: bigint, secretSealed: string) {
  await db
    .insertInto('staff_second_factors')
    .values({ user_id: userId, secret_sealed: secretSealed })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret_sealed: secretSealed })
        .where('staff_second_factors.enrolled_at', 'is', null),
    )
    .execute();
}

export async function markEnrolled(db: Kysely<DB>, userId: bigint, timeStep: bigint, now: Date) {
  const result = await db
    .updateTable('staff_second_factors')
    .set({ enrolled_at: now, last_time_step: timeStep, failures: 0, failures_since: null })
    .where('user_id', '=', userId)
    .where('enrolled_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Accepts a TOTP time step once: true only if it is later than the last one accepted, decided
 * in one statement, so the same code sent twice at once signs in once.
 */
export async function useTimeStep(db: Kysely<DB>, userId: bigint, timeStep: bigint) {
  const result = await db
    .updateTable('staff_second_factors')
    .set({ last_time_step: timeStep })
    .where('user_id', '=', userId)
    .where('last_time_step', '<', timeStep)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Counts a second-factor try in a rolling day and returns its number, in one statement (a new
 * day starts again at one). Tries are counted before they are judged; a right one clears it.
 * The staff's count, or a customer's at their second step (`signin_second_factors`).
 */
export async function countTry(
  db: Kysely<DB>,
  userId: bigint,
  now: Date,
  table: 'staff_second_factors' | 'signin_second_factors' = 'staff_second_factors',
): Promise<number> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000);
  const { rows } = await sql<{ failures: number }>`
    update ${sql.table(table)}
    set failures = case when failures_since is null or failures_since <= ${dayAgo} then 1 else failures + 1 end,
        failures_since = case when failures_since is null or failures_since <= ${dayAgo} then ${now}::timestamptz else failures_since end
    where user_id = ${userId}
    returning failures`.execute(db);
  return rows[0]?.failures ?? 0;
}

export async function clearFailures(db: Kysely<DB>, userId: bigint) {
  await db
    .updateTable('staff_second_factors')
    .set({ failures: 0, failures_since: null })
    .where('user_id', '=', userId)
    .execute();
}

export async function replaceRecoveryCodes(db: Kysely<DB>, userId: bigint, hashes: string[]) {
  await db.deleteFrom('staff_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('staff_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

export function unusedRecoveryCodes(db: Kysely<DB>, userId: bigint) {
  return db
    .selectFrom('staff_recovery_codes')
    .select(['id', 'code_hash as codeHash'])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function useRecoveryCode(db: Kysely<DB>, id: bigint, now: Date) {
  const result = await db
    .updateTable('staff_recovery_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Forgets a staff member's second factor: they enrol again at their next sign-in. */
export async function removeSecondFactor(db: Kysely<DB>, userId: bigint) {
  await db.deleteFrom('staff_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('staff_second_factors').where('user_id', '=', userId).execute();
}

/** Which of these staff members have their authenticator app set up. */
export async function enrolledAmong(db: Kysely<DB>, userIds: readonly bigint[]) {
  if (userIds.length === 0) return new Set<bigint>();
  const rows = await db
    .selectFrom('staff_second_factors')
    .select('user_id')
    .where('user_id', 'in', [...userIds])
    .where('enrolled_at', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** How many of a staff member's recovery codes are still unused. */
export async function recoveryCodesLeft(db: Kysely<DB>, userId: bigint): Promise<number> {
  const row = await db
    .selectFrom('staff_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('left'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.left);
}
