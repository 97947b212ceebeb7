import { randomBytes } from 'node:crypto';
import {
  formatMoney,
  formatReceiptReference,
  formatUtcDayTime,
  type ReceiptVerification,
  type TransactionDetail,
  type TransactionStatus,
  personName,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { currentAccountOf, findAccount, getOwnedPosting } from '../../ledger/index.js';
import { AppError } from '../../platform/errors.js';
import { BANK_NAME } from '../../platform/mail/index.js';
import { toTransaction } from '../accounts/index.js';
import { bankLetterhead } from '../catalog/index.js';
import {
  asSeenByAccount,
  maskedName,
  ownTransferByEntry,
  ownTransferRecord,
  senderOfEntry,
  type TransferRecord,
} from '../transfers/index.js';
import { users } from '../users/index.js';
import type { ReceiptDocument } from './documents.js';
import * as repo from './repo.js';

/**
 * Detail views and receipts (decision 0026). Every read names the signed-in customer: another
 * customer's line or transfer is not found, as an unknown one is. A receipt is recorded as it
 * is issued (one per subject and status), under a reference of 100 random bits that the bank's
 * public page checks: it confirms what the receipt says, the parties masked, and the status now.
 */

const CURRENT = 'customer_current' as const;
const NO_TRANSACTION = 'No such transaction';
const NO_TRANSFER = 'No such transfer';

/** The bank's reference of a journal entry, as transfers inside the bank are referenced. */
export const entryReference = (entryId: bigint) =>
  `${BANK_NAME.toUpperCase().replace(/\W+/g, '')}-${entryId}`;

/** One line of the customer's account, and the transfer it belongs to, if it is theirs. */
export async function transactionDetail(
  deps: AppDeps,
  userId: bigint,
  postingId: bigint,
): Promise<TransactionDetail> {
  const item = await getOwnedPosting(deps.db, { ownerId: userId, kind: CURRENT }, postingId);
  if (!item) throw new AppError('NOT_FOUND', NO_TRANSACTION);
  const [seen] = await asSeenByAccount(deps.db, [item]);
  const transfer = await ownTransferByEntry(deps.db, userId, item.entryId);
  return {
    transaction: toTransaction(seen ?? item, seen?.status),
    transferId: transfer ? String(transfer.id) : null,
    reference: entryReference(item.entryId),
  };
}

// References ---------------------------------------------------------------------------------

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 20 characters of Crockford's base 32 from 100 random bits. */
export function newReference(): string {
  let bits = 0n;
  for (const byte of randomBytes(13)) bits = (bits << 8n) | BigInt(byte);
  let reference = '';
  for (let i = 0; i < 20; i++) {
    reference += ALPHABET[Number(bits & 31n)];
    bits >>= 5n;
  }
  return reference;
}

/**
 * A name typed as one string (another bank's payee) as a confirmation of payee shows it:
 * "Mary J."; one word: its first letter. A customer's own name, held as first and last name, is
 * shortened by `maskedName` instead, as the payee check shows it: a family name of a character
 * or two (Chinese, Japanese, Korean) is hidden there, where an "initial" would print it whole.
 */
export function maskName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const initial = (word: string) => [...word][0] ?? '';
  if (words.length === 0) return '•••';
  if (words.length === 1) return `${initial(words[0] as string)}•••`;
  return `${words[0]} ${initial(words.at(-1) as string)}.`;
}

const lastFour = (accountNumber: string) => `••${accountNumber.slice(-4)}`;

// Receipts -----------------------------------------------------------------------------------

/**
 * A customer of this bank paid by a transfer, named as the payee check named them (the stored
 * holder name may already be that masked form, which shortening again would blur to nothing).
 */
async function customerNameOf(deps: AppDeps, accountId: bigint): Promise<string> {
  const account = await findAccount(deps.db, { id: accountId });
  const owner = account?.ownerId ? await users.findUserById(deps.db, account.ownerId) : undefined;
  return owner ? maskedName(owner) : '•••';
}

async function customerOf(deps: AppDeps, userId: bigint, currency: string) {
  const [user, account] = await Promise.all([
    users.findUserById(deps.db, userId),
    currentAccountOf(deps.db, userId, currency),
  ]);
  if (!user || !account) throw new AppError('NOT_FOUND', 'Your account is not open yet.');
  return {
    name: personName(user),
    masked: maskedName(user),
    accountNumber: account.accountNumber,
  };
}

/** "27/11/2026, 09:58 UTC": the one date style of emails, statements and the back office. */
export const day = (d: Date | null) => (d ? formatUtcDayTime(d) : '');

/** A transfer's status as its receipt states it. */
function transferStatusWords(t: TransferRecord): string {
  switch (t.status) {
    case 'successful':
      return t.recipientAccountId
        ? `Successful: arrived in the recipient's account on ${day(t.decidedAt)}`
        : `Successful: sent by the bank on ${day(t.decidedAt)}, reference ${t.reference ?? ''}`;
    case 'failed':
      return `Failed on ${day(t.decidedAt)}: ${t.failureReason ?? ''}. The amount and the charge were refunded.`;
    case 'cancelled':
      return `Cancelled by the customer on ${day(t.decidedAt)}: the amount and the charge were refunded.`;
    default:
      return 'In progress: submitted, waiting to be sent by the bank';
  }
}

