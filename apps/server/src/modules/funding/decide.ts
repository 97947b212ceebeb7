import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { formatMoney, type StaffFundingRequest } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import { currentAccountOf, ensureInternalAccounts, postEntry } from '../../ledger/index.js';
import type { StaffActor } from '../../platform/audit/index.js';
import { decide, transition, type Decision } from '../../platform/decisions.js';
import { AppError, fieldError } from '../../platform/errors.js';
import {
  defineApprovalKind,
  postedAlone,
  propose,
  refuseWhileProposed,
  secondPersonNeeded,
} from '../approvals/index.js';
import { accountPlanById, currentPlanOf, fixedDepositPlanById } from '../catalog/index.js';
import { openFixedDeposit } from '../fixed-deposits/index.js';
import { refuseFrozenConfirmation, users } from '../users/index.js';
import * as repo from './repo.js';
import type { LockedRequest } from './repo.js';
import { FUNDING_SUBJECT, rateAndTerm, requestForReview } from './views.js';

/**
 * Staff decide a pending request once (the staff-decision primitive, platform/decisions.ts):
 * confirmed with the amount actually received (which posts the one ledger entry it moves money
 * by, decision 18's table) or declined with a reason. Two staff deciding at once get one
 * decision and one 409.
 */

const ALREADY_DECIDED = 'This request was already decided.';

/** A request as a decision finds it: locked, and refused once it is no longer pending. */
const pendingRequest = (id: bigint) => ({
  lock: (trx: Kysely<DB>) => repo.lockRequest(trx, id),
  notFound: 'No such request',
  refuse: (row: LockedRequest) => (row.status === 'pending' ? null : ALREADY_DECIDED),
});

/** Refused with a 409: the request cannot be confirmed as it stands, only declined. */
const declineInstead = (why: string) =>
  new AppError('CONFLICT', `${why} Decline the request; the money goes back outside the app.`);

/**
 * The fixed-deposit plan, held (FOR SHARE) until the decision commits, so that an edit waits;
 * refused when its rate or term is no longer what the customer asked on.
 */
async function planAskedFor(trx: Kysely<DB>, row: LockedRequest) {
  const plan = await fixedDepositPlanById(trx, row.fdPlanId as bigint, { hold: true });
  if (!plan) throw declineInstead('The plan of this request no longer exists.');
  if (row.askedRateBp !== null && row.askedTermCount !== null && row.askedTermUnit !== null) {
    const asked = rateAndTerm({
      rateBp: row.askedRateBp,
      termCount: row.askedTermCount,
      termUnit: row.askedTermUnit,
    });
    if (asked !== rateAndTerm(plan)) {
      throw declineInstead(
        `The ${plan.name} plan changed after the customer asked: they asked for ${asked}, and it is now ${rateAndTerm(plan)}. The customer can ask again on the new terms.`,
      );
    }
  }
  return plan;
}

/**
 * An upgrade: the customer's row is locked so that two upgrades of one customer are decided one
 * after the other, and the plan held while it is checked against what arrived.
 */
async function checkUpgrade(trx: Kysely<DB>, row: LockedRequest, received: bigint) {
  await users.lockCustomer(trx, row.userId);
  const plan = await accountPlanById(trx, row.accountPlanId as bigint, { hold: true });
  if (!plan) throw declineInstead('The plan of this request no longer exists.');
  const before = await currentPlanOf(trx, row.userId);
  if (before.id === plan.id) {
    throw declineInstead(`The customer is on the ${plan.name} plan already.`);
  }
  if (received < plan.price) {
    throw fieldError(
      'body.receivedAmount',
      `The ${plan.name} plan costs ${formatMoney(plan.price, row.currency)}: decline the request if less arrived`,
    );
  }
  return { before, plan };
}

interface Confirmed {
  entryId: bigint;
  at: Date;
  /** An upgrade's plan change, audited with the decision. */
  planChange?: { before: { id: bigint; name: string }; after: { id: bigint; name: string } };
}

