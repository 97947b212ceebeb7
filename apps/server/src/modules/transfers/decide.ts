import type { Kysely } from 'kysely';
import { z } from 'zod';
import { formatMoney, type StaffTransferDetail } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import { currentAccountOf, ensureInternalAccounts, postEntry } from '../../ledger/index.js';
import type { StaffActor } from '../../platform/audit/index.js';
import { decide, transition, type Decision } from '../../platform/decisions.js';
import { AppError } from '../../platform/errors.js';
import {
  defineApprovalKind,
  postedAlone,
  propose,
  refuseWhileProposed,
  secondPersonNeeded,
} from '../approvals/index.js';
import * as repo from './repo.js';
import type { TransferRow } from './repo.js';
import { staffTransfer, TRANSFER_SUBJECT } from './views.js';

/**
 * Staff (transfers.process) decide an outgoing transfer once (the staff-decision primitive,
 * platform/decisions.ts): successful with the reference of the payment as sent, or failed with a
 * reason, which posts the reversal entry that refunds amount and fee. Two staff deciding at once
 * get one decision and one 409. A refund of at least the dual-control threshold is proposed
 * instead, and carried out (the same decision) when a second person approves it.
 */

const ALREADY_DECIDED = 'This transfer was already decided.';
const CANCELLED =
  'The customer cancelled this transfer and was refunded: do not send it. Nothing was changed.';

const inProgress = (id: bigint) => ({
  lock: (trx: Kysely<DB>) => repo.lockSubmitted(trx, id),
  notFound: 'No such transfer',
  refuse: (row: TransferRow) => {
    if (row.status === 'in_progress') return null;
    return row.status === 'cancelled' ? CANCELLED : ALREADY_DECIDED;
  },
});

const subjectOf = (id: bigint) => ({ type: TRANSFER_SUBJECT, id: String(id) });

/** What the customer is told of their transfer, whatever became of it. */
const told = (row: TransferRow) => ({
  amount: row.amount,
  currency: row.currency,
  holder: row.accountHolderName,
  bank: row.bank,
});

export async function completeTransfer(
  deps: AppDeps,
  id: bigint,
  reference: string,
  actor: StaffActor,
): Promise<StaffTransferDetail> {
  await decide(deps, {
    ...inProgress(id),
    async apply(trx) {
      await refuseWhileProposed(trx, subjectOf(id));
      const at = deps.clock.now();
      transition(
        await repo.markSuccessful(trx, id, { reference, decidedBy: actor.userId, at }),
        ALREADY_DECIDED,
      );
    },
    audit: (row) => ({
      action: 'transfer.complete',
      actor,
      targetId: String(id),
      customerId: row.userId,
      before: { status: 'in_progress' },
      after: { status: 'successful', reference },
    }),
    notify: (row) => ({
      userId: row.userId,
      kind: 'transfer.successful',
      data: { ...told(row), received: row.amount - row.fee, reference },
    }),
  });
  return staffTransfer(deps, id);
}

/** Posts the reversal that refunds amount and fee, and marks the transfer failed. */
async function refund(
  deps: AppDeps,
  trx: Kysely<DB>,
  row: TransferRow,
  reason: string,
  actor: StaffActor,
): Promise<bigint> {
  const currency = row.currency;
  const internal = await ensureInternalAccounts(trx, currency);
  const customer = await currentAccountOf(trx, row.userId, currency);
  if (!customer) throw new AppError('CONFLICT', "The customer's account is not open.");
  const reversal = await postEntry(trx, {
    idempotencyKey: `transfer:${row.id}:reversal`,
    kind: 'transfer_reversal',
    memo: `Refund: transfer to ${row.accountHolderName} failed`,
    actor: `staff:${actor.userId}`,
    postings: [
      {
        accountId: internal.outgoing_transfer_clearing.id,
        amount: -(row.amount - row.fee),
        currency,
      },
      ...(row.fee > 0n ? [{ accountId: internal.fee_income.id, amount: -row.fee, currency }] : []),
      { accountId: customer.id, amount: row.amount, currency },
    ],
  });
  transition(
    await repo.markFailed(trx, row.id, {
      reason,
      reversalEntryId: reversal.entryId,
      decidedBy: actor.userId,
      at: deps.clock.now(),
    }),
    ALREADY_DECIDED,
  );
  return reversal.entryId;
}

