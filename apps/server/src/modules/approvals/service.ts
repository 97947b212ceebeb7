import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  formatMoney,
  type Approval,
  type OpenProposal,
  type ApprovalList,
  type approvalQuerySchema,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import { SYSTEM_ACTOR, type Actor, type StaffActor } from '../../platform/audit/index.js';
import { decide, transition } from '../../platform/decisions.js';
import { AppError } from '../../platform/errors.js';
import { permissionsOf } from '../../platform/permissions.js';
import { users } from '../users/index.js';
import { APPROVAL_TTL_HOURS, type ApprovalKind, type DetailLine } from './registry.js';
import * as repo from './repo.js';

/**
 * Two people for money (PRODUCT.md principle 5). A module proposes (`propose`, inside the
 * transaction where it would otherwise have decided); a different staff member holding the
 * kind's permission approves, which carries the proposal out through the kind's `execute` in
 * the same transaction; or rejects it with a note; the proposer may withdraw it; unapproved, it
 * expires. Each of these is a staff decision (platform/decisions.ts): the proposal's row
 * locked, its status changed once, audited.
 */

const ALREADY_DECIDED = 'This proposal was already decided.';
const HOUR_MS = 60 * 60_000;

function kindOf(deps: AppDeps, name: string): ApprovalKind {
  const kind = deps.approvals.get(name);
  if (!kind) throw new AppError('INTERNAL', `Unknown approval kind ${name}`);
  return kind;
}

export interface ProposalInput {
  kind: string;
  /** What it changes, when one thing: one open proposal per subject. */
  subject?: { type: string; id: string };
  customerId?: bigint | null;
  /** The money it moves, in the bank's currency, for the inbox's filters. */
  amount?: bigint | null;
  payload: Record<string, unknown>;
  summary: string;
  reason: string;
  evidence?: { key: string; mime: string } | null;
}

/**
 * Records a proposal, in the caller's transaction (where the subject is locked). Refused (409)
 * when the subject has an open proposal already. Audited.
 */
export async function propose(
  deps: AppDeps,
  trx: Kysely<DB>,
  input: ProposalInput,
  proposer: StaffActor,
): Promise<bigint> {
  const kind = kindOf(deps, input.kind);
  const payload = kind.payload.parse(input.payload) as Record<string, unknown>;
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + (kind.ttlHours ?? APPROVAL_TTL_HOURS) * HOUR_MS);
  const amount = input.amount ?? null;
  const id = await repo.insertApproval(trx, {
    kind: kind.kind,
    subjectType: input.subject?.type ?? null,
    subjectId: input.subject?.id ?? null,
    customerId: input.customerId ?? null,
    amount,
    currency: amount === null ? null : deps.config.currency,
    payload,
    summary: input.summary,
    reason: input.reason,
    evidence: input.evidence ?? null,
    proposedBy: proposer.userId,
    proposedAt: now,
    expiresAt,
  });
  if (id === null) {
    throw new AppError(
      'CONFLICT',
      'A proposal for this is already waiting for a second person: approve, reject or withdraw it under Approvals first.',
    );
  }
  await deps.audit(trx, {
    action: 'approval.propose',
    actor: proposer,
    targetId: String(id),
    customerId: input.customerId ?? null,
    after: {
      kind: kind.kind,
      summary: input.summary,
      reason: input.reason,
      ...(amount === null ? {} : { amount: String(amount) }),
      expiresAt: expiresAt.toISOString(),
    },
  });
  return id;
}

/** The open proposal on a subject, if any: decisions on the subject wait for it. */
export function openProposalOn(db: Kysely<DB>, subject: { type: string; id: string }) {
  return repo.openOn(db, subject.type, subject.id);
}

/**
 * The open proposals of some kinds with their payloads checked by their kind (those that no
 * longer parse are left out), for the module that owns what they change to show them.
 */
export async function openProposalsOf(deps: AppDeps, kinds: readonly string[]) {
  const rows = await repo.openOfKinds(deps.db, kinds);
  return rows.flatMap((row) => {
    const kind = deps.approvals.get(row.kind);
    const parsed = kind?.payload.safeParse(row.payload);
    if (!kind || !parsed?.success) return [];
    return [
      {
        id: row.id,
        kind: row.kind,
        payload: parsed.data,
        details: kind.details(parsed.data, deps.config.currency),
        summary: row.summary,
        subjectType: row.subjectType,
        subjectId: row.subjectId,
        proposedBy: row.proposedBy,
        proposerName: row.proposerName,
        proposedAt: row.proposedAt,
        expiresAt: row.expiresAt,
      },
    ];
  });
}

