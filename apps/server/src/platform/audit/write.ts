import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { printable } from '../text.js';
import type { Actor } from './actor.js';
import { AUDIT_EVENTS, type AuditAction, type AuditChange } from './events/index.js';

/** One audit event as a writer gives it: the catalogue decides its target type and shapes. */
export type AuditRecord<A extends AuditAction = AuditAction> = {
  [K in A]: {
    action: K;
    /** Who did it (a staff member, a customer, someone not signed in, or the system). */
    actor: Actor;
    /** The id of what it acts on (the catalogue gives its kind). */
    targetId: string;
    /** The customer the event concerns, for their audit trail (null when none). */
    customerId?: bigint | null;
  } & AuditChange<K>;
}[A];

export type AuditWriter = (db: Kysely<DB>, record: AuditRecord) => Promise<void>;

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/**
 * Appends an event to the audit log, in the caller's transaction. The before and after are
 * checked against the event's schema and only what it names is kept, so a stray field (a secret
 * by mistake) never reaches the log. The database links the row into the hash chain under a
 * lock held to the end of the transaction (migration 0014): audit last, after the row locks the
 * action needs.
 */
export const audit: AuditWriter = async (db, record) => {
  const spec = AUDIT_EVENTS[record.action];
  const before: unknown = spec.before.parse(record.before);
  const after: unknown = spec.after.parse(record.after);
  await db
    .insertInto('audit_log')
    .values({
      actor_id: record.actor.userId,
      action: record.action,
      target_type: spec.target,
      target_id: record.targetId,
      customer_id: record.customerId ?? null,
      before: json(before),
      after: json(after),
      ip: record.actor.ip,
      user_agent: record.actor.userAgent === null ? null : printable(record.actor.userAgent),
    })
    .execute();
};