/** The failure (refund) of an in-progress transfer: proposed, or done now. */
type Failed = { proposalId: bigint } | { reversalEntryId: bigint };

/**
 * The failure as one decision. `approvalId` set: a second person approved the proposal, so it
 * is carried out as proposed. Unset: a direct decision, refused while a proposal waits, and
 * proposed instead when the refund needs a second person.
 */
function failure(
  deps: AppDeps,
  id: bigint,
  reason: string,
  actor: StaffActor,
  approvalId?: bigint,
): Decision<TransferRow, Failed> {
  return {
    ...inProgress(id),
    async apply(trx, row) {
      if (approvalId === undefined) {
        await refuseWhileProposed(trx, subjectOf(id));
        const why = await secondPersonNeeded(deps, trx, {
          amount: row.amount,
          alone: {
            customerId: row.userId,
            since: async (from) =>
              postedAlone(
                trx,
                TRANSFER_SUBJECT,
                await repo.refundedBy(trx, row.userId, actor.userId, from),
              ),
          },
        });
        if (why !== null) {
          const money = formatMoney(row.amount, row.currency);
          const proposalId = await propose(
            deps,
            trx,
            {
              kind: TRANSFER_REFUND,
              subject: subjectOf(id),
              customerId: row.userId,
              amount: row.amount,
              payload: { transferId: String(id), reason },
              summary:
                `Refund ${money} of a failed transfer to ${row.accountHolderName} (${row.bank})`.slice(
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
      return { reversalEntryId: await refund(deps, trx, row, reason, actor) };
    },
    audit: (row, result) =>
      'proposalId' in result
        ? []
        : {
            action: 'transfer.fail',
            actor,
            targetId: String(id),
            customerId: row.userId,
            before: { status: 'in_progress' },
            after: {
              status: 'failed',
              reason,
              reversalEntryId: String(result.reversalEntryId),
              ...(approvalId === undefined ? {} : { approvalId: String(approvalId) }),
            },
          },
    notify: (row, result) =>
      'proposalId' in result
        ? null
        : { userId: row.userId, kind: 'transfer.failed', data: { ...told(row), reason } },
  };
}

/**
 * Marks the transfer failed and refunds it; at or above the dual-control threshold, proposes
 * it for a second person instead (the transfer stays in progress, its `proposal` set).
 */
export async function failTransfer(
  deps: AppDeps,
  id: bigint,
  reason: string,
  actor: StaffActor,
): Promise<StaffTransferDetail> {
  await decide(deps, failure(deps, id, reason, actor));
  return staffTransfer(deps, id);
}

// The approval kind -------------------------------------------------------------------------

export const TRANSFER_REFUND = 'transfers.refund';

const refundPayload = z.object({
  transferId: z.string().regex(/^\d+$/),
  /** The reason the customer reads. */
  reason: z.string().min(1).max(500),
});

/** A failed transfer's refund at or above the threshold: a second transfers.process approves. */
export const transferRefundKind = defineApprovalKind({
  kind: TRANSFER_REFUND,
  label: 'Refund a failed transfer',
  approve: 'transfers.process',
  payload: refundPayload,
  details: (p) => [
    { label: 'Transfer', value: `#${p.transferId}` },
    { label: 'Reason the customer reads', value: p.reason },
    {
      label: 'What approving does',
      value:
        "Marks the transfer failed and refunds its amount and service charge to the customer's account; the customer is told.",
    },
  ],
  async execute(deps, trx, proposal, checker) {
    const id = BigInt(proposal.payload.transferId);
    const result = await decide(
      deps,
      failure(deps, id, proposal.payload.reason, checker, proposal.id),
      trx,
    );
    if ('proposalId' in result) throw new AppError('INTERNAL', 'An approval proposed again');
    return [
      { label: 'Transfer', value: `#${id}: failed, refunded` },
      { label: 'Journal entry', value: String(result.reversalEntryId) },
    ];
  },
});
