import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Gender, MaritalStatus } from '../../db/tables/customer.js';

/** The one module that reads and writes `customer_profiles`, always by the owner's id. */

export function profileOf(db: Kysely<DB>, userId: bigint) {
  return db
    .selectFrom('users as u')
    .leftJoin('customer_profiles as p', 'p.user_id', 'u.id')
    .leftJoin('account_plans as plan', (join) =>
      join.on((eb) =>
        eb(
          'plan.id',
          '=',
          eb.fn.coalesce(
            'u.plan_id',
            eb.selectFrom('account_plans').select('id').where('is_default', '=', true),
          ),
        ),
      ),
    )
    .select([
      'u.first_name as firstName',
      'u.last_name as lastName',
      'u.username',
      'u.email',
      'p.phone',
      'p.gender',
      sql<string | null>`to_char(p.date_of_birth, 'YYYY-MM-DD')`.as('dateOfBirth'),
      'p.country',
      'p.marital_status as maritalStatus',
      'p.home_address as homeAddress',
      'p.next_of_kin_set_at as nextOfKinSetAt',
      'p.picture_key as pictureKey',
      'plan.name as plan',
      'u.kyc_status as kycStatus',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** Where the customer lives, as their profile says (statements and receipts print it). */
export async function postalAddressOf(
  db: Kysely<DB>,
  userId: bigint,
): Promise<{ homeAddress: string | null; country: string | null }> {
  const row = await db
    .selectFrom('customer_profiles')
    .select(['home_address as homeAddress', 'country'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { homeAddress: row?.homeAddress ?? null, country: row?.country ?? null };
}

/** The country in the customer's profile, if they gave one. */
export async function profileCountryOf(db: Kysely<DB>, userId: bigint): Promise<string | null> {
  const row = await db
    .selectFrom('customer_profiles')
    .select('country')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.country ?? null;
}

/** The identity check's details start the profile when it is approved (kept if already there). */
export async function startProfile(
  db: Kysely<DB>,
  userId: bigint,
  details: { phone: string; country: string; homeAddress: string },
) {
  await db
    .insertInto('customer_profiles')
    .values({
      user_id: userId,
      phone: details.phone,
      country: details.country,
      home_address: details.homeAddress,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export interface ProfileFields {
  phone: string;
  gender: Gender;
  dateOfBirth: string;
  country: string;
  maritalStatus: MaritalStatus;
  homeAddress: string;
  /** Sealed; undefined leaves the one on file as it is. */
  nextOfKinSealed: string;
}

/**
 * Writes the fields given and only those: an edit of the phone leaves every other detail as it
 * is, even one another edit changed a moment before.
 */
export async function saveProfile(
  db: Kysely<DB>,
  userId: bigint,
  fields: Partial<ProfileFields>,
  now: Date,
) {
  const values = {
    ...(fields.phone === undefined ? {} : { phone: fields.phone }),
    ...(fields.gender === undefined ? {} : { gender: fields.gender }),
    ...(fields.dateOfBirth === undefined ? {} : { date_of_birth: fields.dateOfBirth }),
    ...(fields.country === undefined ? {} : { country: fields.country }),
    ...(fields.maritalStatus === undefined ? {} : { marital_status: fields.maritalStatus }),
    ...(fields.homeAddress === undefined ? {} : { home_address: fields.homeAddress }),
    ...(fields.nextOfKinSealed === undefined
      ? {}
      : { next_of_kin_sealed: fields.nextOfKinSealed, next_of_kin_set_at: now }),
    updated_at: now,
  };
  await db
    .insertInto('customer_profiles')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/** Points the profile at a new picture; answers the key of the one it replaced, if any. */
export async function setPicture(db: Kysely<DB>, userId: bigint, key: string, now: Date) {
  const before = await db
    .selectFrom('customer_profiles')
    .select('picture_key as key')
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  await db
    .insertInto('customer_profiles')
    .values({ user_id: userId, picture_key: key, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ picture_key: key, updated_at: now }))
    .execute();
  if (before?.key) {
    await db.deleteFrom('stored_files').where('storage_key', '=', before.key).execute();
  }
  return before?.key ?? null;
}

/**
 * Customers whose profile phone contains these digits (the back office's search: "+44 20 7946"
 * finds +442079460000), at most `limit` of them.
 */
export async function ownersOfPhone(db: Kysely<DB>, digits: string, limit: number) {
  const rows = await db
    .selectFrom('customer_profiles')
    .select('user_id as userId')
    .where(
      sql<string>`regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')`,
      'like',
      `%${digits}%`,
    )
    .orderBy('user_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.userId);
}

/** The profile phones of several customers, by owner. */
export async function phonesOf(db: Kysely<DB>, userIds: readonly bigint[]) {
  if (userIds.length === 0) return new Map<bigint, string | null>();
  const rows = await db
    .selectFrom('customer_profiles')
    .select(['user_id as userId', 'phone'])
    .where('user_id', 'in', [...userIds])
    .execute();
  return new Map(rows.map((r) => [r.userId, r.phone]));
}