/** The latest proposal on a subject, in any status (an idempotent proposal's replay). */
export function proposalOn(db: Kysely<DB>, subject: { type: string; id: string }) {
  return repo.latestOn(db, subject.type, subject.id);
}

/**
 * The open proposal on a subject, locked for the caller's transaction, to be closed as
 * overtaken (`supersede`) if what it concerns changes first. Lock order: the proposal before the
 * subject's row, as an approval carrying a proposal out takes them.
 */
export function lockOpenProposalOn(db: Kysely<DB>, subject: { type: string; id: string }) {
  return repo.lockOpenOn(db, subject.type, subject.id);
}

/**
 * Closes a locked open proposal whose subject changed first (a transfer refund whose customer
 * cancelled the transfer): nothing is carried out, nobody decided it, and `outcome` says what
 * happened instead. Audited, as done by `actor` (who changed the subject).
 */
export async function supersede(
  deps: AppDeps,
  trx: Kysely<DB>,
  proposal: { id: bigint; kind: string; customerId: bigint | null },
  outcome: DetailLine[],
  actor: Actor,
): Promise<void> {
  const recorded = asRecord(outcome);
  transition(
    await repo.settle(trx, proposal.id, 'superseded', {
      by: null,
      at: deps.clock.now(),
      note: null,
      outcome: recorded,
    }),
    ALREADY_DECIDED,
  );
  await deps.audit(trx, {
    action: 'approval.supersede',
    actor,
    targetId: String(proposal.id),
    customerId: proposal.customerId,
    before: { status: 'pending', kind: proposal.kind },
    after: { status: 'superseded', kind: proposal.kind, outcome: recorded },
  });
}

/** Refuses a direct decision on a subject while a proposal for it waits (409). */
export async function refuseWhileProposed(
  db: Kysely<DB>,
  subject: { type: string; id: string },
): Promise<void> {
  const open = await repo.openOn(db, subject.type, subject.id);
  if (open) {
    throw new AppError(
      'CONFLICT',
      `A decision on this is waiting for a second person (proposal ${open.id}): approve, reject or withdraw it under Approvals first.`,
    );
  }
}

const lockOpen = (deps: AppDeps, id: bigint) => ({
  lock: (trx: Kysely<DB>) => repo.lockApproval(trx, id),
  notFound: 'No such proposal',
  refuse: (row: repo.LockedApproval) => {
    if (row.status !== 'pending') return ALREADY_DECIDED;
    if (row.expiresAt.getTime() <= deps.clock.now().getTime()) {
      return 'This proposal expired: nothing was done. Propose it again if it is still needed.';
    }
    return null;
  },
});

const NOT_PERMITTED = 'You do not have permission to decide this proposal.';

/**
 * The checker may decide: not the proposer, and holding the kind's permission as they are now,
 * under the lock (the access hook admitted their request a moment before; another administrator
 * may have demoted or deactivated them since). Approving also needs the proposer to be active
 * staff still: a proposal stands on its proposer's word, which a deactivated person no longer
 * gives (it can still be rejected). Both people's rows are held until the decision commits, so
 * a deactivation or role change lands before it (and is seen) or after it.
 */
async function checkChecker(
  trx: Kysely<DB>,
  kind: ApprovalKind,
  row: repo.LockedApproval,
  checker: StaffActor,
  decision: 'approve' | 'reject',
) {
  if (row.proposedBy === checker.userId) {
    throw new AppError(
      'FORBIDDEN',
      'You proposed this: a different person must approve or reject it.',
    );
  }
  if (!checker.permissions.has(kind.approve)) throw new AppError('FORBIDDEN', NOT_PERMITTED);
  const held = await users.holdStaff(trx, [row.proposedBy, checker.userId]);
  const active = (id: bigint) => held.some((p) => p.id === id && p.deactivatedAt === null);
  if (!active(checker.userId) || !(await permissionsOf(trx, checker.userId)).has(kind.approve)) {
    throw new AppError('FORBIDDEN', NOT_PERMITTED);
  }
  if (decision === 'approve' && !active(row.proposedBy)) {
    throw new AppError('CONFLICT', PROPOSER_GONE);
  }
}

const PROPOSER_GONE =
  'This was proposed by someone who is no longer active staff, so it cannot be approved: reject it, and propose it again yourself if it is still needed.';

