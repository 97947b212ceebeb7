import {
  coinAmountText,
  formatMoney,
  normalRate,
  formatRate,
  type FundingKind,
  type FundingRequest,
  type OpenProposal,
  type StaffFundingItem,
  type StaffFundingQueueQuery,
  type StaffFundingRequest,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import type { StaffActor } from '../../platform/audit/index.js';
import { AppError } from '../../platform/errors.js';
import { dualControlThreshold, openProposalsOn } from '../approvals/index.js';
import { accountPlanById, fixedDepositPlanById } from '../catalog/index.js';
import { formatTerm } from './labels.js';
import { decodeCursor, pageOf } from '../../platform/queue-page.js';
import {
  pendingSummary,
  proofOf,
  queuePage,
  requestsWithNames,
  withCustomer,
  type RequestRow,
  type StaffRow,
} from './repo.js';

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

function toCustomerView(r: RequestRow): FundingRequest {
  return {
    id: String(r.id),
    kind: r.kind,
    paidFrom: r.paidFrom,
    type: r.type,
    subject: r.subject,
    claimedAmount: String(r.claimedAmount),
    receivedAmount: r.receivedAmount === null ? null : String(r.receivedAmount),
    currency: r.currency,
    status: r.status,
    declineReason: r.declineReason,
    createdAt: r.createdAt.toISOString(),
    decidedAt: iso(r.decidedAt),
  };
}

/** The customer's own requests of one kind (or the one with `onlyId`), newest first. */
export async function customerRequests(
  deps: AppDeps,
  userId: bigint,
  kind: FundingKind,
  onlyId?: bigint,
): Promise<FundingRequest[]> {
  let query = requestsWithNames(deps.db)
    .where('r.user_id', '=', userId)
    .where('r.kind', '=', kind)
    .orderBy('r.id', 'desc')
    .limit(100);
  if (onlyId !== undefined) query = query.where('r.id', '=', onlyId);
  return (await query.execute()).map(toCustomerView);
}

// ---------------------------------------------------------------------------------------------
// Staff review (funding.review).

/** Subject type of a funding request's proposals (its confirmation for a second person). */
export const FUNDING_SUBJECT = 'funding_request';

/** Staff items of these rows, each with the proposal waiting on it, if any. */
async function staffItems(deps: AppDeps, rows: StaffRow[]): Promise<StaffFundingItem[]> {
  const open = await openProposalsOn(
    deps.db,
    FUNDING_SUBJECT,
    rows.filter((r) => r.status === 'pending').map((r) => String(r.id)),
  );
  return rows.map((r) => toStaffItem(r, open.get(String(r.id)) ?? null));
}

function toStaffItem(r: StaffRow, proposal: OpenProposal | null): StaffFundingItem {
  return {
    id: String(r.id),
    kind: r.kind,
    paidFrom: r.paidFrom,
    type: r.type,
    transactionId: r.transactionId,
    subject: r.subject,
    claimedAmount: String(r.claimedAmount),
    currency: r.currency,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    customer: {
      id: String(r.userId),
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      username: r.username,
    },
    receivedAmount: r.receivedAmount === null ? null : String(r.receivedAmount),
    declineReason: r.declineReason,
    decidedAt: iso(r.decidedAt),
    decidedBy: r.decidedBy,
    sameTransactionIdOn: r.sameTransactionIdOn,
    proposal,
  };
}

/**
 * A tab of the queue: waiting ones oldest first (first come, first served), decided ones newest
 * decision first with who decided; searched by name, email, id or amount; a page at a time.
 */
export async function reviewQueue(
  deps: AppDeps,
  query: StaffFundingQueueQuery,
): Promise<{ items: StaffFundingItem[]; nextCursor: string | null }> {
  const rows = await queuePage(deps.db, {
    status: query.status,
    ...(query.kind === undefined ? {} : { kind: query.kind }),
    ...(query.q === undefined ? {} : { q: query.q }),
    ...(query.amount === undefined ? {} : { amount: query.amount }),
    ...(query.cursor === undefined ? {} : { after: decodeCursor(query.cursor) }),
    limit: query.limit + 1,
  });
  const page = pageOf(rows, query.limit);
  return { items: await staffItems(deps, page.rows), nextCursor: page.nextCursor };
}

/** How many requests wait for review, and since when (the back office's overview). */
export function pendingRequests(deps: AppDeps) {
  return pendingSummary(deps.db);
}

/** A fixed-deposit plan's rate and term: "12 months at 5.25 % a year". */
export function rateAndTerm(terms: {
  termCount: number;
  termUnit: 'days' | 'months';
  rateBp: number;
}) {
  return `${formatTerm(terms.termCount, terms.termUnit)} at ${formatRate(terms.rateBp)} a year`;
}

/** The plan's terms now, to check the amount against, and what the customer asked on if other. */
async function planTermsOf(deps: AppDeps, r: StaffRow): Promise<string | null> {
  const money = (amount: bigint) => formatMoney(amount, r.currency);
  if (r.fdPlanId !== null) {
    const plan = await fixedDepositPlanById(deps.db, r.fdPlanId);
    if (!plan) return null;
    const range =
      plan.maxAmount === null
        ? `from ${money(plan.minAmount)}`
        : `${money(plan.minAmount)} to ${money(plan.maxAmount)}`;
    const now = rateAndTerm(plan);
    const asked =
      r.askedRateBp !== null && r.askedTermCount !== null && r.askedTermUnit !== null
        ? rateAndTerm({
            rateBp: r.askedRateBp,
            termCount: r.askedTermCount,
            termUnit: r.askedTermUnit,
          })
        : now;
    const changed = asked === now ? '' : `; the customer asked on ${asked}`;
    return `${now}, ${range}${plan.active ? '' : ' (retired)'}${changed}`;
  }
  if (r.accountPlanId !== null) {
    const plan = await accountPlanById(deps.db, r.accountPlanId);
    if (!plan) return null;
    return `Price ${money(plan.price)}; service charge ${formatRate(plan.serviceChargeBp)}; daily transfer limit ${money(plan.dailyTransferLimit)}; authorization code from ${money(plan.stepUpThreshold)}`;
  }
  return null;
}

/** The claim in the coin, at the rate the catalog had when the customer asked (decision 27). */
function coinQuoteOf(r: StaffRow): StaffFundingRequest['coinQuote'] {
  if (r.coinRate === null || r.coinSymbol === null || r.coinDecimals === null) return null;
  if (r.coinRateSetAt === null) return null;
  const rate = {
    perCoin: normalRate(r.coinRate),
    symbol: r.coinSymbol,
    decimals: r.coinDecimals,
    setAt: new Date(r.coinRateSetAt).toISOString(),
  };
  const amount = coinAmountText(r.claimedAmount, rate);
  return amount === null ? null : { amount, perCoin: rate.perCoin, setAt: rate.setAt };
}

export async function requestForReview(deps: AppDeps, id: bigint): Promise<StaffFundingRequest> {
  const r = await withCustomer(deps.db).where('r.id', '=', id).executeTakeFirst();
  if (!r) throw new AppError('NOT_FOUND', 'No such request');
  const [item] = await staffItems(deps, [r]);
  return {
    ...(item as StaffFundingItem),
    payToAddress: r.payToAddress,
    network: r.network,
    proofMime: r.proofMime,
    coinQuote: coinQuoteOf(r),
    planTerms: await planTermsOf(deps, r),
    dualControlThreshold: String(await dualControlThreshold(deps.db)),
  };
}

/** The proof, for a reviewer; each view is audited. */
export async function readProof(deps: AppDeps, id: bigint, actor: StaffActor) {
  const proof = await proofOf(deps.db, id);
  if (!proof) throw new AppError('NOT_FOUND', 'No such request');
  if (proof.key === null || proof.mime === null) {
    throw new AppError('NOT_FOUND', 'This request was paid from the balance: it has no proof.');
  }
  const data = await deps.files.read(proof.key);
  await deps.audit(deps.db, {
    action: 'funding.view_proof',
    actor,
    targetId: String(id),
    customerId: proof.userId,
  });
  return { data, mime: proof.mime, extension: proof.mime === 'image/jpeg' ? 'jpg' : 'webp' };
}

/** A customer's requests of every kind, newest first, a page at a time (the customer page). */
export async function requestsOfCustomer(
  deps: AppDeps,
  userId: bigint,
  page: { before?: bigint | undefined; limit: number },
): Promise<{ items: FundingRequest[]; nextCursor: string | null }> {
  let query = requestsWithNames(deps.db)
    .where('r.user_id', '=', userId)
    .orderBy('r.id', 'desc')
    .limit(page.limit + 1);
  if (page.before !== undefined) query = query.where('r.id', '<', page.before);
  const rows = await query.execute();
  const items = rows.slice(0, page.limit).map(toCustomerView);
  return { items, nextCursor: rows.length > page.limit ? (items.at(-1)?.id ?? null) : null };
}
