import type { Kysely } from 'kysely';
import { notifyAfterCommit } from '../../db/after-commit.js';
import type { DB } from '../../db/schema.js';
import { EmailLayout, P, renderEmail, type Mailer } from '../mail/index.js';
import { NOTICES, type NoticeData, type NoticeKind } from './kinds/index.js';

/**
 * The channel a committed notification is announced on. The payload is the person's id, then,
 * for a new notification, `:` and its kind (`42:transfer.received`); the id alone when only the
 * unread count changed (marked read).
 */
export const NOTIFICATIONS_CHANNEL = 'notifications';

/** An announcement's payload: whose notifications changed, and the kind of a new one. */
export function announcementPayload(userId: bigint, kind?: string): string {
  return kind === undefined ? String(userId) : `${userId}:${kind}`;
}

/** Reads an announcement's payload back; null for one that is not an announcement. */
export function readAnnouncement(payload: string): { userId: string; kind: string | null } | null {
  const match = /^([1-9][0-9]{0,18})(?::([a-z0-9_.]{1,100}))?$/.exec(payload);
  if (!match?.[1]) return null;
  return { userId: match[1], kind: match[2] ?? null };
}

/** Where a person's emails go and the name to greet them by (read in the event's transaction). */
export type RecipientLookup = (
  db: Kysely<DB>,
  userId: bigint,
) => Promise<{ email: string; firstName: string } | undefined>;

export interface Notifier {
  /**
   * Tells a customer what happened, in the words of its kind (kinds/): the in-app notification
   * and, for the kinds that say so, the email. Call it with the transaction of the event it
   * reports: the row, the email and the live announcement exist if and only if it commits.
   */
  send<K extends NoticeKind>(
    db: Kysely<DB>,
    userId: bigint,
    kind: K,
    data: NoticeData<K>,
  ): Promise<void>;
  /** Announces that a person's unread count changed without a new notification (marked read). */
  announce(db: Kysely<DB>, userId: bigint): Promise<void>;
}

async function announce(db: Kysely<DB>, userId: bigint, kind?: NoticeKind) {
  // Sent once the transaction has committed, batched with others (decision 29): never if it
  // rolls back, and never holding up the commits of the rest of the bank.
  await notifyAfterCommit(db, NOTIFICATIONS_CHANNEL, announcementPayload(userId, kind));
}

export function createNotifier(mail: Mailer, recipientOf: RecipientLookup): Notifier {
  return {
    async send(db, userId, kind, data) {
      const spec = NOTICES[kind];
      const { title, body } = spec.render(spec.data.parse(data) as never);
      await db.insertInto('notifications').values({ user_id: userId, kind, title, body }).execute();
      await announce(db, userId, kind);
      if (spec.email) {
        const to = await recipientOf(db, userId);
        if (to) await mail.send(db, await notificationEmail(to.email, to.firstName, title, body));
      }
    },
    announce: (db, userId) => announce(db, userId),
  };
}

/** The email of a notification: its title and body in the bank's one layout. */
export function notificationEmail(to: string, firstName: string, title: string, body: string) {
  return renderEmail(
    to,
    title,
    <EmailLayout preview={title} heading={title}>
      <P>Hello {firstName},</P>
      <P>{body}</P>
      <P>You can also read this under Notifications when you sign in.</P>
    </EmailLayout>,
  );
}
