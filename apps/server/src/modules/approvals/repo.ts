import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ApprovalStatus } from '../../db/tables/approvals.js';

/** The SQL of two-person approvals (the module owns `approvals` and `bank_settings`). */

const columns = [
  'a.id',
  'a.kind',
  'a.subject_type as subjectType',
  'a.subject_id as subjectId',
  'a.customer_id as customerId',
  'a.amount',
  'a.currency',
  'a.payload',
  'a.summary',
  'a.reason',
  'a.evidence_key as evidenceKey',
  'a.evidence_mime as evidenceMime',
  'a.status',
  'a.proposed_by as proposedBy',
  'a.proposed_at as proposedAt',
  'a.expires_at as expiresAt',
  'a.decided_by as decidedBy',
  'a.decided_at as decidedAt',
  'a.decision_note as decisionNote',
  'a.outcome',
] as const;

/** Approvals with the names of the people on them, as the inbox shows them. */
function withNames(db: Kysely<DB>) {
  return db
    .selectFrom('approvals as a')
    .innerJoin('users as p', 'p.id', 'a.proposed_by')
    .leftJoin('users as d', 'd.id', 'a.decided_by')
    .leftJoin('users as c', 'c.id', 'a.customer_id')
    .select(columns)
    .select([
      sql<string>`p.first_name || ' ' || p.last_name`.as('proposerName'),
      sql<string | null>`d.first_name || ' ' || d.last_name`.as('deciderName'),
      sql<string | null>`c.first_name || ' ' || c.last_name`.as('customerName'),
    ]);
}
export type ApprovalRow = Awaited<
  ReturnType<ReturnType<typeof withNames>['executeTakeFirstOrThrow']>
>;

export function approvalById(db: Kysely<DB>, id: bigint) {
  return withNames(db).where('a.id', '=', id).executeTakeFirst();
}