const STATUS_WORD: Record<TransactionStatus, string> = {
  successful: 'Successful',
  in_progress: 'In progress',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

async function document(
  deps: AppDeps,
  receipt: repo.ReceiptRow,
  title: string,
  rows: [string, string][],
): Promise<ReceiptDocument> {
  return {
    bank: await bankLetterhead(deps.db),
    title,
    reference: formatReceiptReference(receipt.reference),
    verifyUrl: `${deps.config.appUrl}/verify/${receipt.reference}`,
    issued: day(receipt.issuedAt),
    rows,
  };
}

/** The receipt of one of the customer's submitted transfers, issued (or reissued) now. */
export async function transferReceipt(
  deps: AppDeps,
  userId: bigint,
  transferId: bigint,
): Promise<ReceiptDocument> {
  const t = await ownTransferRecord(deps.db, userId, transferId);
  if (!t || t.stage !== 'submitted' || !t.status || !t.submittedAt) {
    throw new AppError('NOT_FOUND', NO_TRANSFER);
  }
  const customer = await customerOf(deps, userId, t.currency);
  const to = t.recipientAccountId
    ? `${BANK_NAME} account ${lastFour(t.accountNumber)}`
    : `account ${lastFour(t.accountNumber)} at ${t.swift}`;
  const payee = t.recipientAccountId
    ? await customerNameOf(deps, t.recipientAccountId)
    : maskName(t.accountHolderName);
  const receipt = await repo.issue(deps.db, {
    reference: newReference(),
    user_id: userId,
    transfer_id: t.id,
    posting_id: null,
    status: t.status,
    direction: 'debit',
    amount: t.amount,
    currency: t.currency,
    occurred_at: t.submittedAt,
    payer: `${customer.masked}, ${BANK_NAME} account ${lastFour(customer.accountNumber)}`,
    payee: `${payee}, ${to}`,
    issued_at: deps.clock.now(),
  });
  const money = (m: bigint) => formatMoney(m, t.currency);
  return document(deps, receipt, 'Transfer receipt', [
    ['Submitted', day(t.submittedAt)],
    ['Status', transferStatusWords(t)],
    ['Amount', money(t.amount)],
    ['Service charge', money(t.fee)],
    ['Recipient gets', money(t.amount - t.fee)],
    ['From', `${customer.name}, ${BANK_NAME} account ${customer.accountNumber}`],
    [
      'To',
      t.recipientAccountId
        ? `${t.accountHolderName}, ${BANK_NAME} account ${t.accountNumber}`
        : `${t.accountHolderName}, account ${t.accountNumber}, ${t.bank} (${t.swift}), ${t.country}`,
    ],
    ['Note', t.note],
    ['Transfer number', String(t.id)],
    ...(t.reference ? ([['Bank reference', t.reference]] as [string, string][]) : []),
  ]);
}

/** The receipt of one line of the account: its transfer's when it belongs to one of theirs. */
export async function transactionReceipt(
  deps: AppDeps,
  userId: bigint,
  postingId: bigint,
): Promise<ReceiptDocument> {
  const item = await getOwnedPosting(deps.db, { ownerId: userId, kind: CURRENT }, postingId);
  if (!item) throw new AppError('NOT_FOUND', NO_TRANSACTION);
  const transfer = await ownTransferByEntry(deps.db, userId, item.entryId);
  if (transfer && transfer.entryId === item.entryId) {
    return transferReceipt(deps, userId, transfer.id);
  }
  const [seen] = await asSeenByAccount(deps.db, [item]);
  const line = toTransaction(seen ?? item, seen?.status);
  const customer = await customerOf(deps, userId, item.currency);
  const sender = item.amount > 0n ? await senderOfEntry(deps.db, item.entryId) : undefined;
  const own = `${customer.masked}, ${BANK_NAME} account ${lastFour(customer.accountNumber)}`;
  const other = sender ? `${maskedName(sender)}, ${BANK_NAME}` : BANK_NAME;
  const credit = item.amount > 0n;
  const receipt = await repo.issue(deps.db, {
    reference: newReference(),
    user_id: userId,
    transfer_id: null,
    posting_id: item.postingId,
    status: line.status,
    direction: credit ? 'credit' : 'debit',
    amount: BigInt(line.amount),
    currency: item.currency,
    occurred_at: item.createdAt,
    payer: credit ? other : own,
    payee: credit ? own : other,
    issued_at: deps.clock.now(),
  });
  return document(deps, receipt, 'Transaction receipt', [
    ['Date', day(item.createdAt)],
    ['Description', line.name],
    ['Type', credit ? 'Money in (credit)' : 'Money out (debit)'],
    ['Amount', formatMoney(BigInt(line.amount), item.currency)],
    ['Status', STATUS_WORD[line.status]],
    ['Account', `${customer.name}, ${BANK_NAME} account ${customer.accountNumber}`],
    ['Bank reference', entryReference(item.entryId)],
  ]);
}

/**
 * What the public page confirms about a receipt: what it says and the status now. An unknown
 * reference is a 404 like any other: the answer tells nothing about other references.
 */
export async function verifyReceipt(
  deps: AppDeps,
  reference: string,
): Promise<ReceiptVerification> {
  const receipt = await repo.byReference(deps.db, reference);
  if (!receipt) throw new AppError('NOT_FOUND', 'No receipt of ours has this reference.');
  let currentStatus: TransactionStatus = receipt.status;
  if (receipt.transferId !== null) {
    const transfer = await ownTransferRecord(deps.db, receipt.userId, receipt.transferId);
    currentStatus = transfer?.status ?? receipt.status;
  }
  return {
    reference: formatReceiptReference(receipt.reference),
    bank: BANK_NAME,
    issuedAt: receipt.issuedAt.toISOString(),
    date: receipt.occurredAt.toISOString(),
    amount: String(receipt.amount),
    currency: receipt.currency,
    status: receipt.status,
    currentStatus,
    payer: receipt.payer,
    payee: receipt.payee,
  };
}