/** Posts what a confirmed request moves (decision 18's table). */
async function postConfirmed(
  deps: AppDeps,
  trx: Kysely<DB>,
  row: LockedRequest,
  received: bigint,
  actor: StaffActor,
): Promise<Omit<Confirmed, 'at'>> {
  const currency = row.currency;
  const staff = `staff:${actor.userId}`;
  await refuseFrozenConfirmation(trx, row.userId, row.kind);
  const fromClearing = async (
    to: (internal: Internal) => Promise<bigint> | bigint,
    memo: string,
  ) => {
    const internal = await ensureInternalAccounts(trx, currency);
    const entry = await postEntry(trx, {
      idempotencyKey: `funding:${row.id}`,
      kind: `funding_${row.kind}`,
      memo,
      actor: staff,
      postings: [
        { accountId: internal.crypto_deposit_clearing.id, amount: -received, currency },
        { accountId: await to(internal), amount: received, currency },
      ],
    });
    return entry.entryId;
  };
  switch (row.kind) {
    case 'deposit':
      return {
        entryId: await fromClearing(async () => {
          const current = await currentAccountOf(trx, row.userId, currency);
          if (!current) throw new AppError('CONFLICT', "The customer's account is not open.");
          return current.id;
        }, `Crypto deposit (${row.type})`),
      };
    case 'payment':
      return {
        entryId: await fromClearing(
          (internal) => internal.fee_income.id,
          `Payment (${row.subject ?? 'to the bank'}), by ${row.type}`,
        ),
      };
    case 'upgrade': {
      const { before, plan } = await checkUpgrade(trx, row, received);
      const entryId = await fromClearing(
        (internal) => internal.fee_income.id,
        `Upgrade to the ${plan.name} plan, by ${row.type}`,
      );
      await users.setPlan(trx, row.userId, plan.id);
      return { entryId, planChange: { before, after: plan } };
    }
    case 'fixed_deposit': {
      const plan = await planAskedFor(trx, row);
      try {
        const opened = await openFixedDeposit(trx, deps, {
          userId: row.userId,
          planId: plan.id,
          principal: received,
          funding: { kind: 'crypto', requestId: row.id, actor: staff },
        });
        return { entryId: opened.entryId };
      } catch (error) {
        // The plan refuses the amount (outside its minimum and maximum): said on the amount.
        if (error instanceof AppError && error.code === 'VALIDATION_FAILED') {
          throw fieldError(
            'body.receivedAmount',
            `${error.message}: decline the request if what arrived does not fit the plan`,
          );
        }
        throw error;
      }
    }
  }
}

type Internal = Awaited<ReturnType<typeof ensureInternalAccounts>>;

/** A confirmation: proposed for a second person, or done now. */
type Confirmation = { proposalId: bigint } | Confirmed;

const subjectOf = (id: bigint) => ({ type: FUNDING_SUBJECT, id: String(id) });

const KIND_WORDS: Record<LockedRequest['kind'], string> = {
  deposit: 'deposit',
  payment: 'payment',
  fixed_deposit: 'fixed deposit',
  upgrade: 'upgrade',
};

/**
 * The confirmation as one decision. `approvalId` set: a second person approved the proposal,
 * so it is carried out as proposed (the amount in it). Unset: a direct decision, refused while
 * a proposal waits, and proposed instead when it needs a second person (at least the
 * dual-control threshold, or more than the customer claimed).
 */
function confirmation(
  deps: AppDeps,
  id: bigint,
  received: bigint,
  actor: StaffActor,
  approvalId?: bigint,
): Decision<LockedRequest, Confirmation> {
  return {
    ...pendingRequest(id),
    async apply(trx, row): Promise<Confirmation> {
      if (approvalId === undefined) {
        await refuseWhileProposed(trx, subjectOf(id));
        const why = await secondPersonNeeded(deps, trx, {
          amount: received,
          claimed: row.claimedAmount,
          alone: {
            customerId: row.userId,
            since: async (from) =>
              postedAlone(
                trx,
                FUNDING_SUBJECT,
                await repo.confirmedBy(trx, row.userId, actor.userId, from),
              ),
          },
        });
        if (why !== null) {
          // What the second person would approve must be possible: it is done and undone under a
          // savepoint, so that a refusal (a frozen customer, an amount outside the plan, an
          // upgrade paid short) is said now, to the proposer, and nothing of it stays.
          await sql`savepoint dual_control_trial`.execute(trx);
          await postConfirmed(deps, trx, row, received, actor);
          await sql`rollback to savepoint dual_control_trial`.execute(trx);
          const money = (m: bigint) => formatMoney(m, row.currency);
          const proposalId = await propose(
            deps,
            trx,
            {
              kind: FUNDING_CONFIRM,
              subject: subjectOf(id),
              customerId: row.userId,
              amount: received,
              payload: {
                requestId: String(id),
                receivedAmount: String(received),
                claimedAmount: String(row.claimedAmount),
                kind: row.kind,
                type: row.type,
                subject: row.subject,
              },
              summary:
                `Confirm the ${KIND_WORDS[row.kind]} request #${id} with ${money(received)} received (claimed ${money(row.claimedAmount)})`.slice(
                  0,
                  300,
                ),
              reason: why,
            },
            actor,
          );
          return { proposalId };
        }
      }
      const posted = await postConfirmed(deps, trx, row, received, actor);
      const at = deps.clock.now();
      transition(
        await repo.markConfirmed(trx, id, {
          received,
          decidedBy: actor.userId,
          at,
          entryId: posted.entryId,
        }),
        ALREADY_DECIDED,
      );
      return { ...posted, at };
    },
    audit: (row, result) => {
      if ('proposalId' in result) return [];
      const { entryId, planChange } = result;
      return [
        ...(planChange
          ? [
              {
                action: 'plan.change' as const,
                actor,
                targetId: String(row.userId),
                customerId: row.userId,
                before: { plan: planChange.before.name, planId: String(planChange.before.id) },
                after: {
                  plan: planChange.after.name,
                  planId: String(planChange.after.id),
                  fundingRequest: String(row.id),
                },
              },
            ]
          : []),
        {
          action: 'funding.confirm',
          actor,
          targetId: String(id),
          customerId: row.userId,
          before: { status: 'pending', claimedAmount: String(row.claimedAmount) },
          after: {
            status: 'confirmed',
            claimedAmount: String(row.claimedAmount),
            receivedAmount: String(received),
            entryId: String(entryId),
            ...(approvalId === undefined ? {} : { approvalId: String(approvalId) }),
          },
        },
      ];
    },
    notify: (row, result) =>
      'proposalId' in result
        ? null
        : {
            userId: row.userId,
            kind: 'funding.confirmed',
            data: {
              kind: row.kind,
              requestId: row.id,
              type: row.type,
              subject: row.subject,
              claimed: row.claimedAmount,
              received,
              currency: row.currency,
              decidedOn: result.at.toISOString().slice(0, 10),
            },
          },
  };
}

