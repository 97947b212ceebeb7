import type { Kysely } from 'kysely';
import { formatMoney, type StaffTransfer } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import { ensureInternalAccounts, postEntry } from '../../ledger/index.js';
import type { StaffActor } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import { users } from '../users/index.js';
import { currentAccountOf, transferColumns, type TransferRow } from './repo.js';
import { staffTransfer } from './views.js';

/**
 * Staff (transfers.process) decide an outgoing transfer once: successful with the reference of
 * the payment as sent, or failed with a reason, which posts the reversal entry that refunds
 * amount and fee. Under the transfer's row lock with its status checked: two staff deciding at
 * once get one decision and one 409.
 */

const ALREADY_DECIDED = 'This transfer was already decided.';

async function lockInProgress(trx: Kysely<DB>, id: bigint): Promise<TransferRow> {
  const row = await trx
    .selectFrom('transfers')
    .select(transferColumns)
    .where('id', '=', id)
    .where('stage', '=', 'submitted')
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No such transfer');
  if (row.status !== 'in_progress') throw new AppError('CONFLICT', ALREADY_DECIDED);
  return row;
}

async function tell(
  deps: AppDeps,
  trx: Kysely<DB>,
  row: TransferRow,
  notice: { kind: string; title: string; body: string },
) {
  const user = await users.findUserById(trx, row.userId);
  await deps.notifications.notify(trx, {
    userId: row.userId,
    ...notice,
    ...(user ? { email: { to: user.email, firstName: user.firstName } } : {}),
  });
}

export async function completeTransfer(
  deps: AppDeps,
  id: bigint,
  reference: string,
  actor: StaffActor,
): Promise<StaffTransfer> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockInProgress(trx, id);
    const now = deps.clock.now();
    await trx
      .updateTable('transfers')
      .set({
        status: 'successful',
        reference,
        decided_by: actor.userId,
        decided_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('status', '=', 'in_progress')
      .execute();
    await deps.audit(trx, {
      actorId: actor.userId,
      action: 'transfer.complete',
      targetType: 'transfer',
      targetId: String(id),
      before: { status: 'in_progress' },
      after: { status: 'successful', reference },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    const received = formatMoney(row.amount - row.fee, row.currency);
    await tell(deps, trx, row, {
      kind: 'transfer.successful',
      title: 'Transfer successful',
      body: `Your transfer of ${formatMoney(row.amount, row.currency)} to ${row.accountHolderName} (${row.bank}) was sent: ${received} is on its way to them. Reference: ${reference}.`,
    });
  });
  return staffTransfer(deps, id);
}

export async function failTransfer(
  deps: AppDeps,
  id: bigint,
  reason: string,
  actor: StaffActor,
): Promise<StaffTransfer> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockInProgress(trx, id);
    const currency = row.currency;
    const internal = await ensureInternalAccounts(trx, currency);
    const customer = await currentAccountOf(trx, row.userId, currency);
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
        { accountId: customer, amount: row.amount, currency },
      ],
    });
    const now = deps.clock.now();
    await trx
      .updateTable('transfers')
      .set({
        status: 'failed',
        failure_reason: reason,
        reversal_entry_id: reversal.entryId,
        decided_by: actor.userId,
        decided_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('status', '=', 'in_progress')
      .execute();
    await deps.audit(trx, {
      actorId: actor.userId,
      action: 'transfer.fail',
      targetType: 'transfer',
      targetId: String(id),
      before: { status: 'in_progress' },
      after: { status: 'failed', reason, reversalEntryId: String(reversal.entryId) },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    await tell(deps, trx, row, {
      kind: 'transfer.failed',
      title: 'Transfer failed',
      body: `Your transfer of ${formatMoney(row.amount, currency)} to ${row.accountHolderName} (${row.bank}) failed: ${/[.!?]$/.test(reason) ? reason : `${reason}.`} The full ${formatMoney(row.amount, currency)}, service charge included, is back in your account.`,
    });
  });
  return staffTransfer(deps, id);
}
