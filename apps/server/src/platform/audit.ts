import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { printable } from './text.js';

export interface AuditEvent {
  /** The staff member, or null for the system itself (e.g. the bootstrap at start). */
  actorId: bigint | null;
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
  userAgent?: string | null;
}

/** The staff member behind an action, and where it came from, for the audit log. */
export interface StaffActor {
  userId: bigint;
  ip: string;
  userAgent: string;
}

/** The actor of a staff request: its session's user, address and browser. */
export function staffActor(
  request: { ip: string; headers: Record<string, unknown> },
  userId: bigint,
): StaffActor {
  return { userId, ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}

/** Appends to the audit log (append-only in the database); call inside the action's transaction. */
export async function audit(db: Kysely<DB>, event: AuditEvent): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: event.actorId,
      action: event.action,
      target_type: event.targetType,
      target_id: event.targetId,
      before: event.before === undefined ? null : JSON.stringify(event.before),
      after: event.after === undefined ? null : JSON.stringify(event.after),
      ip: event.ip ?? null,
      user_agent:
        event.userAgent === undefined || event.userAgent === null
          ? null
          : printable(event.userAgent),
    })
    .execute();
}