const proposalOf = (kind: ApprovalKind, row: repo.LockedApproval) => ({
  id: row.id,
  payload: kind.payload.parse(row.payload),
  subjectType: row.subjectType,
  subjectId: row.subjectId,
  customerId: row.customerId,
  amount: row.amount,
  currency: row.currency,
  reason: row.reason,
  proposedBy: row.proposedBy,
});

const asRecord = (lines: DetailLine[]) => Object.fromEntries(lines.map((l) => [l.label, l.value]));

/**
 * Approves and carries out a proposal, once: ten approvals at once carry it out once, and an
 * approval and a rejection at once give one decision.
 */
export async function approve(
  deps: AppDeps,
  id: bigint,
  checker: StaffActor,
  note: string | null,
): Promise<Approval> {
  await decide(deps, {
    ...lockOpen(deps, id),
    async apply(trx, row) {
      const kind = kindOf(deps, row.kind);
      await checkChecker(trx, kind, row, checker, 'approve');
      const outcome = await kind.execute(deps, trx, proposalOf(kind, row), checker);
      transition(
        await repo.settle(trx, id, 'approved', {
          by: checker.userId,
          at: deps.clock.now(),
          note,
          outcome: asRecord(outcome),
        }),
        ALREADY_DECIDED,
      );
      return outcome;
    },
    audit: (row, outcome) => ({
      action: 'approval.approve',
      actor: checker,
      targetId: String(id),
      customerId: row.customerId,
      before: { status: 'pending', kind: row.kind, proposedBy: String(row.proposedBy) },
      after: { status: 'approved', kind: row.kind, note, outcome: asRecord(outcome) },
    }),
  });
  return approvalFor(deps, id, checker);
}

/** Rejects a proposal with a note for the proposer; nothing is done. */
export async function reject(
  deps: AppDeps,
  id: bigint,
  checker: StaffActor,
  note: string,
): Promise<Approval> {
  await decide(deps, {
    ...lockOpen(deps, id),
    async apply(trx, row) {
      await checkChecker(trx, kindOf(deps, row.kind), row, checker, 'reject');
      transition(
        await repo.settle(trx, id, 'rejected', { by: checker.userId, at: deps.clock.now(), note }),
        ALREADY_DECIDED,
      );
    },
    audit: (row) => ({
      action: 'approval.reject',
      actor: checker,
      targetId: String(id),
      customerId: row.customerId,
      before: { status: 'pending', kind: row.kind, proposedBy: String(row.proposedBy) },
      after: { status: 'rejected', kind: row.kind, note },
    }),
  });
  return approvalFor(deps, id, checker);
}

/** The proposer takes their proposal back; nothing is done. */
export async function withdraw(deps: AppDeps, id: bigint, proposer: StaffActor): Promise<Approval> {
  await decide(deps, {
    ...lockOpen(deps, id),
    async apply(trx, row) {
      if (row.proposedBy !== proposer.userId) {
        throw new AppError('FORBIDDEN', 'Only the person who proposed this may withdraw it.');
      }
      transition(
        await repo.settle(trx, id, 'withdrawn', {
          by: proposer.userId,
          at: deps.clock.now(),
          note: null,
        }),
        ALREADY_DECIDED,
      );
    },
    audit: (row) => ({
      action: 'approval.withdraw',
      actor: proposer,
      targetId: String(id),
      customerId: row.customerId,
      before: { status: 'pending', kind: row.kind },
      after: { status: 'withdrawn', kind: row.kind },
    }),
  });
  return approvalFor(deps, id, proposer);
}

/** Periodic: proposals past their time expire, unapproved (audited, by the system). */
export async function expireProposals(deps: AppDeps): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const due = await repo.lockExpired(trx, now, 200);
    for (const row of due) {
      transition(
        await repo.settle(trx, row.id, 'expired', { by: null, at: now, note: null }),
        ALREADY_DECIDED,
      );
      await deps.audit(trx, {
        action: 'approval.expire',
        actor: SYSTEM_ACTOR,
        targetId: String(row.id),
        customerId: row.customerId,
        before: { status: 'pending', kind: row.kind },
        after: { status: 'expired', kind: row.kind },
      });
    }
    return due.length;
  });
}

// Reading -------------------------------------------------------------------------------------

