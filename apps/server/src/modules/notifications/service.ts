import type { Notification, NotificationPage } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../platform/errors.js';
import * as repo from './repo.js';

type Row = Awaited<ReturnType<typeof repo.pageOfNotifications>>[number];

function toNotification(row: Row): Notification {
  return {
    id: String(row.id),
    kind: row.kind,
    title: row.title,
    body: row.body,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

function cursorId(cursor: string | undefined): bigint | undefined {
  if (cursor === undefined) return undefined;
  if (!/^[1-9][0-9]{0,18}$/.test(cursor)) throw new AppError('BAD_REQUEST', 'Bad cursor');
  return BigInt(cursor);
}

/** The person's notifications, newest first, a page at a time, with their unread count. */
export async function listNotifications(
  deps: AppDeps,
  userId: bigint,
  page: { limit: number; cursor?: string | undefined },
): Promise<NotificationPage> {
  const rows = await repo.pageOfNotifications(deps.db, userId, {
    limit: page.limit,
    before: cursorId(page.cursor),
  });
  const more = rows.length > page.limit;
  const items = rows.slice(0, page.limit).map(toNotification);
  return {
    items,
    nextCursor: more ? (items.at(-1)?.id ?? null) : null,
    unread: await repo.unreadCount(deps.db, userId),
  };
}

export function unreadCount(deps: AppDeps, userId: bigint): Promise<number> {
  return repo.unreadCount(deps.db, userId);
}

/** Marks one notification read (again is fine); another person's is "not found". */
export async function markRead(deps: AppDeps, userId: bigint, id: bigint): Promise<Notification> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.markRead(trx, userId, id, deps.clock.now());
    if (!row) throw new AppError('NOT_FOUND', 'No such notification');
    await deps.notifications.announce(trx, userId);
    return toNotification(row);
  });
}

export async function markAllRead(deps: AppDeps, userId: bigint): Promise<{ unread: number }> {
  await deps.db.transaction().execute(async (trx) => {
    if ((await repo.markAllRead(trx, userId, deps.clock.now())) > 0) {
      await deps.notifications.announce(trx, userId);
    }
  });
  return { unread: 0 };
}
