import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { announceSessionsEnded, SESSION_IDLE_MS } from '../../platform/security/sessions.js';

/** A customer's live sessions, by the owner's id. */
export function liveSessions(db: Kysely<DB>, userId: bigint, now: Date) {
  return db
    .selectFrom('sessions')
    .select([
      'id',
      'ip',
      'user_agent as userAgent',
      'created_at as createdAt',
      'last_seen_at as lastSeenAt',
    ])
    .where('user_id', '=', userId)
    .where('scope', '=', 'customer')
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', new Date(now.getTime() - SESSION_IDLE_MS))
    .orderBy('last_seen_at', 'desc')
    .execute();
}

/** Ends one of the owner's sessions; false when it is not theirs or already ended. */
export async function endSession(db: Kysely<DB>, userId: bigint, sessionId: bigint, now: Date) {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  announceSessionsEnded(rows.map((row) => row.id));
  return rows.length > 0;
}