function view(deps: AppDeps, row: repo.ApprovalRow, viewer: StaffActor): Approval {
  const kind = deps.approvals.get(row.kind);
  const parsed = kind?.payload.safeParse(row.payload);
  const expired = row.status === 'pending' && row.expiresAt.getTime() <= deps.clock.now().getTime();
  const person = (id: bigint | null, name: string | null) =>
    id === null || name === null ? null : { id: String(id), name };
  return {
    id: String(row.id),
    kind: row.kind,
    kindLabel: kind?.label ?? row.kind,
    status: expired ? 'expired' : row.status,
    summary: row.summary,
    reason: row.reason,
    details:
      kind && parsed?.success
        ? kind.details(parsed.data, deps.config.currency)
        : [{ label: 'Proposal', value: JSON.stringify(row.payload) }],
    amount: row.amount === null ? null : String(row.amount),
    currency: row.currency,
    customer: person(row.customerId, row.customerName),
    subject:
      row.subjectType === null || row.subjectId === null
        ? null
        : { type: row.subjectType, id: row.subjectId },
    proposedBy: { id: String(row.proposedBy), name: row.proposerName },
    proposedAt: row.proposedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    decidedBy: person(row.decidedBy, row.deciderName),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionNote: row.decisionNote,
    outcome: Object.entries(row.outcome ?? {}).map(([label, value]) => ({
      label,
      value: String(value),
    })),
    evidenceMime: row.evidenceMime,
    canDecide:
      row.status === 'pending' &&
      !expired &&
      row.proposedBy !== viewer.userId &&
      kind !== undefined &&
      viewer.permissions.has(kind.approve),
    mine: row.proposedBy === viewer.userId,
  };
}

/** The kinds a staff member may see: those they may approve, and those of their proposals. */
function visibleKinds(deps: AppDeps, viewer: StaffActor) {
  return deps.approvals.approvableWith(viewer.permissions);
}

export async function approvalFor(
  deps: AppDeps,
  id: bigint,
  viewer: StaffActor,
): Promise<Approval> {
  const row = await repo.approvalById(deps.db, id);
  const kinds = visibleKinds(deps, viewer).map((k) => k.kind);
  if (!row || (row.proposedBy !== viewer.userId && !kinds.includes(row.kind))) {
    throw new AppError('NOT_FOUND', 'No such proposal');
  }
  return view(deps, row, viewer);
}

const parseId = (digits: string | undefined) => (digits === undefined ? undefined : BigInt(digits));

export async function listApprovals(
  deps: AppDeps,
  viewer: StaffActor,
  query: z.output<typeof approvalQuerySchema>,
): Promise<ApprovalList> {
  const approvable = visibleKinds(deps, viewer);
  const allKinds = deps.approvals.all().map((k) => k.kind);
  const mayDecide = approvable.map((k) => k.kind);
  const kinds = query.kind ? allKinds.filter((k) => k === query.kind) : allKinds;
  const filter: repo.ListFilter = {
    status: query.status,
    kinds,
    customerId: parseId(query.customer),
    proposedBy: parseId(query.proposer),
    minAmount: query.minAmount === undefined ? undefined : BigInt(query.minAmount),
    maxAmount: query.maxAmount === undefined ? undefined : BigInt(query.maxAmount),
    proposedBefore:
      query.olderThanHours === undefined
        ? undefined
        : new Date(deps.clock.now().getTime() - query.olderThanHours * HOUR_MS),
    limit: 200,
  };
  if (query.view === 'waiting') {
    filter.kinds = kinds.filter((k) => mayDecide.includes(k));
    filter.notBy = viewer.userId;
  } else if (query.view === 'mine') {
    if (filter.proposedBy !== undefined && filter.proposedBy !== viewer.userId) filter.kinds = [];
    filter.proposedBy = viewer.userId;
  } else {
    filter.visibleTo = { kinds: mayDecide, userId: viewer.userId };
  }
  const rows = await repo.listApprovals(deps.db, filter);
  return {
    items: rows.map((row) => view(deps, row, viewer)),
    kinds: deps.approvals
      .all()
      .filter((k) => mayDecide.includes(k.kind) || rows.some((r) => r.kind === k.kind))
      .map((k) => ({ kind: k.kind, label: k.label })),
  };
}

/** How many proposals wait for this person, and since when (the back office's overview). */
export async function waitingForMe(deps: AppDeps, viewer: StaffActor) {
  const kinds = visibleKinds(deps, viewer).map((k) => k.kind);
  return repo.waitingFor(deps.db, kinds, viewer.userId);
}

