import { hash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  INVITATION_NOT_VALID,
  STAFF_INVITATION_TTL_HOURS,
  type AcceptInvitationRequest,
  type InvitationPreview,
  type InviteStaffRequest,
  type StaffInvitation,
  type StaffInvitationList,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import type { StaffActor } from '../../platform/audit/index.js';
import { decide, transition } from '../../platform/decisions.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { hashPassword, passwordProblem } from '../../platform/security/passwords.js';
import type { ClientInfo } from '../auth/index.js';
import { users } from '../users/index.js';
import { invitationEmail } from './emails.js';
import * as repo from './repo.js';
import { resolveRoles, roleLabels } from './role-names.js';

/**
 * Invitations to join the staff (issue 18). A staff administrator invites a person by email with
 * their roles; the emailed link (a random token, only its hash kept) works once, for 72 hours,
 * and lets the invitee choose their password; they then sign in and set up their authenticator
 * app as every staff member's first sign-in does. Staff never choose or see another's password.
 *
 * The public side says nothing about a link it cannot use beyond "not valid or expired"
 * (unknown, used, revoked and expired links read alike), and nothing about any address.
 */

const HOUR_MS = 60 * 60_000;
const NOT_PENDING = 'This invitation was already accepted or revoked.';
const HAS_ACCOUNT = 'This address already has an account.';

export const invitationTokenHash = (token: string) => hash('sha256', token, 'base64url');

function newToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: invitationTokenHash(token) };
}

const linkFor = (deps: AppDeps, token: string) =>
  `${deps.config.appUrl}/auth/staff/invitation/${token}`;

const expiryFrom = (now: Date) => new Date(now.getTime() + STAFF_INVITATION_TTL_HOURS * HOUR_MS);

const usable = (deps: AppDeps, row: repo.InvitationRow | undefined): row is repo.InvitationRow =>
  row !== undefined &&
  row.status === 'pending' &&
  row.expiresAt.getTime() > deps.clock.now().getTime();

async function sendInvitation(
  deps: AppDeps,
  trx: Kysely<DB>,
  row: { email: string; firstName: string },
  roleNames: readonly string[],
  inviter: StaffActor,
  token: string,
  expiresAt: Date,
) {
  const names = await users.namesOf(trx, [inviter.userId]);
  await deps.mail.send(
    trx,
    await invitationEmail({
      to: row.email,
      firstName: row.firstName,
      inviter: names.get(inviter.userId) ?? 'An administrator',
      roles: await roleLabels(trx, roleNames),
      link: linkFor(deps, token),
      expiresAt,
    }),
  );
}

/** The inviter learns that the address has an account, never which kind (staff-only words). */
async function refuseTakenAddress(trx: Kysely<DB>, email: string) {
  if (await users.findUserByEmail(trx, email)) throw new AppError('CONFLICT', HAS_ACCOUNT);
}

export async function inviteStaff(
  deps: AppDeps,
  input: InviteStaffRequest,
  inviter: StaffActor,
): Promise<StaffInvitation> {
  const id = await deps.db.transaction().execute(async (trx) => {
    const roles = await resolveRoles(trx, input.roles);
    await refuseTakenAddress(trx, input.email);
    if (await repo.pendingInvitationFor(trx, input.email)) {
      throw new AppError(
        'CONFLICT',
        'An invitation to this address is waiting already: send it again or revoke it.',
      );
    }
    const now = deps.clock.now();
    const expiresAt = expiryFrom(now);
    const { token, tokenHash } = newToken();
    const invitationId = await repo.insertInvitation(trx, {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      tokenHash,
      invitedBy: inviter.userId,
      now,
      expiresAt,
      roleIds: [...roles.values()],
    });
    if (invitationId === null) {
      throw new AppError('CONFLICT', 'An invitation to this address was sent a moment ago.');
    }
    await sendInvitation(deps, trx, input, input.roles, inviter, token, expiresAt);
    await deps.audit(trx, {
      action: 'staff.invite',
      actor: inviter,
      targetId: String(invitationId),
      after: {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        roles: [...input.roles].sort(),
        expiresAt: expiresAt.toISOString(),
      },
    });
    return invitationId;
  });
  return invitationFor(deps, id);
}

const lockPending = (id: bigint) => ({
  lock: (trx: Kysely<DB>) => repo.lockInvitation(trx, id),
  notFound: 'No such invitation',
  refuse: (row: repo.InvitationRow) => (row.status === 'pending' ? null : NOT_PENDING),
});

/** A new link (the earlier one stops working) with a new expiry, emailed again. */
export async function resendInvitation(
  deps: AppDeps,
  id: bigint,
  inviter: StaffActor,
): Promise<StaffInvitation> {
  await decide(deps, {
    ...lockPending(id),
    async apply(trx, row) {
      await refuseTakenAddress(trx, row.email);
      const now = deps.clock.now();
      const expiresAt = expiryFrom(now);
      const { token, tokenHash } = newToken();
      transition(await repo.renewInvitation(trx, id, { tokenHash, now, expiresAt }), NOT_PENDING);
      const roles = (await repo.invitationRoles(trx, [id])).get(id) ?? [];
      await sendInvitation(
        deps,
        trx,
        row,
        roles.map((r) => r.name),
        inviter,
        token,
        expiresAt,
      );
      return { expiresAt };
    },
    audit: (row, { expiresAt }) => ({
      action: 'staff.invitation_resent',
      actor: inviter,
      targetId: String(id),
      before: { expiresAt: row.expiresAt.toISOString() },
      after: { expiresAt: expiresAt.toISOString(), sends: row.sends + 1 },
    }),
  });
  return invitationFor(deps, id);
}

