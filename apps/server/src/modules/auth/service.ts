import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { RESEND_COOLDOWN_MS, type AuthOutcome, type Me, type SignupRequest } from '@bank/contract';
import type { DB } from '../../db/schema.js';
import type { SessionScope } from '../../db/tables/identity.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { permissionsOf } from '../../platform/permissions.js';
import { enqueueEmail } from '../../platform/mail/index.js';
import {
  decoyPasswordHash,
  hashPassword,
  passwordProblem,
  verifyPassword,
} from '../../platform/security/passwords.js';
import { createSession, revokeUserSessions } from '../../platform/security/sessions.js';
import { consumeValidCode, issueCode, lastCodeSentAt, WRONG_CODE } from './codes.js';
import {
  alreadyRegisteredEmail,
  newDeviceEmail,
  passwordChangedEmail,
  passwordResetEmail,
  verificationEmail,
} from './emails.js';
import * as repo from './repo.js';

export interface AuthContext {
  db: Kysely<DB>;
  secretKey: string;
  /** Where the app is reachable, for links in emails, e.g. https://bank.example/wp-user */
  appUrl: string;
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** Consecutive wrong passwords before an account's sign-in rests, and for how long. */
export const SIGNIN_MAX_FAILURES = 5;
export const SIGNIN_LOCK_MS = 15 * 60_000;

const INVALID_CREDENTIALS = 'Invalid Credentials';

/**
 * Opens a customer's profile (email not yet verified) and emails a code. The answer is the same
 * whether or not the email already had an account: the owner of that address gets an email
 * saying so instead, and nobody else learns it. A taken username is said plainly (usernames
 * are shown to others; an email address is not).
 */
export async function signup(ctx: AuthContext, input: SignupRequest): Promise<{ email: string }> {
  const problem = await passwordProblem(input.password, [
    input.firstName,
    input.lastName,
    input.username,
    input.email,
  ]);
  if (problem) throw fieldError('body.password', problem);
  if (await repo.usernameTaken(ctx.db, input.username)) {
    throw fieldError('body.username', 'That username is taken. Please choose another.');
  }
  const passwordHash = await hashPassword(input.password);

  await ctx.db.transaction().execute(async (trx) => {
    const existing = await repo.findUserByEmail(trx, input.email);
    if (existing) {
      await enqueueEmail(trx, alreadyRegisteredEmail(existing.email, existing.firstName));
      return;
    }
    const userId = await repo.insertCustomer(trx, { ...input, passwordHash });
    if (userId === null) {
      // Lost a race for the username (the email race lands in `existing` on a retry).
      throw fieldError('body.username', 'That username is taken. Please choose another.');
    }
    const code = await issueCode(trx, ctx.secretKey, userId, 'email_verification');
    await enqueueEmail(trx, verificationEmail(input.email, input.firstName, code));
  });
  return { email: input.email };
}

/**
 * Sends a new verification code, at most once a minute. Says the same for an unknown or an
 * already verified address.
 */
export async function resendVerification(ctx: AuthContext, email: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const user = await repo.findUserByEmail(trx, email);
    if (!user || user.kind !== 'customer' || user.emailVerifiedAt) return;
    const sentAt = await lastCodeSentAt(trx, user.id, 'email_verification');
    if (sentAt && Date.now() - sentAt.getTime() < RESEND_COOLDOWN_MS) {
      throw new AppError('RATE_LIMITED', 'Please Wait: a code was sent less than a minute ago.');
    }
    const code = await issueCode(trx, ctx.secretKey, user.id, 'email_verification');
    await enqueueEmail(trx, verificationEmail(user.email, user.firstName, code));
  });
}

export interface SignedIn {
  outcome: AuthOutcome;
  session: { token: string; expiresAt: Date } | null;
}

/** Checks the emailed code; on success the email is verified and the person routed on. */
export async function verifyEmail(
  ctx: AuthContext,
  input: { email: string; code: string },
  client: ClientInfo,
): Promise<SignedIn> {
  const user = await repo.findUserByEmail(ctx.db, input.email);
  if (!user || user.kind !== 'customer' || user.emailVerifiedAt) {
    throw new AppError('UNPROCESSABLE', WRONG_CODE);
  }
  const result = await ctx.db
    .transaction()
    .execute((trx) =>
      consumeValidCode(trx, ctx.secretKey, user.id, 'email_verification', input.code),
    );
  // The failed attempt was committed above, so the count holds even though we refuse.
  if (!result.ok) throw result.error;
  await repo.markEmailVerified(ctx.db, user.id);
  return routeSignedIn(ctx, { ...user, emailVerifiedAt: new Date() }, client);
}

