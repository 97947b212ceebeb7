import type { Kysely } from 'kysely';
import type { StaffTransfer } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import { currentAccountOf, ensureInternalAccounts, postEntry } from '../../ledger/index.js';
import type { StaffActor } from '../../platform/audit/index.js';
import { decide, transition } from '../../platform/decisions.js';
import { AppError } from '../../platform/errors.js';
import * as repo from './repo.js';
import type { TransferRow } from './repo.js';
import { staffTransfer } from './views.js';

/**
 * Staff (transfers.process) decide an outgoing transfer once (the staff-decision primitive,
 * platform/decisions.ts): successful with the reference of the payment as sent, or failed with a
 * reason, which posts the reversal entry that refunds amount and fee. Two staff deciding at once
 * get one decision and one 409.
 */

const ALREADY_DECIDED = 'This transfer was already decided.';

const inProgress = (id: bigint) => ({
  lock: (trx: Kysely<DB>) => repo.lockSubmitted(trx, id),
  notFound: 'No such transfer',
  refuse: (row: TransferRow) => (row.status === 'in_progress' ? null : ALREADY_DECIDED),
});

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
): Promise<StaffTransfer> {
  await decide(deps, {
    ...inProgress(id),
    async apply(trx) {
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

export async function failTransfer(
  deps: AppDeps,
  id: bigint,
  reason: string,
  actor: StaffActor,
): Promise<StaffTransfer> {
  await decide(deps, {
    ...inProgress(id),
    async apply(trx, row) {
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
          ...(row.fee > 0n
            ? [{ accountId: internal.fee_income.id, amount: -row.fee, currency }]
            : []),
          { accountId: customer.id, amount: row.amount, currency },
        ],
      });
      transition(
        await repo.markFailed(trx, id, {
          reason,
          reversalEntryId: reversal.entryId,
          decidedBy: actor.userId,
          at: deps.clock.now(),
        }),
        ALREADY_DECIDED,
      );
      return { reversalEntryId: reversal.entryId };
    },
    audit: (row, { reversalEntryId }) => ({
      action: 'transfer.fail',
      actor,
      targetId: String(id),
      customerId: row.userId,
      before: { status: 'in_progress' },
      after: { status: 'failed', reason, reversalEntryId: String(reversalEntryId) },
    }),
    notify: (row) => ({
      userId: row.userId,
      kind: 'transfer.failed',
      data: { ...told(row), reason },
    }),
  });
  return staffTransfer(deps, id);
}
