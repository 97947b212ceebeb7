import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** SQL for reading the audit log (written only by platform/audit and its database trigger). */

export interface AuditFilter {
  /** Someone who acted (a user id), or the bank itself (`system`: no person, no address). */
  actor?: { userId: bigint } | 'system';
  customerId?: bigint;
  /** One action, or every action under it ("security" takes "security.signin_failed"…). */
  action?: string;
  target?: { type?: string; id: string };
  /** From this instant (included) to that one (excluded). */
  from?: Date;
  to?: Date;
}

/** LIKE's own characters in a value taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filtered(db: Kysely<DB>, filter: AuditFilter) {
  let query = db.selectFrom('audit_log as a');
  const { actor, customerId, action, target, from, to } = filter;
  if (actor === 'system') {
    query = query.where('a.actor_id', 'is', null).where('a.ip', 'is', null);
  } else if (actor) {
    query = query.where('a.actor_id', '=', actor.userId);
  }
  if (customerId !== undefined) query = query.where('a.customer_id', '=', customerId);
  if (action !== undefined) {
    query = query.where((eb) =>
      eb.or([eb('a.action', '=', action), eb('a.action', 'like', `${literal(action)}.%`)]),
    );
  }
  if (target) {
    query = query.where('a.target_id', '=', target.id);
    if (target.type !== undefined) query = query.where('a.target_type', '=', target.type);
  }
  if (from) query = query.where('a.created_at', '>=', from);
  if (to) query = query.where('a.created_at', '<', to);
  return query;
}

/**
 * Rows matching the filter, newest first (by id, which the indexes on actor, customer, action,
 * target and time all end with), older than `beforeId`, at most `limit`.
 */
export function auditRows(
  db: Kysely<DB>,
  filter: AuditFilter,
  page: { beforeId?: bigint; limit: number },
) {
  let query = filtered(db, filter)
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .leftJoin('users as c', 'c.id', 'a.customer_id')
    .select([
      'a.id',
      'a.seq',
      'a.created_at as createdAt',
      'a.actor_id as actorId',
      'u.kind as actorKind',
      'u.first_name as actorFirstName',
      'u.last_name as actorLastName',
      'u.email as actorEmail',
      'a.action',
      'a.target_type as targetType',
      'a.target_id as targetId',
      'a.customer_id as customerId',
      'c.first_name as customerFirstName',
      'c.last_name as customerLastName',
      'c.email as customerEmail',
      'a.before',
      'a.after',
      'a.ip',
      'a.user_agent as userAgent',
      'a.hash',
      'a.prev_hash as prevHash',
    ])
    .orderBy('a.id', 'desc')
    .limit(page.limit);
  if (page.beforeId !== undefined) query = query.where('a.id', '<', page.beforeId);
  return query.execute();
}
export type AuditRow = Awaited<ReturnType<typeof auditRows>>[number];

/**
 * How many rows match, counted up to `cap + 1` at most (enough to tell "too many"), and the
 * newest id among them: an export reads up to it, so rows written meanwhile do not shift it.
 */
export async function auditExtent(
  db: Kysely<DB>,
  filter: AuditFilter,
  cap: number,
): Promise<{ rows: number; newestId: bigint | null }> {
  const sample = filtered(db, filter)
    .select('a.id')
    .orderBy('a.id', 'desc')
    .limit(cap + 1);
  const row = await db
    .selectFrom(sample.as('s'))
    .select([sql<string>`count(*)`.as('rows'), sql<bigint | null>`max(s.id)`.as('newestId')])
    .executeTakeFirstOrThrow();
  return { rows: Number(row.rows), newestId: row.newestId };
}
