import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { EmailLayout, P, renderEmail, type Mailer } from '../mail/index.js';

/** The channel a committed notification is announced on (payload: the person's id). */
export const NOTIFICATIONS_CHANNEL = 'notifications';

export interface NotificationInput {
  userId: bigint;
  /** What happened, as a dotted name (`pin.locked`, `transfer.failed`): for filters and tests. */
  kind: string;
  title: string;
  body: string;
  /**
   * Also email it (money and security events): the address and the name to greet. The email
   * is queued in the same transaction, so it goes out if and only if the event commits.
   */
  email?: { to: string; firstName: string };
}

export interface Notifier {
  /**
   * Records a notification for a customer. Call it with the transaction of the event it reports:
   * the row, the email and the live announcement exist if and only if the event commits.
   */
  notify(db: Kysely<DB>, notification: NotificationInput): Promise<void>;
  /** Announces that a person's unread count changed without a new notification (marked read). */
  announce(db: Kysely<DB>, userId: bigint): Promise<void>;
}

async function announce(db: Kysely<DB>, userId: bigint) {
  // Delivered by PostgreSQL (and PGlite) only when the transaction commits.
  await sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${String(userId)})`.execute(db);
}

export function createNotifier(mail: Mailer): Notifier {
  return {
    async notify(db, n) {
      await db
        .insertInto('notifications')
        .values({ user_id: n.userId, kind: n.kind, title: n.title, body: n.body })
        .execute();
      await announce(db, n.userId);
      if (n.email) {
        await mail.send(
          db,
          await notificationEmail(n.email.to, n.email.firstName, n.title, n.body),
        );
      }
    },
    announce,
  };
}

/** The email of a notification: its title and body in the bank's one layout. */
function notificationEmail(to: string, firstName: string, title: string, body: string) {
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
