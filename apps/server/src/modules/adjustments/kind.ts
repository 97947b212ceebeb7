import { z } from 'zod';
import { formatMoney } from '@bank/contract';
import {
  ensureInternalAccounts,
  findAccount,
  getBalance,
  postTransfer,
  type PostedEntry,
} from '../../ledger/index.js';
import { AppError } from '../../platform/errors.js';
import { defineApprovalKind } from '../approvals/index.js';
import { accountLabel } from './labels.js';

/**
 * A manual ledger adjustment (maker-checker): proposed by one staff member holding
 * `ledger.adjust.propose` (./propose.ts), approved by a different one holding
 * `ledger.adjust.approve`. Approving posts one entry, between the named account and the bank's
 * manual-adjustments account, in the approval's transaction: the approval and the entry commit
 * together or not at all, and the entry's idempotency key (`adjustment:<proposal>`) could not
 * post twice even if the approvals core let it.
 */

export const LEDGER_ADJUSTMENT = 'ledger.adjustment';
export const ENTRY_KIND = 'manual_adjustment';

export const adjustmentPayload = z.object({
  target: z.enum(['customer', 'internal']),
  accountId: z.string().regex(/^\d+$/),
  accountNumber: z.string(),
  accountKind: z.string(),
  /** The customer's name, or the bank account's words. */
  holder: z.string(),
  direction: z.enum(['credit', 'debit']),
  amount: z.string().regex(/^[1-9]\d*$/),
  currency: z.string().length(3),
  /** The proposer's Idempotency-Key: the same key proposes once. */
  idempotencyKey: z.string(),
});
export type AdjustmentPayload = z.infer<typeof adjustmentPayload>;

/** The words of the entry in the account's history (the customer reads it in theirs). */
export const entryMemo = (approvalId: bigint) =>
  `Balance correction by the bank (adjustment ${approvalId})`;

const insufficient = (balance: bigint, amount: bigint, currency: string) =>
  new AppError(
    'CONFLICT',
    `The account holds ${formatMoney(balance, currency)}: a debit of ${formatMoney(amount, currency)} would take it below zero. Nothing was posted; reject this proposal.`,
  );

export const adjustmentKind = defineApprovalKind({
  kind: LEDGER_ADJUSTMENT,
  label: 'Manual ledger adjustment',
  approve: 'ledger.adjust.approve',
  propose: 'ledger.adjust.propose',
  payload: adjustmentPayload,
  details: (p) => {
    const amount = formatMoney(BigInt(p.amount), p.currency);
    const where = `${p.holder} (account ${p.accountNumber})`;
    return [
      {
        label: p.target === 'customer' ? 'Customer account' : 'Bank account',
        value: where,
      },
      { label: 'Direction', value: p.direction === 'credit' ? 'Credit' : 'Debit' },
      { label: 'Amount', value: amount },
      {
        label: 'What approving does',
        value:
          p.direction === 'credit'
            ? `Posts one entry: ${amount} into ${where}, from the bank's manual adjustments account.`
            : `Posts one entry: ${amount} out of ${where}, into the bank's manual adjustments account.`,
      },
      ...(p.target === 'customer'
        ? [
            {
              label: 'The customer is told',
              value: 'By a notification and an email, with the new balance.',
            },
          ]
        : []),
    ];
  },
  async execute(deps, trx, proposal, checker) {
    const p = proposal.payload;
    const amount = BigInt(p.amount);
    const account = await findAccount(trx, { id: BigInt(p.accountId) });
    if (!account || account.currency !== p.currency || account.accountNumber !== p.accountNumber) {
      throw new AppError('CONFLICT', 'The account of this proposal no longer exists as proposed.');
    }
    const adjustments = (await ensureInternalAccounts(trx, p.currency)).manual_adjustments;
    const [from, to] =
      p.direction === 'credit' ? [adjustments.id, account.id] : [account.id, adjustments.id];
    let posted: PostedEntry;
    try {
      posted = await postTransfer(trx, {
        idempotencyKey: `adjustment:${proposal.id}`,
        kind: ENTRY_KIND,
        memo: entryMemo(proposal.id),
        actor: `staff:${checker.userId}`,
        fromAccountId: from,
        toAccountId: to,
        amount,
        currency: p.currency,
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'LEDGER_INSUFFICIENT_FUNDS') {
        const { balance } = await getBalance(trx, { accountId: account.id, ownerId: null });
        throw insufficient(balance, amount, p.currency);
      }
      throw error;
    }
    const leg = posted.postings.find((x) => x.accountId === account.id);
    if (!leg) throw new AppError('INTERNAL', 'The adjustment entry has no leg on its account');
    // A house account has no running balance (decision 29): its balance now, this entry in it.
    const balance =
      leg.balanceAfter ?? (await getBalance(trx, { accountId: account.id, ownerId: null })).balance;
    await deps.audit(trx, {
      action: 'ledger.adjust',
      actor: checker,
      targetId: String(account.id),
      customerId: account.ownerId,
      before: { balance: String(balance - leg.amount) },
      after: {
        approvalId: String(proposal.id),
        direction: p.direction,
        amount: String(amount),
        accountNumber: account.accountNumber,
        counterAccount: adjustments.accountNumber,
        entryId: String(posted.entryId),
        balance: String(balance),
      },
    });
    if (account.ownerId !== null) {
      await deps.notifications.send(trx, account.ownerId, 'ledger.adjusted', {
        direction: p.direction,
        amount,
        balance,
        currency: p.currency,
        reference: `adjustment ${proposal.id}`,
      });
    }
    return [
      { label: 'Journal entry', value: String(posted.entryId) },
      { label: 'Account', value: `${accountLabel(account)} (${account.accountNumber})` },
      { label: 'Balance after', value: formatMoney(balance, p.currency) },
    ];
  },
});
