import type { Kysely } from 'kysely';
import {
  MIN_TRANSFER_AMOUNT,
  TRANSFER_FLOW_TTL_MS,
  transferChargeBp,
  type Beneficiary,
  type OpenProposal,
  type StaffTransfer,
  type StaffTransferDetail,
  type StaffTransferQueueQuery,
  type Transfer,
  type TransferTerms,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import { currentAccountsOf, getOwnedBalance } from '../../ledger/index.js';
import { dualControlThreshold, openProposalsOn } from '../approvals/index.js';
import { currentPlanOf } from '../catalog/index.js';
import { passkeyNamed } from '../passkeys/index.js';
import { AppError } from '../../platform/errors.js';
import { decodeCursor, pageOf } from '../../platform/queue-page.js';
import { ownBank } from './payee-check.js';
import * as repo from './repo.js';
import type { StaffTransferRow, TransferRow } from './repo.js';
import { startOfDay } from './rules.js';

/** A transfer that is not submitted within the flow's time must be started again. */
export function expiresAt(row: Pick<TransferRow, 'updatedAt'>): Date {
  return new Date(row.updatedAt.getTime() + TRANSFER_FLOW_TTL_MS);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function common(row: TransferRow) {
  return {
    id: String(row.id),
    stage: row.stage,
    status: row.status,
    bank: row.bank,
    swift: row.swift,
    currency: row.currency,
    routing: row.routing,
    country: row.country,
    accountNumber: row.accountNumber,
    accountHolderName: row.accountHolderName,
    note: row.note,
    internal: row.recipientAccountId !== null,
    amount: String(row.amount),
    fee: String(row.fee),
    feeRateBp: row.feeBp,
    amountReceived: String(row.amount - row.fee),
    reference: row.reference,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    submittedAt: iso(row.submittedAt),
    decidedAt: iso(row.decidedAt),
  };
}

/** The customer's view: what the server computed, the balance now, how far the flow is. */
export function customerView(row: TransferRow, available: bigint): Transfer {
  return {
    ...common(row),
    saveBeneficiary: row.saveBeneficiary,
    awaitingCode: row.stage === 'pin_verified' && row.needsCode,
    availableBalance: String(available),
    sufficientBalance: row.amount <= available,
    expiresAt: expiresAt(row).toISOString(),
    payeeCheck:
      row.payeeMatch === null
        ? null
        : { typedName: row.payeeTypedName ?? row.accountHolderName, match: row.payeeMatch },
  };
}

export async function availableBalance(db: Kysely<DB>, userId: bigint): Promise<bigint> {
  const balance = await getOwnedBalance(db, { ownerId: userId, kind: 'customer_current' });
  if (!balance) throw new AppError('NOT_FOUND', 'Your account is not open yet.');
  return balance.balance;
}

export async function transferFor(deps: AppDeps, userId: bigint, id: bigint): Promise<Transfer> {
  const row = await repo.ownTransfer(deps.db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such transfer');
  return customerView(row, await availableBalance(deps.db, userId));
}

/**
 * What the send form shows before anything is typed: the charge to another bank and inside this
 * one, the day's limit and what is left of it, the balance, and this bank's details.
 */
export async function transferTerms(deps: AppDeps, userId: bigint): Promise<TransferTerms> {
  const [plan, sentToday, available, bank] = await Promise.all([
    currentPlanOf(deps.db, userId),
    repo.sentSince(deps.db, userId, startOfDay(deps.clock.now())),
    availableBalance(deps.db, userId),
    ownBank(deps.db),
  ]);
  const left = plan.dailyTransferLimit - sentToday;
  return {
    currency: deps.config.currency,
    planName: plan.name,
    serviceChargeBp: transferChargeBp(plan.serviceChargeBp, false),
    internalServiceChargeBp: transferChargeBp(plan.serviceChargeBp, true),
    minimumAmount: String(MIN_TRANSFER_AMOUNT),
    dailyTransferLimit: String(plan.dailyTransferLimit),
    sentToday: String(sentToday),
    leftToday: String(left > 0n ? left : 0n),
    availableBalance: String(available),
    bank,
  };
}

export async function transfersOf(deps: AppDeps, userId: bigint): Promise<Transfer[]> {
  const [rows, available] = await Promise.all([
    repo.submittedTransfers(deps.db, userId, 50),
    availableBalance(deps.db, userId),
  ]);
  return rows.map((row) => customerView(row, available));
}

export async function beneficiariesFor(deps: AppDeps, userId: bigint): Promise<Beneficiary[]> {
  const rows = await repo.beneficiariesOf(deps.db, userId);
  return rows.map((b) => ({
    id: String(b.id),
    bank: b.bank,
    swift: b.swift,
    currency: b.currency,
    routing: b.routing,
    country: b.country,
    accountNumber: b.accountNumber,
    accountHolderName: b.accountHolderName,
    lastPaidAt: b.lastPaidAt ? new Date(b.lastPaidAt).toISOString() : null,
    createdAt: b.createdAt.toISOString(),
  }));
}

// -----------------------------------------------------------------------------------------
// Staff

/** Subject type of a transfer's proposals (its refund for a second person). */
export const TRANSFER_SUBJECT = 'transfer';

function staffView(
  row: StaffTransferRow,
  accountNumber: string,
  proposal: OpenProposal | null,
): StaffTransfer {
  return {
    ...common(row),
    customer: {
      id: String(row.userId),
      name: `${row.customerFirstName} ${row.customerLastName}`,
      email: row.customerEmail,
      accountNumber,
    },
    decidedBy: row.decidedBy === null ? null : row.decidedByName,
    proposal,
  };
}

/** Staff views of these rows, each with its customer's account number (from the ledger). */
async function staffViews(deps: AppDeps, rows: StaffTransferRow[]): Promise<StaffTransfer[]> {
  const [accounts, open] = await Promise.all([
    currentAccountsOf(
      deps.db,
      rows.map((row) => row.userId),
      deps.config.currency,
    ),
    openProposalsOn(
      deps.db,
      TRANSFER_SUBJECT,
      rows.filter((row) => row.status === 'in_progress').map((row) => String(row.id)),
    ),
  ]);
  return rows.map((row) =>
    staffView(row, accounts.get(row.userId)?.accountNumber ?? '', open.get(String(row.id)) ?? null),
  );
}

/**
 * A tab of the queue: in progress oldest first (the order to work in), decided ones newest
 * decision first with who decided; searched by name, email, id or amount; a page at a time.
 */
export async function staffQueuePage(
  deps: AppDeps,
  query: StaffTransferQueueQuery,
): Promise<{ items: StaffTransfer[]; nextCursor: string | null }> {
  const rows = await repo.staffQueuePage(deps.db, {
    status: query.status,
    ...(query.q === undefined ? {} : { q: query.q }),
    ...(query.amount === undefined ? {} : { amount: query.amount }),
    ...(query.cursor === undefined ? {} : { after: decodeCursor(query.cursor) }),
    limit: query.limit + 1,
  });
  const page = pageOf(rows, query.limit);
  return { items: await staffViews(deps, page.rows), nextCursor: page.nextCursor };
}

/** How many transfers wait to be sent, and since when (the back office's overview). */
export function transfersInProgress(deps: AppDeps) {
  return repo.inProgressSummary(deps.db);
}

export async function staffTransfer(deps: AppDeps, id: bigint): Promise<StaffTransferDetail> {
  const row = await repo.staffTransfer(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such transfer');
  const [view] = await staffViews(deps, [row]);
  const evidence = await repo.authorizationOf(deps.db, id);
  const passkey = evidence?.passkeyId ? await passkeyNamed(deps.db, evidence.passkeyId) : null;
  return {
    ...(view as StaffTransfer),
    dualControlThreshold: String(await dualControlThreshold(deps.db)),
    authorization: {
      pinAt: evidence?.pinAt?.toISOString() ?? null,
      stepUp: !evidence?.stepUpAt
        ? null
        : passkey
          ? { method: 'passkey', at: evidence.stepUpAt.toISOString(), passkey: passkey.name }
          : { method: 'code', at: evidence.stepUpAt.toISOString(), passkey: null },
    },
  };
}

/** A customer's submitted transfers, newest first, a page at a time (the customer page). */
export async function transfersOfCustomer(
  deps: AppDeps,
  userId: bigint,
  page: { before?: bigint | undefined; limit: number },
): Promise<{ items: StaffTransfer[]; nextCursor: string | null }> {
  const rows = await repo.customerTransfers(deps.db, userId, {
    before: page.before,
    limit: page.limit + 1,
  });
  const items = await staffViews(deps, rows.slice(0, page.limit));
  return { items, nextCursor: rows.length > page.limit ? (items.at(-1)?.id ?? null) : null };
}
