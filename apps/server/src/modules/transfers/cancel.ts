import type { Kysely } from 'kysely';
import { type Transfer } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import { currentAccountOf, ensureInternalAccounts, postEntry } from '../../ledger/index.js';
import { transition } from '../../platform/decisions.js';
import { AppError } from '../../platform/errors.js';
import { lockOpenProposalOn, openProposalOn, supersede } from '../approvals/index.js';
import type { Person } from './flow.js';
import * as repo from './repo.js';
import type { TransferRow } from './repo.js';
import { availableBalance, customerView, TRANSFER_SUBJECT } from './views.js';

/**
 * The customer calls back a transfer that staff have not sent (decision 0026): the refund of the
 * amount and the charge posts at once, in the same transaction that marks the transfer
 * cancelled, under the transfer's row lock with `status = 'in_progress'` checked again. A staff
 * decision (sent, failed) at the same moment takes the same lock, so exactly one of them
 * happens; the refund's ledger key is the staff refund's (`transfer:{id}:reversal`), so the
 * books could not take two refunds even if both tried.
 *
 * Lock order: a refund proposal waiting on the transfer (an approval locks the proposal before
 * the transfer it carries out), then the transfer row, then the ledger accounts (ascending ids,
 * inside the ledger). A proposal made between our first look and the transfer's lock cannot be
 * locked in that order any more: the whole cancel starts again.
 */

/** A proposal appeared after we looked for one: start again to lock it first. */
class ProposalAppeared extends Error {}

const ATTEMPTS = 3;

export async function cancelTransfer(deps: AppDeps, person: Person, id: bigint): Promise<Transfer> {
  // Someone else's transfer is nobody's: refused before anything is locked.
  if (!(await repo.ownTransfer(deps.db, person.userId, id))) {
    throw new AppError('NOT_FOUND', 'No such transfer');
  }
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await deps.db.transaction().execute((trx) => cancelOnce(deps, trx, person, id));
    } catch (error) {
      if (!(error instanceof ProposalAppeared)) throw error;
      if (attempt >= ATTEMPTS) {
        throw new AppError(
          'CONFLICT',
          'Our staff are deciding on this transfer right now. Please try again in a minute.',
        );
      }
    }
  }
}

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : 'an earlier day');

/** Why a transfer that is not in progress cannot be cancelled, in the customer's words. */
function notCancellable(row: TransferRow): AppError {
  if (row.stage !== 'submitted') {
    return new AppError(
      'CONFLICT',
      'This transfer was never sent, so there is nothing to cancel: an unfinished transfer is dropped after 30 minutes.',
    );
  }
  if (row.status === 'successful') {
    return new AppError(
      'CONFLICT',
      row.recipientAccountId
        ? 'A transfer to a Cedar Bank account arrives at once, so it cannot be cancelled.'
        : `This transfer was sent on ${day(row.decidedAt)} (reference ${row.reference ?? 'none'}), so it can no longer be cancelled. Contact us if something is wrong.`,
    );
  }
  return new AppError(
    'CONFLICT',
    'This transfer failed and its amount and charge were refunded already: there is nothing to cancel.',
  );
}

async function cancelOnce(
  deps: AppDeps,
  trx: Kysely<DB>,
  person: Person,
  id: bigint,
): Promise<Transfer> {
  const subject = { type: TRANSFER_SUBJECT, id: String(id) };
  const proposal = await lockOpenProposalOn(trx, subject);
  const row = await repo.lockOwnTransfer(trx, person.userId, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such transfer');
  // Cancelling twice (a double click, a retry) answers as the first time and posts nothing.
  if (row.status === 'cancelled') return customerView(row, await availableBalance(trx, row.userId));
  if (row.stage !== 'submitted' || row.status !== 'in_progress') throw notCancellable(row);
  const open = await openProposalOn(trx, subject);
  if (open && open.id !== proposal?.id) throw new ProposalAppeared();

  const reversalEntryId = await refund(trx, row);
  const at = deps.clock.now();
  transition(
    await repo.markCancelled(trx, id, { reversalEntryId, at }),
    'This transfer was already decided.',
  );
  await deps.notifications.send(trx, row.userId, 'transfer.cancelled', {
    amount: row.amount,
    currency: row.currency,
    holder: row.accountHolderName,
    bank: row.bank,
  });
  const actor = { userId: person.userId, ip: person.ip, userAgent: person.userAgent };
  if (proposal) {
    await supersede(
      deps,
      trx,
      proposal,
      [
        { label: 'Transfer', value: `#${id}: cancelled by the customer, refunded` },
        { label: 'Journal entry', value: String(reversalEntryId) },
      ],
      actor,
    );
  }
  // The audit row last: it holds the audit chain's lock until the transaction ends.
  await deps.audit(trx, {
    action: 'transfer.cancel',
    actor,
    targetId: String(id),
    customerId: row.userId,
    before: { status: 'in_progress' },
    after: {
      status: 'cancelled',
      reversalEntryId: String(reversalEntryId),
      ...(proposal ? { supersededApprovalId: String(proposal.id) } : {}),
    },
  });
  const cancelled: TransferRow = {
    ...row,
    status: 'cancelled',
    reversalEntryId,
    decidedAt: at,
    updatedAt: at,
  };
  return customerView(cancelled, await availableBalance(trx, row.userId));
}

/** The reversal of the transfer's entry: amount and charge back to the customer. */
async function refund(trx: Kysely<DB>, row: TransferRow): Promise<bigint> {
  const currency = row.currency;
  const internal = await ensureInternalAccounts(trx, currency);
  const customer = await currentAccountOf(trx, row.userId, currency);
  if (!customer) throw new AppError('CONFLICT', 'Your account is not open.');
  const entry = await postEntry(trx, {
    idempotencyKey: `transfer:${row.id}:reversal`,
    kind: 'transfer_reversal',
    memo: `Refund: transfer to ${row.accountHolderName} cancelled`,
    actor: `customer:${row.userId}`,
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
  return entry.entryId;
}
