import { PASSKEYS_PER_PERSON } from '@bank/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { PasskeyPurpose } from '../../db/tables/passkeys.js';

/** SQL for passkeys and their challenges (migration 0027); this module's tables only. */

/** A person may keep this many passkeys (removed ones do not count). */
export const MAX_PASSKEYS = PASSKEYS_PER_PERSON;

export interface PasskeyRow {
  id: bigint;
  userId: bigint;
  credentialId: string;
  publicKey: Uint8Array;
  counter: bigint;
  transports: string[];
  userHandle: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

const columns = [
  'id',
  'user_id as userId',
  'credential_id as credentialId',
  'public_key as publicKey',
  'counter',
  'transports',
  'user_handle as userHandle',
  'name',
  'created_at as createdAt',
  'last_used_at as lastUsedAt',
] as const;

/** A person's passkeys in use, oldest first. */
export function passkeysOf(db: Kysely<DB>, userId: bigint): Promise<PasskeyRow[]> {
  return db
    .selectFrom('passkeys')
    .select(columns)
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .orderBy('id')
    .execute();
}

/**
 * A person's passkeys in use as the back office lists them, oldest first: the name and dates
 * only. The credential, its public key, user handle and counter are not even selected.
 */
export function passkeyNamesOf(db: Kysely<DB>, userId: bigint, limit: number) {
  return db
    .selectFrom('passkeys')
    .select(['id', 'name', 'created_at as createdAt', 'last_used_at as lastUsedAt'])
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Whether the person has a passkey in use. */
export async function hasPasskey(db: Kysely<DB>, userId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('passkeys')
    .select('id')
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A passkey's name by its id, removed or not (a transfer's evidence names the one that approved it). */
export function passkeyNamed(db: Kysely<DB>, id: bigint) {
  return db.selectFrom('passkeys').select('name').where('id', '=', id).executeTakeFirst();
}

/** A passkey in use by its credential id, its row locked until the transaction ends. */
export function lockByCredentialId(
  trx: Kysely<DB>,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  return trx
    .selectFrom('passkeys')
    .select(columns)
    .where('credential_id', '=', credentialId)
    .where('removed_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/** A removed passkey named by an answer (for the audit log: a lost device still tried). */
export function removedByCredentialId(
  db: Kysely<DB>,
  credentialId: string,
): Promise<Pick<PasskeyRow, 'id' | 'userId' | 'name'> | undefined> {
  return db
    .selectFrom('passkeys')
    .select(['id', 'user_id as userId', 'name'])
    .where('credential_id', '=', credentialId)
    .where('removed_at', 'is not', null)
    .orderBy('removed_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** One of the person's passkeys in use, locked. */
export function lockOwn(trx: Kysely<DB>, userId: bigint, id: bigint) {
  return trx
    .selectFrom('passkeys')
    .select(columns)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/** Whether a credential id was ever registered here (in use or removed). */
export async function credentialKnown(db: Kysely<DB>, credentialId: string): Promise<boolean> {
  const row = await db
    .selectFrom('passkeys')
    .select('id')
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertPasskey(
  trx: Kysely<DB>,
  values: {
    userId: bigint;
    credentialId: string;
    publicKey: Uint8Array;
    counter: bigint;
    transports: string[];
    userHandle: string;
    multiDevice: boolean;
    backedUp: boolean;
    name: string;
    at: Date;
  },
): Promise<bigint> {
  const row = await trx
    .insertInto('passkeys')
    .values({
      user_id: values.userId,
      credential_id: values.credentialId,
      public_key: values.publicKey,
      counter: values.counter,
      transports: values.transports,
      user_handle: values.userHandle,
      multi_device: values.multiDevice,
      backed_up: values.backedUp,
      name: values.name,
      created_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A use of the passkey: its new counter and when. */
export async function markUsed(trx: Kysely<DB>, id: bigint, counter: bigint, at: Date) {
  await trx
    .updateTable('passkeys')
    .set({ counter, last_used_at: at })
    .where('id', '=', id)
    .execute();
}

export async function rename(trx: Kysely<DB>, id: bigint, name: string) {
  await trx.updateTable('passkeys').set({ name }).where('id', '=', id).execute();
}

/** Every passkey of the person stops working (a staff member's sign-in reset). How many. */
export async function removeAllOf(trx: Kysely<DB>, userId: bigint, at: Date): Promise<number> {
  const result = await trx
    .updateTable('passkeys')
    .set({ removed_at: at })
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function markRemoved(trx: Kysely<DB>, id: bigint, at: Date) {
  await trx.updateTable('passkeys').set({ removed_at: at }).where('id', '=', id).execute();
}

/** How many passkeys the person has in use (the caller holds the person's row lock). */
export async function countInUse(trx: Kysely<DB>, userId: bigint): Promise<number> {
  const row = await trx
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---------------------------------------------------------------------------------------------
// Challenges

export interface ChallengeRow {
  id: bigint;
  purpose: PasskeyPurpose;
  userId: bigint | null;
  transferId: bigint | null;
  nonce: Uint8Array | null;
}

export async function insertChallenge(
  db: Kysely<DB>,
  values: {
    challenge: string;
    purpose: PasskeyPurpose;
    userId: bigint | null;
    transferId: bigint | null;
    nonce: Uint8Array | null;
    at: Date;
    expiresAt: Date;
  },
) {
  await db
    .insertInto('passkey_challenges')
    .values({
      challenge: values.challenge,
      purpose: values.purpose,
      user_id: values.userId,
      transfer_id: values.transferId,
      nonce: values.nonce,
      created_at: values.at,
      expires_at: values.expiresAt,
    })
    .execute();
}

/**
 * Uses a challenge: deletes it and answers what it was for, if it was unexpired and for this
 * purpose. One statement, so of two answers to the same challenge sent at once one gets it.
 */
export async function takeChallenge(
  db: Kysely<DB>,
  challenge: string,
  purpose: PasskeyPurpose,
  now: Date,
): Promise<ChallengeRow | undefined> {
  const row = await db
    .deleteFrom('passkey_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .returning([
      'id',
      'purpose',
      'user_id as userId',
      'transfer_id as transferId',
      'nonce',
      'expires_at as expiresAt',
    ])
    .executeTakeFirst();
  if (!row || row.expiresAt <= now) return undefined;
  return row;
}

/** Voids a person's challenges for one purpose (a new one replaces them; an edit voids them). */
export async function dropChallenges(
  db: Kysely<DB>,
  where: { userId: bigint; purpose: PasskeyPurpose; transferId?: bigint },
) {
  let query = db
    .deleteFrom('passkey_challenges')
    .where('user_id', '=', where.userId)
    .where('purpose', '=', where.purpose);
  if (where.transferId !== undefined) query = query.where('transfer_id', '=', where.transferId);
  await query.execute();
}

/** Housekeeping: challenges past their time. */
export async function deleteExpiredChallenges(db: Kysely<DB>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('passkey_challenges')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
