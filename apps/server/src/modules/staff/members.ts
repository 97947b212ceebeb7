import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  ChangeRolesRequest,
  StaffMember,
  StaffMemberDetail,
  StaffMemberList,
  staffMemberQuerySchema,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import {
  auditEventSpec,
  isAuditAction,
  type AuditRecord,
  type StaffActor,
} from '../../platform/audit/index.js';
import { decide, transition } from '../../platform/decisions.js';
import { AppError } from '../../platform/errors.js';
import { revokeUserSessions } from '../../platform/security/sessions.js';
import { openProposalOn } from '../approvals/index.js';
import { enrolledAmong } from '../auth/index.js';
import { users, type StaffRecord } from '../users/index.js';
import * as repo from './repo.js';
import { resolveRoles } from './role-names.js';

/**
 * The staff and what an administrator does to them: change their roles, deactivate them (every
 * session ends at once and sign-in is refused) and reactivate them. Each is a staff decision
 * (platform/decisions.ts), audited with the state before and after.
 *
 * Two rules hold in every one of them, under one lock (`repo.lockStaffAccess`) so that two
 * changes at once cannot both pass them:
 * - nobody changes their own access (another administrator must);
 * - at least one active staff member keeps `staff.manage`, so the bank can never lock itself
 *   out of its own staff administration.
 */

/** The permission that must always stay with at least one active staff member. */
export const KEEPER = 'staff.manage';
export const STAFF_SUBJECT = 'staff_member';
const NO_SUCH = 'No such staff member';

const statusOf = (row: Pick<StaffRecord, 'deactivatedAt'>) =>
  row.deactivatedAt === null ? ('active' as const) : ('deactivated' as const);

async function views(
  deps: AppDeps,
  rows: StaffRecord[],
  viewer: StaffActor,
): Promise<StaffMember[]> {
  const ids = rows.map((r) => r.id);
  const [roles, enrolled] = await Promise.all([
    repo.rolesOf(deps.db, ids),
    enrolledAmong(deps.db, ids),
  ]);
  return rows.map((row) => ({
    id: String(row.id),
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    roles: roles.get(row.id) ?? [],
    status: statusOf(row),
    secondFactor: enrolled.has(row.id),
    lastSigninAt: row.lastSigninAt?.toISOString() ?? null,
    joinedAt: row.joinedAt.toISOString(),
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
    isYou: row.id === viewer.userId,
  }));
}

export async function listMembers(
  deps: AppDeps,
  viewer: StaffActor,
  query: z.output<typeof staffMemberQuerySchema>,
): Promise<StaffMemberList> {
  const rows = await users.listStaff(deps.db, { status: query.status, search: query.q });
  const items = await views(deps, rows, viewer);
  return { items: query.role ? items.filter((m) => m.roles.includes(query.role ?? '')) : items };
}

async function memberFor(deps: AppDeps, id: bigint, viewer: StaffActor): Promise<StaffMember> {
  const row = await users.findStaffById(deps.db, id);
  const [member] = row ? await views(deps, [row], viewer) : [];
  if (!member) throw new AppError('NOT_FOUND', NO_SUCH);
  return member;
}

const RECENT_EVENTS = 25;

export async function memberDetail(
  deps: AppDeps,
  id: bigint,
  viewer: StaffActor,
): Promise<StaffMemberDetail> {
  const member = await memberFor(deps, id, viewer);
  const [proposal, events] = await Promise.all([
    openProposalOn(deps.db, { type: STAFF_SUBJECT, id: String(id) }),
    repo.eventsConcerning(deps.db, id, RECENT_EVENTS),
  ]);
  const proposer = proposal ? await users.namesOf(deps.db, [proposal.proposedBy]) : null;
  return {
    member,
    secondFactorReset: proposal
      ? {
          approvalId: String(proposal.id),
          proposedBy: {
            id: String(proposal.proposedBy),
            name: proposer?.get(proposal.proposedBy) ?? '',
          },
          expiresAt: proposal.expiresAt.toISOString(),
        }
      : null,
    recentEvents: events.map((e) => ({
      id: String(e.id),
      at: e.at.toISOString(),
      action: e.action,
      label: isAuditAction(e.action) ? auditEventSpec(e.action).label : e.action,
      actor:
        e.actorId === null
          ? null
          : { id: String(e.actorId), name: `${e.actorFirstName ?? ''} ${e.actorLastName ?? ''}` },
      byThem: e.actorId === id,
    })),
  };
}

// Decisions -----------------------------------------------------------------------------------

/**
 * Locks staff access changes, then the staff member: the first step of every change. Under the
 * lock, the person acting must still be an active staff administrator: the access hook admitted
 * their request a moment before, and another administrator may have demoted or deactivated them
 * since (a change made while being removed is refused, not applied after the removal).
 */
