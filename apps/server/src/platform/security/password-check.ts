import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { UserKind } from '../../db/tables/identity.js';
import type { AuditWriter } from '../audit/index.js';
import type { Clock } from '../clock.js';
import { AppError, fieldError } from '../errors.js';
import type { Notifier } from '../notifications/index.js';
import { verifyPassword } from './passwords.js';

/** Wrong passwords a signed-in person may give in an hour (settings, PIN reset) before a pause. */
export const SIGNED_IN_PASSWORD_TRIES = 5;
const WINDOW_MS = 60 * 60_000;
const ACTION = 'security.password_check_failed' as const;

export const PASSWORD_CHECKS_PAUSED =
  'Too many wrong passwords. Try again in an hour, or sign out and use "Forgot password?".';

interface Asker {
  userId: bigint;
  ip: string;
  userAgent: string;
}

/** What the check uses of the app's dependencies (AppDeps has them all). */
export interface PasswordCheckDeps {
  db: Kysely<DB>;
  clock: Clock;
  audit: AuditWriter;
  notifications: Notifier;
}

/**
 * The person's password hash with their row locked until the transaction ends: the users
 * module's `lockPasswordHolder`, given by the caller (platform code never reads a module's
 * table itself).
 */
export type LockPasswordHolder = (
  trx: Kysely<DB>,
  userId: bigint,
) => Promise<{ id: bigint; kind: UserKind; passwordHash: string } | undefined>;

/**
 * The account password, asked again of someone already signed in before a sensitive change
 * (a new password, a new email address, a PIN reset). A stolen session must not become a way to
 * guess the password: wrong answers are counted per account (in the audit log, where each is
 * recorded anyway), and after five in an hour the check is refused outright for the rest of the
 * hour, whoever asks and from wherever, and the customer is told in the app and by email.
 *
 * The count and the check run under a lock on the person's row, so parallel guesses queue up
 * instead of slipping past the count together.
 */
export async function checkPasswordAgain(
  deps: PasswordCheckDeps,
  lockHolder: LockPasswordHolder,
  asker: Asker,
  given: string,
  field: string,
): Promise<void> {
  const wrong = await deps.db.transaction().execute(async (trx) => {
    const user = await lockHolder(trx, asker.userId);
    if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
    const since = new Date(deps.clock.now().getTime() - WINDOW_MS);
    const { count } = await trx
      .selectFrom('audit_log')
      .select(sql<string>`count(*)`.as('count'))
      .where('target_type', '=', 'user')
      .where('target_id', '=', String(user.id))
      .where('action', '=', ACTION)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    const before = Number(count);
    if (before >= SIGNED_IN_PASSWORD_TRIES) return 'paused' as const;
    if (await verifyPassword(user.passwordHash, given)) return null;
    await deps.audit(trx, {
      action: ACTION,
      actor: asker,
      targetId: String(user.id),
      customerId: user.kind === 'customer' ? user.id : null,
    });
    if (before + 1 === SIGNED_IN_PASSWORD_TRIES) {
      await deps.notifications.send(trx, user.id, 'security.password_checks_paused', {
        tries: SIGNED_IN_PASSWORD_TRIES,
      });
    }
    return 'wrong' as const;
  });
  if (wrong === 'paused') throw new AppError('RATE_LIMITED', PASSWORD_CHECKS_PAUSED);
  if (wrong === 'wrong') throw fieldError(field, 'That is not your current password.');
}
