import { personName } from '@bank/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { FreezeReason } from '../../db/tables/identity.js';

/**
 * A customer's standing with the bank as the back office reads and changes it: the restriction
 * notice (read at sign-in) and the freeze (read by every money decision under the customer's row
 * lock). The users module is the only writer of these columns (migration 0016).
 */

const standingColumns = [
  'id',
  'first_name as firstName',
  'last_name as lastName',
  'username',
  'email',
  'email_verified_at as emailVerifiedAt',
  'kyc_status as kycStatus',
  'created_at as createdAt',
  'restriction_head as restrictionHead',
  'restriction_body as restrictionBody',
  'restriction_reason as restrictionReason',
  'restricted_at as restrictedAt',
  'restricted_by as restrictedBy',
  'debits_blocked as debitsBlocked',
  'credits_blocked as creditsBlocked',
  'freeze_reason as freezeReason',
  'freeze_note as freezeNote',
  'frozen_at as frozenAt',
  'frozen_by as frozenBy',
] as const;

export type CustomerStanding = NonNullable<Awaited<ReturnType<typeof customerStanding>>>;

/** A customer's names, status, restriction and freeze (undefined: no such customer). */
export function customerStanding(db: Kysely<DB>, customerId: bigint) {
  return db
    .selectFrom('users')
    .select(standingColumns)
    .where('id', '=', customerId)
    .where('kind', '=', 'customer')
    .executeTakeFirst();
}

/**
 * The same, with the customer's row locked to the end of the transaction (FOR NO KEY UPDATE, as
 * their money decisions lock it): a staff action on a customer waits for a transfer being
 * submitted, and a transfer submitted meanwhile waits for the action.
 */
export function lockCustomerStanding(db: Kysely<DB>, customerId: bigint) {
  return db
    .selectFrom('users')
    .select(standingColumns)
    .where('id', '=', customerId)
    .where('kind', '=', 'customer')
    .forNoKeyUpdate()
    .executeTakeFirst();
}

export async function setRestriction(
  db: Kysely<DB>,
  customerId: bigint,
  notice: { head: string; body: string; reason: string; by: bigint; at: Date },
) {
  await db
    .updateTable('users')
    .set({
      restriction_head: notice.head,
      restriction_body: notice.body,
      restriction_reason: notice.reason,
      restricted_at: notice.at,
      restricted_by: notice.by,
      updated_at: notice.at,
    })
    .where('id', '=', customerId)
    .where('kind', '=', 'customer')
    .execute();
}

/** Lifts the restriction: false when there was none (someone lifted it first). */
export async function clearRestriction(db: Kysely<DB>, customerId: bigint, at: Date) {
  const result = await db
    .updateTable('users')
    .set({
      restriction_head: null,
      restriction_body: null,
      restriction_reason: null,
      restricted_at: null,
      restricted_by: null,
      updated_at: at,
    })
    .where('id', '=', customerId)
    .where('restriction_head', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function setFreeze(
  db: Kysely<DB>,
  customerId: bigint,
  freeze: {
    debits: boolean;
    credits: boolean;
    reason: FreezeReason;
    note: string;
    by: bigint;
    at: Date;
  },
) {
  await db
    .updateTable('users')
    .set({
      debits_blocked: freeze.debits,
      credits_blocked: freeze.credits,
      freeze_reason: freeze.reason,
      freeze_note: freeze.note,
      frozen_at: freeze.at,
      frozen_by: freeze.by,
      updated_at: freeze.at,
    })
    .where('id', '=', customerId)
    .where('kind', '=', 'customer')
    .execute();
}

/** Lifts the freeze: false when there was none (someone lifted it first). */
export async function clearFreeze(db: Kysely<DB>, customerId: bigint, at: Date) {
  const result = await db
    .updateTable('users')
    .set({
      debits_blocked: false,
      credits_blocked: false,
      freeze_reason: null,
      freeze_note: null,
      frozen_at: null,
      frozen_by: null,
      updated_at: at,
    })
    .where('id', '=', customerId)
    .where('freeze_reason', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Customers whose name (either order), email or username contains `text` (case-blind), or whose
 * id is among `alsoIds` (matched elsewhere: a phone number, an account number); newest first,
 * `limit + 1` rows so the caller knows whether there is a next page. No text: every customer.
 */
export function searchCustomers(
  db: Kysely<DB>,
  search: { text: string; alsoIds: readonly bigint[]; before?: bigint; limit: number },
) {
  let query = db
    .selectFrom('users')
    .select([
      'id',
      'first_name as firstName',
      'last_name as lastName',
      'email',
      'username',
      'kyc_status as kycStatus',
      'restriction_head as restrictionHead',
      'debits_blocked as debitsBlocked',
      'credits_blocked as creditsBlocked',
      'created_at as createdAt',
    ])
    .where('kind', '=', 'customer');
  if (search.text !== '') {
    const pattern = likePattern(search.text);
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`first_name || ' ' || last_name`, 'ilike', pattern),
        eb(sql<string>`last_name || ' ' || first_name`, 'ilike', pattern),
        eb('email', 'ilike', pattern),
        eb('username', 'ilike', pattern),
        ...(search.alsoIds.length > 0 ? [eb('id', 'in', [...search.alsoIds])] : []),
      ]),
    );
  }
  if (search.before !== undefined) query = query.where('id', '<', search.before);
  return query
    .orderBy('id', 'desc')
    .limit(search.limit + 1)
    .execute();
}

/** People's names and kinds by id, for the lists that say who did what. */
export async function namesOf(
  db: Kysely<DB>,
  ids: readonly bigint[],
): Promise<Map<bigint, { name: string; kind: 'customer' | 'staff' }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name as firstName', 'last_name as lastName', 'kind'])
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [r.id, { name: personName(r), kind: r.kind }]));
}