/** The link stops working; the invitation is kept, revoked. */
export async function revokeInvitation(
  deps: AppDeps,
  id: bigint,
  actor: StaffActor,
): Promise<void> {
  await decide(deps, {
    ...lockPending(id),
    async apply(trx) {
      transition(await repo.revokeInvitation(trx, id, actor.userId, deps.clock.now()), NOT_PENDING);
    },
    audit: (row) => ({
      action: 'staff.invitation_revoked',
      actor,
      targetId: String(id),
      before: { status: 'pending', email: row.email },
      after: { status: 'revoked' },
    }),
  });
}

// Reading -------------------------------------------------------------------------------------

async function views(deps: AppDeps, rows: repo.InvitationRow[]): Promise<StaffInvitation[]> {
  const ids = rows.map((r) => r.id);
  const [roles, names] = await Promise.all([
    repo.invitationRoles(deps.db, ids),
    users.namesOf(
      deps.db,
      rows.map((r) => r.invitedBy),
    ),
  ]);
  const now = deps.clock.now().getTime();
  return rows.map((row) => ({
    id: String(row.id),
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    roles: (roles.get(row.id) ?? []).map((r) => r.name),
    status: row.expiresAt.getTime() > now ? 'pending' : 'expired',
    invitedBy: { id: String(row.invitedBy), name: names.get(row.invitedBy) ?? '' },
    invitedAt: row.invitedAt.toISOString(),
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }));
}

/** The invitations waiting to be accepted (those whose link expired too, to resend or revoke). */
export async function listInvitations(deps: AppDeps): Promise<StaffInvitationList> {
  return { items: await views(deps, await repo.pendingInvitations(deps.db)) };
}

async function invitationFor(deps: AppDeps, id: bigint): Promise<StaffInvitation> {
  const row = await repo.invitationById(deps.db, id);
  const [view] = row && row.status === 'pending' ? await views(deps, [row]) : [];
  if (!view) throw new AppError('NOT_FOUND', 'No such invitation');
  return view;
}

// The invitee ---------------------------------------------------------------------------------

/** What the invitation page shows the holder of a usable link; anything else reads alike. */
export async function previewInvitation(deps: AppDeps, token: string): Promise<InvitationPreview> {
  const row = await repo.invitationByToken(deps.db, invitationTokenHash(token));
  if (!usable(deps, row)) throw new AppError('NOT_FOUND', INVITATION_NOT_VALID);
  return {
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** `ada.lovelace@bank.example` -> `ada.lovelace_k3j9x2q1` (unique, never shown to anyone). */
function usernameFor(email: string): string {
  const local = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 20);
  const suffix = randomBytes(6).toString('hex').slice(0, 8);
  return `${local.length >= 1 ? local : 'staff'}_${suffix}`;
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/**
 * Sets the invitee's password and makes them a staff member with the invited roles, once: the
 * invitation's row is locked, so the same link used twice at once makes one staff member. The
 * link is judged before the password, so a bad link never learns anything about the password
 * rules' verdict. Their second factor is set up at their first sign-in.
 */
export async function acceptInvitation(
  deps: AppDeps,
  input: AcceptInvitationRequest,
  client: ClientInfo,
): Promise<void> {
  const tokenHash = invitationTokenHash(input.token);
  const found = await repo.invitationByToken(deps.db, tokenHash);
  if (!usable(deps, found)) throw new AppError('NOT_FOUND', INVITATION_NOT_VALID);
  const problem = await passwordProblem(input.password, [
    found.email,
    found.firstName,
    found.lastName,
  ]);
  if (problem) throw fieldError('body.password', problem);
  const passwordHash = await hashPassword(input.password);

  try {
    await deps.db.transaction().execute(async (trx) => {
      const row = await repo.lockInvitationByToken(trx, tokenHash);
      if (!usable(deps, row)) throw new AppError('NOT_FOUND', INVITATION_NOT_VALID);
      // An address that became an account meanwhile (a customer signing up with it): the link
      // can no longer be used; the inviter sees the address has an account when resending.
      if (await users.findUserByEmail(trx, row.email)) {
        throw new AppError('NOT_FOUND', INVITATION_NOT_VALID);
      }
      // Nor once its inviter is no longer an active staff administrator (their invitations are
      // revoked when that happens; this holds for any that were not).
      if (!(await repo.activelyHolds(trx, row.invitedBy, 'staff.manage'))) {
        throw new AppError('NOT_FOUND', INVITATION_NOT_VALID);
      }
      const userId = await users.insertStaff(trx, {
        firstName: row.firstName,
        lastName: row.lastName,
        username: usernameFor(row.email),
        email: row.email,
        passwordHash,
      });
      const roles = (await repo.invitationRoles(trx, [row.id])).get(row.id) ?? [];
      await repo.setRolesOf(
        trx,
        userId,
        roles.map((r) => r.id),
      );
      transition(
        await repo.markAccepted(trx, row.id, userId, deps.clock.now()),
        INVITATION_NOT_VALID,
      );
      await deps.audit(trx, {
        action: 'staff.invitation_accepted',
        actor: { userId, ip: client.ip, userAgent: client.userAgent },
        targetId: String(userId),
        after: { invitationId: String(row.id), email: row.email, roles: roles.map((r) => r.name) },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('NOT_FOUND', INVITATION_NOT_VALID);
    throw error;
  }
}
