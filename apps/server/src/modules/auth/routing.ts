import { createHash } from 'node:crypto';
import type { AuthOutcome } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../platform/errors.js';
import { createSession, revokeSessionsOfScope } from '../../platform/security/sessions.js';
import { users, type UserRecord } from '../users/index.js';
import type { ClientInfo } from './client.js';
import { describeDevice } from '../../platform/devices.js';
import { newDeviceEmail } from './emails.js';
import { mfaStatus } from './mfa/repo.js';

/** The answer to a wrong password, an unknown address, or a deactivated staff member. */
export const INVALID_CREDENTIALS = 'Invalid Credentials';

export interface SignedIn {
  outcome: AuthOutcome;
  session: { token: string; expiresAt: Date } | null;
}

/** What passed a customer's second step after the password. */
export type SecondStep = 'passkey' | 'authenticator' | 'recovery_code';

/**
 * Which session, if any, a person whose password (and code, if one was needed) was right gets,
 * and where they go: the spec's login outcome table. Staff get only a session that can finish
 * the second factor.
 */
export async function routeSignedIn(
  deps: AppDeps,
  user: UserRecord,
  client: ClientInfo,
  method: 'password' | 'passkey' = 'password',
  /** A customer's two-step sign-in: what passed the step after the password (audited). */
  secondStep?: SecondStep,
): Promise<SignedIn> {
  const session = { userId: user.id, ip: client.ip, userAgent: client.userAgent };
  // A customer's session and the audit row of the sign-in are written together: no session
  // without its record. (Staff are recorded when the second factor opens the staff session.)
  // The restriction notice is read again under a share lock of the customer's row: one set
  // while the password was being checked is found here (the notice, no session), and one set
  // after this commits ends this session with the others (no session outlives a restriction).
  const open = (scope: 'customer' | 'onboarding', outcome: AuthOutcome): Promise<SignedIn> =>
    deps.db.transaction().execute(async (trx) => {
      const now = await users.lockRestriction(trx, user.id);
      if (now && now.restrictionHead !== null && now.restrictionBody !== null) {
        return {
          outcome: { next: 'notice', head: now.restrictionHead, body: now.restrictionBody },
          session: null,
        };
      }
      const opened = await createSession(trx, { ...session, scope });
      await deps.audit(trx, {
        action: 'security.signin',
        actor: session,
        targetId: String(user.id),
        customerId: user.id,
        after: { session: scope, method, ...(secondStep ? { secondStep } : {}) },
      });
      return { outcome, session: opened };
    });
  if (user.kind === 'staff') {
    if (user.deactivatedAt !== null) {
      // The same answer as a wrong password: a deactivated account tells nobody it exists.
      await deps.audit(deps.db, {
        action: 'staff.signin_refused',
        actor: { userId: null, ip: client.ip, userAgent: client.userAgent },
        targetId: String(user.id),
      });
      throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
    }
    // A passkey checked the person's device and their fingerprint, face or screen lock (user
    // verification is required): two factors at once, so the staff session opens (decision 33).
    if (method === 'passkey') return openStaffSession(deps, user, client);
    const { enrolled } = await mfaStatus(deps.db, user.id);
    // One pending sign-in per person: an earlier one ends, so second-factor guesses cannot be
    // spread over many sign-ins at once.
    await revokeSessionsOfScope(deps.db, user.id, 'mfa_pending');
    return {
      outcome: { next: 'staff_mfa', enrolled },
      session: await createSession(deps.db, { ...session, scope: 'mfa_pending' }),
    };
  }
  if (user.restrictionHead !== null && user.restrictionBody !== null) {
    return {
      outcome: { next: 'notice', head: user.restrictionHead, body: user.restrictionBody },
      session: null,
    };
  }
  switch (user.kycStatus) {
    case 'not_verified':
    case 'declined':
      return open('onboarding', {
        next: 'kyc_submit',
        status: user.kycStatus,
        declineReason: user.kycStatus === 'declined' ? user.kycDeclineReason : null,
      });
    case 'pending':
      return { outcome: { next: 'kyc_review' }, session: null };
    case 'approved':
      return open('customer', { next: 'dashboard' });
  }
}

/** A staff sign-in with a passkey: the staff session, recorded; any pending sign-in ends. */
async function openStaffSession(
  deps: AppDeps,
  user: UserRecord,
  client: ClientInfo,
): Promise<SignedIn> {
  const session = await deps.db.transaction().execute(async (trx) => {
    await revokeSessionsOfScope(trx, user.id, 'mfa_pending');
    await users.recordStaffSignin(trx, user.id, deps.clock.now());
    await deps.audit(trx, {
      action: 'staff.signin_passkey',
      actor: { userId: user.id, ip: client.ip, userAgent: client.userAgent },
      targetId: String(user.id),
    });
    return createSession(trx, {
      userId: user.id,
      scope: 'staff',
      ip: client.ip,
      userAgent: client.userAgent,
    });
  });
  return { outcome: { next: 'staff' }, session };
}

/**
 * The first time a person signs in from a browser we have not seen them use: an email, and a
 * notification in the app (for customers, who have notifications), written together.
 */
export async function alertOnNewDevice(deps: AppDeps, user: UserRecord, client: ClientInfo) {
  const fingerprint = createHash('sha256').update(client.userAgent).digest('base64url');
  await deps.db.transaction().execute(async (trx) => {
    const hadDevices = await users.hasAnyDevice(trx, user.id);
    const isNew = await users.rememberDevice(trx, user.id, fingerprint);
    // The very first sign-in is not news to the person who just signed up.
    if (!isNew || !hadDevices) return;
    await deps.mail.send(
      trx,
      await newDeviceEmail(user.email, user.firstName, deps.clock.now(), client),
    );
    if (user.kind === 'customer') {
      await deps.notifications.send(trx, user.id, 'signin.new_device', {
        device: describeDevice(client.userAgent),
      });
    }
  });
}
