import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { CodePurpose } from '../../db/tables/identity.js';

/** SQL for people and their codes. Every lookup by email or username is case-insensitive. */

const userColumns = [
  'id',
  'kind',
  'first_name as firstName',
  'last_name as lastName',
  'username',
  'email',
  'password_hash as passwordHash',
  'email_verified_at as emailVerifiedAt',
  'kyc_status as kycStatus',
  'kyc_decline_reason as kycDeclineReason',
  'restriction_head as restrictionHead',
  'restriction_body as restrictionBody',
  'failed_signins as failedSignins',
  'signin_locked_until as signinLockedUntil',
] as const;

export type UserRecord = Awaited<ReturnType<typeof findUserByEmail>> & {};

export function findUserByEmail(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('users')
    .select(userColumns)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export function findUserById(db: Kysely<DB>, id: bigint) {
  return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
}

export async function usernameTaken(db: Kysely<DB>, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertCustomer(
  db: Kysely<DB>,
  input: {
    firstName: string;
    lastName: string;
    username: string;
    email: string;
    passwordHash: string;
  },
): Promise<bigint | null> {
  // A race with another sign-up for the same email or username loses quietly here.
  const row = await db
    .insertInto('users')
    .values({
      kind: 'customer',
      first_name: input.firstName,
      last_name: input.lastName,
      username: input.username,
      email: input.email,
      password_hash: input.passwordHash,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function recordFailedSignin(db: Kysely<DB>, userId: bigint, lockUntil: Date | null) {
  await db
    .updateTable('users')
    .set((eb) => ({
      failed_signins: eb('failed_signins', '+', 1),
      signin_locked_until: lockUntil,
      updated_at: new Date(),
    }))
    .where('id', '=', userId)
    .execute();
}

export async function clearFailedSignins(db: Kysely<DB>, userId: bigint) {
  await db
    .updateTable('users')
    .set({ failed_signins: 0, signin_locked_until: null, updated_at: new Date() })
    .where('id', '=', userId)
    .where('failed_signins', '>', 0)
    .execute();
}

export async function setPassword(db: Kysely<DB>, userId: bigint, passwordHash: string) {
  await db
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      failed_signins: 0,
      signin_locked_until: null,
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    .execute();
}

export async function markEmailVerified(db: Kysely<DB>, userId: bigint) {
  await db
    .updateTable('users')
    .set({ email_verified_at: new Date(), updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

/** A new code replaces any earlier one for the same purpose. */
export async function replaceCode(
  db: Kysely<DB>,
  input: { userId: bigint; purpose: CodePurpose; codeHash: string; expiresAt: Date },
) {
  await db
    .updateTable('one_time_codes')
    .set({ consumed_at: new Date() })
    .where('user_id', '=', input.userId)
    .where('purpose', '=', input.purpose)
    .where('consumed_at', 'is', null)
    .execute();
  await db
    .insertInto('one_time_codes')
    .values({
      user_id: input.userId,
      purpose: input.purpose,
      code_hash: input.codeHash,
      expires_at: input.expiresAt,
    })
    .execute();
}

export function activeCode(db: Kysely<DB>, userId: bigint, purpose: CodePurpose) {
  return db
    .selectFrom('one_time_codes')
    .select([
      'id',
      'code_hash as codeHash',
      'expires_at as expiresAt',
      'attempts',
      'created_at as createdAt',
    ])
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .orderBy('id', 'desc')
    .forUpdate()
    .executeTakeFirst();
}

export async function countFailedAttempt(db: Kysely<DB>, codeId: bigint) {
  await db
    .updateTable('one_time_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', codeId)
    .execute();
}

export async function consumeCode(db: Kysely<DB>, codeId: bigint) {
  await db
    .updateTable('one_time_codes')
    .set({ consumed_at: new Date() })
    .where('id', '=', codeId)
    .execute();
}

/** True the first time this person is seen on this device. */
export async function rememberDevice(db: Kysely<DB>, userId: bigint, fingerprint: string) {
  const row = await db
    .insertInto('known_devices')
    .values({ user_id: userId, fingerprint })
    .onConflict((oc) => oc.doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasAnyDevice(db: Kysely<DB>, userId: bigint) {
  const row = await db
    .selectFrom('known_devices')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