const lockMember = (id: bigint, actor: StaffActor) => ({
  async lock(trx: Kysely<DB>) {
    await repo.lockStaffAccess(trx);
    if (!(await repo.activelyHolds(trx, actor.userId, KEEPER))) {
      throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
    }
    return users.lockStaff(trx, id);
  },
  notFound: NO_SUCH,
});

function refuseSelf(row: StaffRecord, actor: StaffActor, what: string) {
  if (row.id === actor.userId) {
    throw new AppError('FORBIDDEN', `You cannot ${what}: another administrator must.`);
  }
}

/**
 * An invitation stands on its inviter's staff administration: when they are deactivated or lose
 * staff.manage, the invitations they sent and nobody accepted yet are revoked with it (each
 * audited), so that someone removed from the staff cannot let a person in after they left.
 */
async function revokeInvitationsOf(
  deps: AppDeps,
  trx: Kysely<DB>,
  inviterId: bigint,
  actor: StaffActor,
): Promise<number> {
  const revoked = await repo.revokeInvitationsBy(trx, inviterId, actor.userId, deps.clock.now());
  for (const invitation of revoked) {
    await deps.audit(trx, {
      action: 'staff.invitation_revoked',
      actor,
      targetId: String(invitation.id),
      before: { status: 'pending', email: invitation.email },
      after: { status: 'revoked', cause: 'inviter_removed' },
    });
  }
  return revoked.length;
}

/** After the change, inside its transaction and lock: someone active still holds staff.manage. */
async function keepStaffAdministration(trx: Kysely<DB>) {
  if ((await repo.activeHoldersOf(trx, KEEPER)) < 1) {
    throw new AppError(
      'CONFLICT',
      'This would leave no active staff member who can manage staff. Give another person a role with staff administration first.',
    );
  }
}

export async function changeRoles(
  deps: AppDeps,
  id: bigint,
  input: ChangeRolesRequest,
  actor: StaffActor,
): Promise<StaffMember> {
  const after = [...input.roles].sort();
  await decide(deps, {
    ...lockMember(id, actor),
    async apply(trx, row) {
      refuseSelf(row, actor, 'change your own roles');
      const roleIds = await resolveRoles(trx, after);
      const before = (await repo.rolesOf(trx, [id])).get(id) ?? [];
      if (before.join() === after.join()) {
        throw new AppError('CONFLICT', 'Nothing to change: these are their roles already.');
      }
      await repo.setRolesOf(trx, id, [...roleIds.values()]);
      await keepStaffAdministration(trx);
      if (!(await repo.activelyHolds(trx, id, KEEPER))) {
        await revokeInvitationsOf(deps, trx, id, actor);
      }
      return { before };
    },
    audit: (_row, { before }): AuditRecord => ({
      action: 'staff.roles_changed',
      actor,
      targetId: String(id),
      before: { roles: before },
      after: { roles: after, reason: input.reason },
    }),
  });
  return memberFor(deps, id, actor);
}

/** Deactivates a staff member: every session of theirs ends at once, and sign-in is refused. */
export async function deactivate(
  deps: AppDeps,
  id: bigint,
  reason: string,
  actor: StaffActor,
): Promise<StaffMember> {
  await decide(deps, {
    ...lockMember(id, actor),
    refuse: (row) =>
      row.deactivatedAt === null ? null : 'This staff member is deactivated already.',
    async apply(trx, row) {
      refuseSelf(row, actor, 'deactivate yourself');
      transition(
        await users.setStaffDeactivated(trx, id, deps.clock.now()),
        'This staff member is deactivated already.',
      );
      await keepStaffAdministration(trx);
      const sessionsEnded = await revokeUserSessions(trx, id);
      // Audited here, so after the session rows' locks (the audit chain's lock comes last).
      await revokeInvitationsOf(deps, trx, id, actor);
      return { sessionsEnded };
    },
    audit: (_row, { sessionsEnded }) => ({
      action: 'staff.deactivated',
      actor,
      targetId: String(id),
      before: { status: 'active' },
      after: { status: 'deactivated', reason, sessionsEnded },
    }),
  });
  return memberFor(deps, id, actor);
}

/** Lets a deactivated staff member sign in again, with the roles they had. */
export async function reactivate(
  deps: AppDeps,
  id: bigint,
  reason: string,
  actor: StaffActor,
): Promise<StaffMember> {
  await decide(deps, {
    ...lockMember(id, actor),
    refuse: (row) => (row.deactivatedAt === null ? 'This staff member is active.' : null),
    async apply(trx, row) {
      refuseSelf(row, actor, 'reactivate yourself');
      transition(await users.setStaffDeactivated(trx, id, null), 'This staff member is active.');
    },
    audit: () => ({
      action: 'staff.reactivated',
      actor,
      targetId: String(id),
      before: { status: 'deactivated' },
      after: { status: 'active', reason },
    }),
  });
  return memberFor(deps, id, actor);
}
