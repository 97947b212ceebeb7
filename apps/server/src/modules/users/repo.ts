import { personName } from '@bank/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { KycStatus } from '../../db/tables/identity.js';

/**
 * The one module that reads and writes the `users` table: customers and staff. Every lookup by
 * email or username is case-insensitive.
 */

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
  'deactivated_at as deactivatedAt',
] as const;

export type UserRecord = NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>;

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

interface NewPerson {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  passwordHash: string;
}

/** A new customer, or null when the email or username was taken meanwhile (a race lost). */
export async function insertCustomer(db: Kysely<DB>, input: NewPerson): Promise<bigint | null> {
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

/** A new staff member (email counted as verified: staff are created by the bank). */
export async function insertStaff(db: Kysely<DB>, input: NewPerson): Promise<bigint> {
  const row = await db
    .insertInto('users')
    .values({
      kind: 'staff',
      first_name: input.firstName,
      last_name: input.lastName,
      username: input.username,
      email: input.email,
      password_hash: input.passwordHash,
      email_verified_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setPassword(db: Kysely<DB>, userId: bigint, passwordHash: string) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

export async function markEmailVerified(db: Kysely<DB>, userId: bigint) {
  await db
    .updateTable('users')
    .set({ email_verified_at: new Date(), updated_at: new Date() })
    .where('id', '=', userId)
    .where('email_verified_at', 'is', null)
    .execute();
}

/**
 * Claims the right to send a "someone tried to sign up with your address" notice: true at most
 * once a day per person, decided in one statement so that simultaneous sign-ups send one.
 */
export async function claimDuplicateSignupNotice(db: Kysely<DB>, userId: bigint, now: Date) {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000);
  const result = await db
    .updateTable('users')
    .set({ duplicate_signup_noticed_at: now })
    .where('id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('duplicate_signup_noticed_at', 'is', null),
        eb('duplicate_signup_noticed_at', '<=', dayAgo),
      ]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setKycStatus(
  db: Kysely<DB>,
  userId: bigint,
  status: KycStatus,
  declineReason: string | null = null,
) {
  return db
    .updateTable('users')
    .set({ kyc_status: status, kyc_decline_reason: declineReason, updated_at: new Date() })
    .where('id', '=', userId)
    .returning(['email', 'first_name as firstName', 'last_name as lastName'])
    .executeTakeFirstOrThrow();
}

/**
 * Locks a customer's row until the transaction ends (FOR NO KEY UPDATE: others paying them, whose
 * foreign keys take FOR KEY SHARE, pass): their money decisions are taken one after another.
 * False when there is no such customer.
 */
export async function lockCustomer(db: Kysely<DB>, userId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('kind', '=', 'customer')
    .forNoKeyUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A customer as a money step needs them: name and address, identity check, restriction notice.
 * With `lock`, their row is held FOR NO KEY UPDATE until the transaction ends (as
 * `lockCustomer`): one customer's submissions wait in line, while the foreign-key checks of
 * others paying this customer (FOR KEY SHARE) pass, so no two payers can deadlock.
 */
export function customerStanding(db: Kysely<DB>, userId: bigint, { lock = false } = {}) {
  const query = db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'first_name as firstName',
      'last_name as lastName',
      'kyc_status as kycStatus',
      'restriction_head as restrictionHead',
      'restriction_body as restrictionBody',
      'debits_blocked as debitsBlocked',
      'plan_id as planId',
    ])
    .where('id', '=', userId)
    .where('kind', '=', 'customer');
  return (lock ? query.forNoKeyUpdate() : query).executeTakeFirst();
}

/**
 * A customer's restriction notice, read under a share lock of their row until the transaction
 * ends: it waits for a restriction being set (which holds FOR NO KEY UPDATE), and a restriction
 * set later waits for it. The sign-in opens a session under it (auth/routing.ts).
 */
export function lockRestriction(db: Kysely<DB>, userId: bigint) {
  return db
    .selectFrom('users')
    .select(['restriction_head as restrictionHead', 'restriction_body as restrictionBody'])
    .where('id', '=', userId)
    .where('kind', '=', 'customer')
    .forShare()
    .executeTakeFirst();
}

/** The account plan a customer upgraded to: null for the default plan (or no such customer). */
export async function planIdOf(db: Kysely<DB>, userId: bigint): Promise<bigint | null> {
  const row = await db
    .selectFrom('users')
    .select('plan_id')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.plan_id ?? null;
}

/**
 * The person's password hash, their row locked FOR UPDATE until the transaction ends: the
 * signed-in password check (platform/security/password-check) counts and checks under it.
 */
export function lockPasswordHolder(db: Kysely<DB>, userId: bigint) {
  return db
    .selectFrom('users')
    .select(['id', 'kind', 'password_hash as passwordHash'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/** The customer's account plan (null: the default plan). */
export async function setPlan(db: Kysely<DB>, userId: bigint, planId: bigint | null) {
  await db
    .updateTable('users')
    .set({ plan_id: planId, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

/** The facts the identity check needs about a person before accepting documents. */
export function kycStanding(db: Kysely<DB>, userId: bigint) {
  return db
    .selectFrom('users')
    .select(['kind', 'kyc_status as kycStatus', 'email_verified_at as verifiedAt'])
    .where('id', '=', userId)
    .executeTakeFirst();
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

/** A new sign-in address; null when another account holds it (in any letter case). */
export async function setEmail(db: Kysely<DB>, userId: bigint, email: string) {
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('id', '<>', userId)
    .executeTakeFirst();
  if (taken) return null;
  return db
    .updateTable('users')
    .set({ email, updated_at: new Date() })
    .where('id', '=', userId)
    .returning('email')
    .executeTakeFirst();
}

/** A customer's name as they edit it in their profile. */
export async function setNames(
  db: Kysely<DB>,
  userId: bigint,
  firstName: string,
  lastName: string,
) {
  await db
    .updateTable('users')
    .set({ first_name: firstName, last_name: lastName, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

/**
 * Holds a username for a sign-up request until `until`: false when an account has it, or
 * another address holds it. The same address may hold its own again (a retried sign-up).
 */
export async function reserveUsername(
  db: Kysely<DB>,
  username: string,
  email: string,
  emailHashOf: (email: string) => string,
  now: Date,
  until: Date,
): Promise<boolean> {
  const emailHash = emailHashOf(email);
  const holder = await db
    .selectFrom('users')
    .select('email')
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  // An account with this username: taken, unless it is this address's own (its owner signing up
  // again is told by email, as for any known address).
  if (holder) return emailHashOf(holder.email) === emailHash;
  const row = await db
    .insertInto('username_reservations')
    .values({
      username_lower: username.toLowerCase(),
      email_hash: emailHash,
      reserved_until: until,
    })
    .onConflict((oc) =>
      oc
        .column('username_lower')
        .doUpdateSet({ email_hash: emailHash, reserved_until: until })
        .where((eb) =>
          eb.or([
            eb('username_reservations.reserved_until', '<=', now),
            eb('username_reservations.email_hash', '=', emailHash),
          ]),
        ),
    )
    .returning('username_lower')
    .executeTakeFirst();
  return row !== undefined;
}

// Staff ---------------------------------------------------------------------------------------

const staffColumns = [
  'id',
  'first_name as firstName',
  'last_name as lastName',
  'email',
  'created_at as joinedAt',
  'deactivated_at as deactivatedAt',
  'last_signin_at as lastSigninAt',
] as const;

export type StaffRecord = NonNullable<Awaited<ReturnType<typeof findStaffById>>>;

/** `%`, `_` and `\` typed by a person match themselves in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The staff, by name: active, deactivated or both, optionally those matching `search`. */
export function listStaff(
  db: Kysely<DB>,
  filter: { status: 'active' | 'deactivated' | 'all'; search?: string | undefined },
) {
  let query = db.selectFrom('users').select(staffColumns).where('kind', '=', 'staff');
  if (filter.status === 'active') query = query.where('deactivated_at', 'is', null);
  if (filter.status === 'deactivated') query = query.where('deactivated_at', 'is not', null);
  if (filter.search) {
    const pattern = `%${likeLiteral(filter.search.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(email)`, 'like', pattern),
        eb(sql<string>`lower(first_name || ' ' || last_name)`, 'like', pattern),
      ]),
    );
  }
  return query.orderBy('last_name').orderBy('first_name').orderBy('id').limit(500).execute();
}

export function findStaffById(db: Kysely<DB>, id: bigint) {
  return db
    .selectFrom('users')
    .select(staffColumns)
    .where('id', '=', id)
    .where('kind', '=', 'staff')
    .executeTakeFirst();
}

/** Locks a staff member's row until the transaction ends; undefined when there is no such staff. */
export function lockStaff(db: Kysely<DB>, id: bigint) {
  return db
    .selectFrom('users')
    .select(staffColumns)
    .where('id', '=', id)
    .where('kind', '=', 'staff')
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Staff members' rows held (FOR SHARE, in id order) until the transaction ends, with whether
 * each is active: a deactivation or role change (which lock the row FOR UPDATE) waits for the
 * decision that read them, or the decision waits for it and reads what it left.
 */
export function holdStaff(db: Kysely<DB>, ids: readonly bigint[]) {
  return db
    .selectFrom('users')
    .select(['id', 'deactivated_at as deactivatedAt'])
    .where('id', 'in', [...ids])
    .where('kind', '=', 'staff')
    .orderBy('id')
    .forShare()
    .execute();
}

/** Deactivates (a time) or reactivates (null) a staff member, guarded on the state before. */
export function setStaffDeactivated(db: Kysely<DB>, id: bigint, at: Date | null) {
  return db
    .updateTable('users')
    .set({ deactivated_at: at, updated_at: new Date() })
    .where('id', '=', id)
    .where('kind', '=', 'staff')
    .where('deactivated_at', at === null ? 'is not' : 'is', null)
    .executeTakeFirst();
}

/** Records the opening of a staff session (the staff list's "last sign-in"). */
export async function recordStaffSignin(db: Kysely<DB>, id: bigint, at: Date) {
  await db
    .updateTable('users')
    .set({ last_signin_at: at })
    .where('id', '=', id)
    .where('kind', '=', 'staff')
    .execute();
}

/** Names of people by id (who invited, who proposed), for the staff pages. */
export async function namesOf(db: Kysely<DB>, ids: readonly bigint[]) {
  if (ids.length === 0) return new Map<bigint, string>();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name as firstName', 'last_name as lastName'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, personName(r)]));
}
