import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { AUDIT_EVENTS, isAuditAction } from './events/index.js';

/**
 * One customer's audit trail: the events the writer recorded as concerning them (`customer_id`,
 * migration 0014), newest first, a page at a time, each with its action in the catalogue's
 * words. Reads only: the log is append-only.
 */
export async function customerAuditTrail(
  db: Kysely<DB>,
  customerId: bigint,
  page: { before?: bigint | undefined; limit: number },
) {
  let query = db
    .selectFrom('audit_log')
    .select([
      'id',
      'actor_id as actorId',
      'action',
      'target_type as targetType',
      'target_id as targetId',
      'before',
      'after',
      'ip',
      'created_at as createdAt',
    ])
    .where('customer_id', '=', customerId)
    .orderBy('id', 'desc')
    .limit(page.limit + 1);
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  const rows = await query.execute();
  return {
    rows: rows.slice(0, page.limit).map((row) => ({
      ...row,
      label: isAuditAction(row.action) ? AUDIT_EVENTS[row.action].label : row.action,
    })),
    more: rows.length > page.limit,
  };
}