/** A proposal locked for its decision (the row only). */
export function lockApproval(db: Kysely<DB>, id: bigint) {
  return db
    .selectFrom('approvals as a')
    .select(columns)
    .where('a.id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}
export type LockedApproval = NonNullable<Awaited<ReturnType<typeof lockApproval>>>;

export interface ListFilter {
  status: ApprovalStatus;
  /** Only these kinds (those the viewer may see); an empty list matches nothing. */
  kinds: readonly string[];
  /** Proposed by this person, or not by them (`notBy`). */
  proposedBy?: bigint;
  notBy?: bigint;
  /** Either of: kinds the viewer may decide, or proposed by the viewer. */
  visibleTo?: { kinds: readonly string[]; userId: bigint };
  customerId?: bigint;
  minAmount?: bigint;
  maxAmount?: bigint;
  proposedBefore?: Date;
  limit: number;
}

export function listApprovals(db: Kysely<DB>, f: ListFilter) {
  let query = withNames(db).where('a.status', '=', f.status);
  if (f.kinds.length === 0) return Promise.resolve([]);
  query = query.where('a.kind', 'in', f.kinds);
  if (f.visibleTo) {
    const { kinds, userId } = f.visibleTo;
    query = query.where((eb) =>
      eb.or([
        eb('a.proposed_by', '=', userId),
        ...(kinds.length > 0 ? [eb('a.kind', 'in', kinds)] : []),
      ]),
    );
  }
  if (f.proposedBy !== undefined) query = query.where('a.proposed_by', '=', f.proposedBy);
  if (f.notBy !== undefined) query = query.where('a.proposed_by', '<>', f.notBy);
  if (f.customerId !== undefined) query = query.where('a.customer_id', '=', f.customerId);
  if (f.minAmount !== undefined) query = query.where('a.amount', '>=', f.minAmount);
  if (f.maxAmount !== undefined) query = query.where('a.amount', '<=', f.maxAmount);
  if (f.proposedBefore !== undefined) query = query.where('a.proposed_at', '<', f.proposedBefore);
  // Waiting ones oldest first (first come, first served); decided ones newest first.
  return query
    .orderBy('a.id', f.status === 'pending' ? 'asc' : 'desc')
    .limit(f.limit)
    .execute();
}

/** Counts of what waits for a person: kinds they may decide, proposed by others. */
export async function waitingFor(
  db: Kysely<DB>,
  kinds: readonly string[],
  userId: bigint,
): Promise<{ count: number; oldest: Date | null }> {
  if (kinds.length === 0) return { count: 0, oldest: null };
  const row = await db
    .selectFrom('approvals')
    .select([sql<string>`count(*)`.as('count'), sql<Date | null>`min(proposed_at)`.as('oldest')])
    .where('status', '=', 'pending')
    .where('kind', 'in', kinds)
    .where('proposed_by', '<>', userId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest === null ? null : new Date(row.oldest) };
}

/** The open proposal on a subject, if any (one at most: a unique index holds it). */
export function openOn(db: Kysely<DB>, subjectType: string, subjectId: string) {
  return db
    .selectFrom('approvals')
    .select(['id', 'kind', 'proposed_by as proposedBy', 'expires_at as expiresAt'])
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/**
 * The open proposal on a subject, locked (the row only). Whoever carries out or closes a
 * proposal locks it before the subject's row, as an approval does.
 */
export function lockOpenOn(db: Kysely<DB>, subjectType: string, subjectId: string) {
  return db
    .selectFrom('approvals')
    .select(['id', 'kind', 'customer_id as customerId'])
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .where('status', '=', 'pending')
    .forUpdate()
    .executeTakeFirst();
}

/** The latest proposal on a subject, whatever became of it (a replayed request finds it). */
export function latestOn(db: Kysely<DB>, subjectType: string, subjectId: string) {
  return db
    .selectFrom('approvals')
    .select(['id', 'kind', 'proposed_by as proposedBy', 'payload', 'status', 'summary'])
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export interface NewApproval {
  kind: string;
  subjectType: string | null;
  subjectId: string | null;
  customerId: bigint | null;
  amount: bigint | null;
  currency: string | null;
  payload: Record<string, unknown>;
  summary: string;
  reason: string;
  evidence: { key: string; mime: string } | null;
  proposedBy: bigint;
  proposedAt: Date;
  expiresAt: Date;
}

/** A new proposal; null when the subject has an open one already (the unique index decides). */
export async function insertApproval(db: Kysely<DB>, a: NewApproval): Promise<bigint | null> {
  const row = await db
    .insertInto('approvals')
    .values({
      kind: a.kind,
      subject_type: a.subjectType,
      subject_id: a.subjectId,
      customer_id: a.customerId,
      amount: a.amount,
      currency: a.currency,
      payload: JSON.stringify(a.payload),
      summary: a.summary,
      reason: a.reason,
      evidence_key: a.evidence?.key ?? null,
      evidence_mime: a.evidence?.mime ?? null,
      proposed_by: a.proposedBy,
      proposed_at: a.proposedAt,
      expires_at: a.expiresAt,
    })
    .onConflict((oc) =>
      oc
        .columns(['subject_type', 'subject_id'])
        .where('status', '=', 'pending')
        .where('subject_id', 'is not', null)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** pending -> `to`, once (guarded): the decision's who, when, note and outcome. */
export function settle(
  db: Kysely<DB>,
  id: bigint,
  to: Exclude<ApprovalStatus, 'pending'>,
  decision: {
    by: bigint | null;
    at: Date;
    note: string | null;
    outcome?: Record<string, string>;
  },
) {
  return db
    .updateTable('approvals')
    .set({
      status: to,
      decided_by: decision.by,
      decided_at: decision.at,
      decision_note: decision.note,
      outcome: decision.outcome ? JSON.stringify(decision.outcome) : null,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** Pending proposals past their time, oldest first, locked (skipping those being decided). */
export function lockExpired(db: Kysely<DB>, now: Date, limit: number) {
  return db
    .selectFrom('approvals as a')
    .select(columns)
    .where('a.status', '=', 'pending')
    .where('a.expires_at', '<=', now)
    .orderBy('a.id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export function evidenceOf(db: Kysely<DB>, id: bigint) {
  return db
    .selectFrom('approvals')
    .select(['evidence_key as key', 'evidence_mime as mime', 'kind', 'proposed_by as proposedBy'])
    .where('id', '=', id)
    .executeTakeFirst();
}

// Settings -----------------------------------------------------------------------------------

export async function setting(db: Kysely<DB>, key: string): Promise<unknown> {
  const row = await db
    .selectFrom('bank_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

export async function putSetting(db: Kysely<DB>, key: string, value: unknown, by: bigint | null) {
  await db
    .insertInto('bank_settings')
    .values({ key, value: JSON.stringify(value), updated_by: by })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ value: JSON.stringify(value), updated_by: by, updated_at: new Date() }),
    )
    .execute();
}

/** The open proposals of some kinds, oldest first (a module's pages show what waits on them). */
export function openOfKinds(db: Kysely<DB>, kinds: readonly string[]) {
  if (kinds.length === 0) return Promise.resolve([]);
  return withNames(db)
    .where('a.status', '=', 'pending')
    .where('a.kind', 'in', kinds)
    .orderBy('a.id', 'asc')
    .execute();
}

/** The open proposals on these subjects of one type, with their proposer's name. */
export function openOnMany(db: Kysely<DB>, subjectType: string, subjectIds: readonly string[]) {
  if (subjectIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('approvals as a')
    .innerJoin('users as p', 'p.id', 'a.proposed_by')
    .select([
      'a.id',
      'a.subject_id as subjectId',
      'a.summary',
      'a.payload',
      'a.proposed_at as proposedAt',
      sql<string>`p.first_name || ' ' || p.last_name`.as('proposerName'),
    ])
    .where('a.subject_type', '=', subjectType)
    .where('a.subject_id', 'in', subjectIds)
    .where('a.status', '=', 'pending')
    .execute();
}

/** A setting with who changed it last, by name. */
export function settingRow(db: Kysely<DB>, key: string) {
  return db
    .selectFrom('bank_settings as s')
    .leftJoin('users as u', 'u.id', 's.updated_by')
    .select([
      's.value',
      's.updated_at as updatedAt',
      's.updated_by as updatedBy',
      sql<string | null>`u.first_name || ' ' || u.last_name`.as('updatedByName'),
    ])
    .where('s.key', '=', key)
    .executeTakeFirst();
}

/** A setting's row locked for its change (a missing one is created first). */
export async function lockSetting(db: Kysely<DB>, key: string, initial: unknown) {
  await db
    .insertInto('bank_settings')
    .values({ key, value: JSON.stringify(initial) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return db
    .selectFrom('bank_settings')
    .select(['value'])
    .where('key', '=', key)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Which of these subjects of one type had a proposal approved (decided by two people). */
export async function approvedAmong(
  db: Kysely<DB>,
  subjectType: string,
  subjectIds: readonly string[],
): Promise<Set<string>> {
  if (subjectIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('approvals')
    .select('subject_id as subjectId')
    .where('subject_type', '=', subjectType)
    .where('subject_id', 'in', subjectIds)
    .where('status', '=', 'approved')
    .execute();
  return new Set(rows.flatMap((r) => (r.subjectId === null ? [] : [r.subjectId])));
}

/**
 * Serializes one person's decisions alone for one customer (dual control's running total):
 * held to the end of the transaction. The two-key advisory lock (3, n) is this module's (the
 * audit chain holds (1, 1), staff access (2, 1)); two customers sharing n only wait for each
 * other.
 */
export async function lockAloneTally(db: Kysely<DB>, customerId: bigint) {
  await sql`select pg_advisory_xact_lock(3, ${Number(customerId % 2_147_483_647n)})`.execute(db);
}
