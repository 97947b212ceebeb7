import type { ActiveSession, ChangePasswordRequest } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { forgetTrustedBrowsers } from '../auth/index.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { freshCode } from '../../platform/codes/index.js';
import { hashPassword, passwordProblem } from '../../platform/security/passwords.js';
import { revokeUserSessions } from '../../platform/security/sessions.js';
import { checkOwnPassword, personalWords, users } from '../users/index.js';
import { emailChangeCodeEmail, emailChangedNoticeEmail, emailInUseNoticeEmail } from './emails.js';
import { describeDevice, describePlace } from '../../platform/devices.js';
import * as repo from './repo.js';

interface Person {
  userId: bigint;
  sessionId: bigint;
  ip: string;
  userAgent: string;
}

async function owner(deps: AppDeps, userId: bigint) {
  const user = await users.findUserById(deps.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  return user;
}

/** The account password, asked again: counted per account (platform/security/password-check). */
function currentPasswordRight(deps: AppDeps, person: Person, given: string) {
  return checkOwnPassword(deps, person, given);
}

/**
 * A new password, given the current one; the sign-up rules apply. Every other session ends (the
 * one in use stays), and the customer is told in the app and by email.
 */
export async function changePassword(
  deps: AppDeps,
  person: Person,
  input: Pick<ChangePasswordRequest, 'currentPassword' | 'newPassword'>,
): Promise<void> {
  const user = await owner(deps, person.userId);
  await currentPasswordRight(deps, person, input.currentPassword);
  const problem = await passwordProblem(input.newPassword, personalWords(user));
  if (problem) throw fieldError('body.newPassword', problem);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction().execute(async (trx) => {
    await users.setPassword(trx, user.id, passwordHash);
    await revokeUserSessions(trx, user.id, person.sessionId);
    // Every other browser passes the second factor again, if it is on.
    await forgetTrustedBrowsers(trx, user.id);
    await deps.notifications.send(trx, user.id, 'password.changed', {});
  });
}

/**
 * Asks to move the account to a new address, given the account password: a code goes to that
 * address (bound to it, so it cannot confirm any other), and nothing changes until it comes
 * back. At most one code a minute and the purpose's daily cap, as every emailed code.
 *
 * The answer never tells whether another account (a customer's or a staff member's) holds the
 * address: the request is taken alike, a code is made and counted alike (so the one-a-minute
 * pause that follows is the same), and for a free address the code is emailed there. For a taken address the owner is told
 * instead, at most once a day (sign-up attempts share that day), that someone tried to use it,
 * with no code; the change can then never be confirmed, since nobody has the code.
 */
export async function requestEmailChange(
  deps: AppDeps,
  person: Person,
  input: { email: string; currentPassword: string },
) {
  const { email } = input;
  const user = await owner(deps, person.userId);
  await currentPasswordRight(deps, person, input.currentPassword);
  if (user.email.toLowerCase() === email.toLowerCase()) {
    throw fieldError('body.email', 'That is already your email address.');
  }
  await deps.db.transaction().execute(async (trx) => {
    const holder = await users.findUserByEmail(trx, email);
    const code = await freshCode(deps, trx, user.id, 'email_change', {
      refuseWhenPaused: true,
      context: { email: email.toLowerCase() },
    });
    if (!code) {
      throw new AppError(
        'RATE_LIMITED',
        'A code was sent less than a minute ago, or today’s codes are used up. Wait a minute, then ask again.',
      );
    }
    if (!holder) {
      await deps.mail.send(trx, await emailChangeCodeEmail(email, user.firstName, code));
    } else if (await users.claimDuplicateSignupNotice(trx, holder.id, deps.clock.now())) {
      // At most one "someone tried to use your address" a day per address (sign-ups included),
      // so nobody can flood another person's mailbox from their own settings.
      await deps.mail.send(trx, await emailInUseNoticeEmail(holder.email, holder.firstName));
    }
  });
}

/** The code from the new address moves the account there; the old address is told. */
export async function confirmEmailChange(
  deps: AppDeps,
  person: Person,
  input: { email: string; code: string },
): Promise<{ email: string }> {
  const user = await owner(deps, person.userId);
  const checked = await deps.db.transaction().execute((trx) =>
    deps.codes.check(trx, {
      userId: user.id,
      purpose: 'email_change',
      code: input.code,
      context: { email: input.email.toLowerCase() },
      actor: person,
    }),
  );
  if (!checked.ok) throw checked.error;
  return deps.db.transaction().execute(async (trx) => {
    const changed = await users.setEmail(trx, user.id, input.email);
    if (!changed) throw new AppError('CONFLICT', 'Another account uses that email address now.');
    await deps.mail.send(
      trx,
      await emailChangedNoticeEmail(user.email, user.firstName, input.email, deps.clock.now()),
    );
    await deps.notifications.send(trx, user.id, 'email.changed', { email: input.email });
    await deps.audit(trx, {
      action: 'security.email_changed',
      actor: { userId: person.userId, ip: person.ip, userAgent: person.userAgent },
      targetId: String(user.id),
      before: { email: user.email },
      after: { email: input.email },
    });
    return { email: changed.email };
  });
}

export async function activeSessions(deps: AppDeps, person: Person): Promise<ActiveSession[]> {
  const rows = await repo.liveSessions(deps.db, person.userId, deps.clock.now());
  // This browser first, then the others by last use (the repository's order; sort is stable).
  rows.sort((a, b) => Number(b.id === person.sessionId) - Number(a.id === person.sessionId));
  return rows.map((row) => ({
    id: String(row.id),
    device: describeDevice(row.userAgent),
    place: describePlace(row.ip),
    signedInAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastSeenAt.toISOString(),
    current: row.id === person.sessionId,
  }));
}

/** Signs out one of the customer's other browsers (the current one signs out with Log Out). */
export async function endSession(deps: AppDeps, person: Person, sessionId: bigint) {
  if (sessionId === person.sessionId) {
    throw new AppError('CONFLICT', 'This is the browser you are using: use Log Out instead.');
  }
  if (!(await repo.endSession(deps.db, person.userId, sessionId, deps.clock.now()))) {
    throw new AppError('NOT_FOUND', 'No such session');
  }
}

export async function endOtherSessions(deps: AppDeps, person: Person): Promise<number> {
  return revokeUserSessions(deps.db, person.userId, person.sessionId);
}
