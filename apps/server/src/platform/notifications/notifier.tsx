import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { EmailLayout, P, renderEmail, type Mailer } from '../mail/index.js';
import { NOTICES, type NoticeData, type NoticeKind } from './kinds/index.js';

/** The channel a committed notification is announced on (payload: the person's id). */
export const NOTIFICATIONS_CHANNEL = 'notifications';

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

async function announce(db: Kysely<DB>, userId: bigint) {
  // Delivered by PostgreSQL (and PGlite) only when the transaction commits.
  await sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${String(userId)})`.execute(db);
}

export function createNotifier(mail: Mailer, recipientOf: RecipientLookup): Notifier {
  return {
    async send(db, userId, kind, data) {
      const spec = NOTICES[kind];
      const { title, body } = spec.render(spec.data.parse(data) as never);
      await db.insertInto('notifications').values({ user_id: userId, kind, title, body }).execute();
      await announce(db, userId);
      if (spec.email) {
        const to = await recipientOf(db, userId);
        if (to) await mail.send(db, await notificationEmail(to.email, to.firstName, title, body));
      }
    },
    announce,
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
