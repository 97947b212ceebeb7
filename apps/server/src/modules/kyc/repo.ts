import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { KycFileRole } from '../../db/tables/kyc.js';
import { afterCursor, matchesSearch, sortKey, type Keyset } from '../../platform/queue-page.js';

/** SQL for identity checks: document types offered, submissions and their files. */

export async function activeDocumentTypes(db: Kysely<DB>): Promise<string[]> {
  const rows = await db
    .selectFrom('document_types')
    .select('name')
    .where('active', '=', true)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.name);
}

export function insertSubmission(
  db: Kysely<DB>,
  input: {
    userId: bigint;
    country: string;
    phone: string;
    homeAddress: string;
    documentType: string;
  },
) {
  return db
    .insertInto('kyc_submissions')
    .values({
      user_id: input.userId,
      country: input.country,
      phone: input.phone,
      home_address: input.homeAddress,
      document_type: input.documentType,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function insertFile(
  db: Kysely<DB>,
  input: {
    submissionId: bigint;
    role: KycFileRole;
    key: string;
    mime: string;
    bytes: number;
    sha256: string;
  },
) {
  return db
    .insertInto('kyc_files')
    .values({
      submission_id: input.submissionId,
      role: input.role,
      storage_key: input.key,
      mime: input.mime,
      bytes: input.bytes,
      sha256: input.sha256,
    })
    .execute();
}

/** The customer's latest submission's details, to fill the form again after a decline. */
export function latestSubmissionOf(db: Kysely<DB>, userId: bigint) {
  return db
    .selectFrom('kyc_submissions')
    .select(['country', 'phone', 'home_address as homeAddress', 'document_type as documentType'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * A tab of the review queue: waiting (oldest submission first) or decided (newest decision
 * first), with the reviewer, searched by name, email or id, a page at a time.
 */
export function queuePage(
  db: Kysely<DB>,
  filter: {
    status: 'pending' | 'approved' | 'declined';
    q?: string;
    after?: Keyset;
    limit: number;
  },
) {
  const waiting = filter.status === 'pending';
  const time = waiting ? 'k.created_at' : 'k.reviewed_at';
  const order = waiting ? 'asc' : 'desc';
  let query = db
    .selectFrom('kyc_submissions as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .leftJoin('users as r', 'r.id', 'k.reviewed_by')
    .select([
      'k.id',
      'k.created_at as submittedAt',
      'k.document_type as documentType',
      'k.country',
      'k.status',
      'k.reviewed_at as reviewedAt',
      'k.decline_reason as declineReason',
      'u.first_name as firstName',
      'u.last_name as lastName',
      'u.email',
      sql<string | null>`r.first_name || ' ' || r.last_name`.as('reviewedBy'),
      sortKey(time).as('sortKey'),
    ])
    .where('k.status', '=', filter.status)
    .orderBy(time, order)
    .orderBy('k.id', order)
    .limit(filter.limit);
  if (filter.q !== undefined) {
    query = query.where(
      matchesSearch(filter.q, {
        ids: ['k.id', 'k.user_id'],
        firstName: 'u.first_name',
        lastName: 'u.last_name',
        email: 'u.email',
      }),
    );
  }
  if (filter.after) query = query.where(afterCursor(time, 'k.id', order, filter.after));
  return query.execute();
}

/** How many identity checks wait, and since when (the overview). */
export async function pendingSummary(
  db: Kysely<DB>,
): Promise<{ count: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('kyc_submissions')
    .select([sql<string>`count(*)`.as('count'), sql<Date | null>`min(created_at)`.as('oldest')])
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest === null ? null : new Date(row.oldest) };
}

export function submissionById(db: Kysely<DB>, id: bigint) {
  return db
    .selectFrom('kyc_submissions as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .leftJoin('users as r', 'r.id', 'k.reviewed_by')
    .select([
      'k.id',
      'k.user_id as userId',
      'k.status',
      'k.country',
      'k.phone',
      'k.home_address as homeAddress',
      'k.document_type as documentType',
      'k.decline_reason as declineReason',
      'k.created_at as submittedAt',
      'k.reviewed_at as reviewedAt',
      'u.first_name as firstName',
      'u.last_name as lastName',
      'u.email',
      'u.username',
      'r.first_name as reviewerFirstName',
      'r.last_name as reviewerLastName',
    ])
    .where('k.id', '=', id)
    .executeTakeFirst();
}

export function filesOf(db: Kysely<DB>, submissionId: bigint) {
  return db
    .selectFrom('kyc_files as f')
    .innerJoin('kyc_submissions as s', 's.id', 'f.submission_id')
    .select(['f.role', 'f.storage_key as key', 'f.mime', 'f.bytes', 's.user_id as userId'])
    .where('f.submission_id', '=', submissionId)
    .execute();
}

/** Locks a submission for a decision. */
export function lockSubmission(db: Kysely<DB>, id: bigint) {
  return db
    .selectFrom('kyc_submissions')
    .select([
      'id',
      'user_id as userId',
      'status',
      'phone',
      'country',
      'home_address as homeAddress',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Records a decision on a pending submission: a guarded update, so that of two decisions at
 * the same moment exactly one is recorded. False when it was no longer pending.
 */
export function decide(
  db: Kysely<DB>,
  id: bigint,
  decision: {
    status: 'approved' | 'declined';
    reason: string | null;
    reviewerId: bigint;
    at: Date;
  },
) {
  return db
    .updateTable('kyc_submissions')
    .set({
      status: decision.status,
      decline_reason: decision.reason,
      reviewed_by: decision.reviewerId,
      reviewed_at: decision.at,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** The country the customer's latest approved identity check showed (none approved: undefined). */
export async function verifiedCountry(db: Kysely<DB>, userId: bigint): Promise<string | undefined> {
  const row = await db
    .selectFrom('kyc_submissions')
    .select('country')
    .where('user_id', '=', userId)
    .where('status', '=', 'approved')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.country;
}

/** A customer's submissions, newest first, with who reviewed them (the customer page). */
export function submissionsOf(db: Kysely<DB>, userId: bigint) {
  return db
    .selectFrom('kyc_submissions as k')
    .leftJoin('users as r', 'r.id', 'k.reviewed_by')
    .select([
      'k.id',
      'k.status',
      'k.country',
      'k.phone',
      'k.home_address as homeAddress',
      'k.document_type as documentType',
      'k.decline_reason as declineReason',
      'k.created_at as submittedAt',
      'k.reviewed_at as reviewedAt',
      'r.first_name as reviewerFirstName',
      'r.last_name as reviewerLastName',
    ])
    .where('k.user_id', '=', userId)
    .orderBy('k.id', 'desc')
    .execute();
}

/** The documents of several submissions (role, type, size; never their content). */
export function documentsOf(db: Kysely<DB>, submissionIds: readonly bigint[]) {
  if (submissionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('kyc_files')
    .select(['submission_id as submissionId', 'role', 'mime', 'bytes'])
    .where('submission_id', 'in', [...submissionIds])
    .orderBy('id')
    .execute();
}