/** The spec's sign-in, outcome by outcome (section 4, "Login outcomes"). */
export async function signin(
  ctx: AuthContext,
  input: { email: string; password: string },
  client: ClientInfo,
): Promise<SignedIn> {
  const user = await repo.findUserByEmail(ctx.db, input.email);
  if (!user) {
    await verifyPassword(await decoyPasswordHash(), input.password);
    throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  }
  if (user.signinLockedUntil && user.signinLockedUntil.getTime() > Date.now()) {
    const wait = Math.ceil((user.signinLockedUntil.getTime() - Date.now()) / 60_000);
    throw new AppError(
      'RATE_LIMITED',
      `Too many failed sign-ins. Try again in ${wait} minute${wait === 1 ? '' : 's'}, or reset your password.`,
    );
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    const failures = user.failedSignins + 1;
    const lockUntil =
      failures % SIGNIN_MAX_FAILURES === 0 ? new Date(Date.now() + SIGNIN_LOCK_MS) : null;
    await repo.recordFailedSignin(ctx.db, user.id, lockUntil);
    throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  }
  await repo.clearFailedSignins(ctx.db, user.id);

  if (user.kind === 'customer' && !user.emailVerifiedAt) {
    await ctx.db.transaction().execute(async (trx) => {
      const sentAt = await lastCodeSentAt(trx, user.id, 'email_verification');
      if (sentAt && Date.now() - sentAt.getTime() < RESEND_COOLDOWN_MS) return;
      const code = await issueCode(trx, ctx.secretKey, user.id, 'email_verification');
      await enqueueEmail(trx, verificationEmail(user.email, user.firstName, code));
    });
    return { outcome: { next: 'verify_email', email: user.email }, session: null };
  }
  const signedIn = await routeSignedIn(ctx, user, client);
  if (signedIn.session) await alertOnNewDevice(ctx, user, client);
  return signedIn;
}

type User = NonNullable<Awaited<ReturnType<typeof repo.findUserByEmail>>>;

/** Which session, if any, a verified person gets, and where they go. */
async function routeSignedIn(ctx: AuthContext, user: User, client: ClientInfo): Promise<SignedIn> {
  const open = async (scope: SessionScope) =>
    createSession(ctx.db, { userId: user.id, scope, ip: client.ip, userAgent: client.userAgent });
  if (user.kind === 'staff') return { outcome: { next: 'staff' }, session: await open('staff') };
  if (user.restrictionHead !== null && user.restrictionBody !== null) {
    return {
      outcome: { next: 'notice', head: user.restrictionHead, body: user.restrictionBody },
      session: null,
    };
  }
  switch (user.kycStatus) {
    case 'not_verified':
    case 'declined':
      return {
        outcome: {
          next: 'kyc_submit',
          status: user.kycStatus,
          declineReason: user.kycStatus === 'declined' ? user.kycDeclineReason : null,
        },
        session: await open('onboarding'),
      };
    case 'pending':
      return { outcome: { next: 'kyc_review' }, session: null };
    case 'approved':
      return { outcome: { next: 'dashboard' }, session: await open('customer') };
  }
}

/** An email the first time a person signs in from a browser we have not seen them use. */
async function alertOnNewDevice(ctx: AuthContext, user: User, client: ClientInfo) {
  const fingerprint = createHash('sha256').update(client.userAgent).digest('base64url');
  const hadDevices = await repo.hasAnyDevice(ctx.db, user.id);
  const isNew = await repo.rememberDevice(ctx.db, user.id, fingerprint);
  // The very first sign-in is not news to the person who just signed up.
  if (isNew && hadDevices) {
    await enqueueEmail(ctx.db, newDeviceEmail(user.email, user.firstName, new Date(), client));
  }
}

/**
 * Emails a reset code (and a link carrying it) if the address has an account; the answer is
 * the same either way. At most one code a minute per account.
 */
export async function requestPasswordReset(ctx: AuthContext, email: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const user = await repo.findUserByEmail(trx, email);
    if (!user) return;
    const sentAt = await lastCodeSentAt(trx, user.id, 'password_reset');
    if (sentAt && Date.now() - sentAt.getTime() < RESEND_COOLDOWN_MS) return;
    const code = await issueCode(trx, ctx.secretKey, user.id, 'password_reset');
    const link = `${ctx.appUrl}/auth/reset/${encodeURIComponent(user.email)}/${code}`;
    await enqueueEmail(trx, passwordResetEmail(user.email, user.firstName, code, link));
  });
}

/**
 * Sets a new password with a valid reset code: every session of the person ends, a sign-in
 * lock is lifted, and the person is told by email.
 */
export async function resetPassword(
  ctx: AuthContext,
  input: { email: string; code: string; newPassword: string },
): Promise<void> {
  const user = await repo.findUserByEmail(ctx.db, input.email);
  if (!user) throw new AppError('UNPROCESSABLE', WRONG_CODE);
  // The password is judged before the code is spent, so a refused password costs no attempt.
  const problem = await passwordProblem(input.newPassword, [
    user.firstName,
    user.lastName,
    user.username,
    user.email,
  ]);
  if (problem) throw fieldError('body.newPassword', problem);
  const passwordHash = await hashPassword(input.newPassword);
  const result = await ctx.db.transaction().execute(async (trx) => {
    const checked = await consumeValidCode(
      trx,
      ctx.secretKey,
      user.id,
      'password_reset',
      input.code,
    );
    if (!checked.ok) return checked;
    await repo.setPassword(trx, user.id, passwordHash);
    await revokeUserSessions(trx, user.id);
    await enqueueEmail(trx, passwordChangedEmail(user.email, user.firstName, new Date()));
    return checked;
  });
  if (!result.ok) throw result.error;
}

/** The signed-in person's name and status, for the app shell. */
export async function profileOf(ctx: AuthContext, userId: bigint) {
  const user = await repo.findUserById(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    email: user.email,
    kycStatus: user.kycStatus,
  };
}

/** A session's person: profile, and for staff the permissions their roles grant. */
export async function whoIs(
  ctx: AuthContext,
  session: { userId: bigint; scope: Me['scope'] },
): Promise<Me> {
  const user = await profileOf(ctx, session.userId);
  const permissions =
    session.scope === 'staff' ? [...(await permissionsOf(ctx.db, session.userId))].sort() : [];
  return { scope: session.scope, ...user, permissions };
}