/**
 * Confirms a pending request with the amount that actually arrived: one staff decision locks the
 * request, posts its entry, records the decision, writes the audit log and tells the customer
 * (in the app and by email) both the claim and what arrived. At or above the dual-control
 * threshold, or above the claim, it is proposed for a second person instead: the request stays
 * pending (to the customer too), with its `proposal` set.
 */
export async function confirmRequest(
  deps: AppDeps,
  id: bigint,
  received: bigint,
  actor: StaffActor,
): Promise<StaffFundingRequest> {
  await decide(deps, confirmation(deps, id, received, actor));
  return requestForReview(deps, id);
}

// The approval kind -------------------------------------------------------------------------

export const FUNDING_CONFIRM = 'funding.confirm';

const confirmPayload = z.object({
  requestId: z.string().regex(/^\d+$/),
  receivedAmount: z.string().regex(/^[1-9]\d*$/),
  claimedAmount: z.string().regex(/^\d+$/),
  kind: z.enum(['deposit', 'payment', 'fixed_deposit', 'upgrade']),
  type: z.string(),
  subject: z.string().nullable(),
});

/** A confirmation that needs a second person: another funding.review approves it. */
export const fundingConfirmKind = defineApprovalKind({
  kind: FUNDING_CONFIRM,
  label: 'Confirm a funding request',
  approve: 'funding.review',
  payload: confirmPayload,
  details: (p, currency) => [
    {
      label: 'Request',
      value: `#${p.requestId}: ${KIND_WORDS[p.kind]} by ${p.type}${p.subject ? ` (${p.subject})` : ''}`,
    },
    { label: 'Customer claimed', value: formatMoney(BigInt(p.claimedAmount), currency) },
    { label: 'Amount received', value: formatMoney(BigInt(p.receivedAmount), currency) },
    {
      label: 'What approving does',
      value:
        'Confirms the request with the amount received and posts it to the ledger; the customer is told.',
    },
  ],
  async execute(deps, trx, proposal, checker) {
    const id = BigInt(proposal.payload.requestId);
    const received = BigInt(proposal.payload.receivedAmount);
    const result = await decide(deps, confirmation(deps, id, received, checker, proposal.id), trx);
    if ('proposalId' in result) throw new AppError('INTERNAL', 'An approval proposed again');
    return [
      { label: 'Request', value: `#${id}: confirmed` },
      { label: 'Amount received', value: formatMoney(received, deps.config.currency) },
      { label: 'Journal entry', value: String(result.entryId) },
    ];
  },
});

/** Declines a pending request with a reason the customer reads; nothing moves. */
export async function declineRequest(
  deps: AppDeps,
  id: bigint,
  reason: string,
  actor: StaffActor,
): Promise<StaffFundingRequest> {
  await decide(deps, {
    ...pendingRequest(id),
    async apply(trx) {
      await refuseWhileProposed(trx, subjectOf(id));
      transition(
        await repo.markDeclined(trx, id, { reason, decidedBy: actor.userId, at: deps.clock.now() }),
        ALREADY_DECIDED,
      );
    },
    audit: (row) => ({
      action: 'funding.decline',
      actor,
      targetId: String(id),
      customerId: row.userId,
      before: { status: 'pending', claimedAmount: String(row.claimedAmount) },
      after: { status: 'declined', claimedAmount: String(row.claimedAmount), reason },
    }),
    notify: (row) => ({
      userId: row.userId,
      kind: 'funding.declined',
      data: { kind: row.kind, claimed: row.claimedAmount, currency: row.currency, reason },
    }),
  });
  return requestForReview(deps, id);
}