/** A proposal's evidence file, for those who may see the proposal; each view is audited. */
export async function readEvidence(deps: AppDeps, id: bigint, viewer: StaffActor) {
  await approvalFor(deps, id, viewer);
  const row = await repo.evidenceOf(deps.db, id);
  if (!row?.key || !row.mime) throw new AppError('NOT_FOUND', 'This proposal has no evidence file');
  const data = await deps.files.read(row.key);
  await deps.audit(deps.db, {
    action: 'approval.view_evidence',
    actor: viewer,
    targetId: String(id),
  });
  return { data, mime: row.mime, extension: row.key.split('.').pop() ?? 'bin' };
}

// The dual-control threshold ------------------------------------------------------------------

export const DUAL_CONTROL_THRESHOLD = 'dual_control_threshold';

/** The threshold until one is set: 1,000.00 (migration 0015 sets it so). */
export const DEFAULT_THRESHOLD = 100_000n;

/** The setting's stored value read as minor units (the default when missing or malformed). */
export function readThreshold(value: unknown): bigint {
  return typeof value === 'string' && /^\d+$/.test(value) ? BigInt(value) : DEFAULT_THRESHOLD;
}

/** Staff decisions that post at least this much wait for a second person (minor units). */
export async function dualControlThreshold(db: Kysely<DB>): Promise<bigint> {
  return readThreshold(await repo.setting(db, DUAL_CONTROL_THRESHOLD));
}

/** The open proposals on these subjects of one type, by subject id, as staff queues show them. */
export async function openProposalsOn(
  db: Kysely<DB>,
  subjectType: string,
  subjectIds: readonly string[],
): Promise<Map<string, OpenProposal>> {
  const rows = await repo.openOnMany(db, subjectType, subjectIds);
  return new Map(
    rows.map((r) => [
      r.subjectId ?? '',
      {
        id: String(r.id),
        summary: r.summary,
        proposedBy: r.proposerName,
        proposedAt: new Date(r.proposedAt).toISOString(),
      },
    ]),
  );
}

/** How far back a staff member's decisions alone for a customer add up (24 hours). */
export const ALONE_WINDOW_MS = 24 * HOUR_MS;

/**
 * What one staff member has already posted alone for one customer: the decisions of theirs
 * since `since` (`decided`, by subject id of `subjectType`, with their amounts), less those a
 * second person approved.
 */
export async function postedAlone(
  db: Kysely<DB>,
  subjectType: string,
  decided: readonly { id: bigint; amount: bigint }[],
): Promise<bigint> {
  const approved = await repo.approvedAmong(
    db,
    subjectType,
    decided.map((d) => String(d.id)),
  );
  return decided.reduce((sum, d) => (approved.has(String(d.id)) ? sum : sum + d.amount), 0n);
}

/**
 * Whether a staff decision that posts `amount` needs a second person: at or above the
 * threshold, or (a confirmation) for more than the customer claimed, or when, with what this
 * staff member has already posted alone for this customer in the last 24 hours (`alone`), it
 * reaches the threshold: a large sum split into decisions each under it still needs a second
 * person. Decisions alone for one customer are taken one at a time (a lock), so that two at
 * once each count the other. The reason, for the proposal, or null.
 */
export async function secondPersonNeeded(
  deps: AppDeps,
  trx: Kysely<DB>,
  decision: {
    amount: bigint;
    claimed?: bigint;
    alone?: { customerId: bigint; since: (from: Date) => Promise<bigint> };
  },
): Promise<string | null> {
  const threshold = await dualControlThreshold(trx);
  const money = (m: bigint) => formatMoney(m, deps.config.currency);
  if (decision.claimed !== undefined && decision.amount > decision.claimed) {
    return `More than the customer claimed (${money(decision.claimed)}) would be posted: ${money(decision.amount)}.`;
  }
  if (decision.amount >= threshold) {
    return `${money(decision.amount)} is at or above the dual-control threshold of ${money(threshold)}.`;
  }
  if (decision.alone) {
    await repo.lockAloneTally(trx, decision.alone.customerId);
    const from = new Date(deps.clock.now().getTime() - ALONE_WINDOW_MS);
    const already = await decision.alone.since(from);
    if (already > 0n && already + decision.amount >= threshold) {
      return `With the ${money(already)} this staff member already posted alone for this customer in the last 24 hours, ${money(decision.amount)} more reaches the dual-control threshold of ${money(threshold)}.`;
    }
  }
  return null;
}
