import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** A person's notifications; every query is scoped by the owner's id. */

export function pageOfNotifications(
  db: Kysely<DB>,
  userId: bigint,
  page: { limit: number; before?: bigint | undefined },
) {
  let query = db
    .selectFrom('notifications')
    .select(['id', 'kind', 'title', 'body', 'read_at as readAt', 'created_at as createdAt'])
    .where('user_id', '=', userId);
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  return query
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute();
}

export async function unreadCount(db: Kysely<DB>, userId: bigint): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks one of the person's notifications read; false when it is not theirs or not there. */
export async function markRead(db: Kysely<DB>, userId: bigint, id: bigint, now: Date) {
  const row = await db
    .updateTable('notifications')
    .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.val(now)) }))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(['id', 'kind', 'title', 'body', 'read_at as readAt', 'created_at as createdAt'])
    .executeTakeFirst();
  return row ?? null;
}

export async function markAllRead(db: Kysely<DB>, userId: bigint, now: Date): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
