import { sql, type Kysely } from 'kysely';
import {
  PROOF_MAX_FILE_BYTES,
  formatMoney,
  type FundingKind,
  type FundingRequest,
  type FundingStatus,
  type Product,
  type StaffFundingItem,
  type StaffFundingRequest,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import { ensureInternalAccounts, postEntry, type PostedEntry } from '../../ledger/index.js';
import type { StaffActor } from '../../platform/audit.js';
import { AppError, fieldError } from '../../platform/errors.js';
import {
  acceptUpload,
  registerStoredFile,
  type AcceptedFile,
  type UploadedPart,
} from '../../platform/files/index.js';
import { availabilityFor } from '../availability/service.js';
import {
  accountPlanById,
  currentPlanOf,
  fixedDepositPlanById,
  offeredAccountPlan,
  offeredCryptoType,
  offeredFixedDepositPlan,
  offeredPaymentPurpose,
} from '../catalog/index.js';
import { openFixedDeposit } from '../fixed-deposits/index.js';
import { users } from '../users/index.js';

/**
 * Crypto-paid requests (spec: newcd, newmpc, newfdc, newupgrade) and their review. A request is
 * stored with its proof and waits; a staff member confirms it with the amount actually received
 * (which posts the one ledger entry it moves money by) or declines it with a reason. Decided
 * once: under the row's lock, with its status checked (decision 18).
 */

export const PRODUCT_OF: Record<FundingKind, Product> = {
  deposit: 'crypto_deposit',
  payment: 'make_payment',
  fixed_deposit: 'fixed_deposit',
  upgrade: 'upgrade',
};

const KIND_LABEL: Record<FundingKind, string> = {
  deposit: 'Crypto deposit',
  payment: 'Payment',
  fixed_deposit: 'Fixed deposit',
  upgrade: 'Account upgrade',
};

export interface NewRequest {
  kind: FundingKind;
  type: string;
  amount: bigint;
  /** The purpose (payment) or the plan (fixed deposit, upgrade). */
  subject?: string;
}

const percent = (bp: number) => `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')} %`;

/** What the request is about, checked against the catalog as it stands now. */
async function checkSubject(deps: AppDeps, userId: bigint, input: NewRequest) {
  const currency = deps.config.currency;
  const subjectId = input.subject ? BigInt(input.subject) : 0n;
  switch (input.kind) {
    case 'deposit':
      return {};
    case 'payment': {
      const purpose = await offeredPaymentPurpose(deps.db, subjectId);
      if (!purpose) throw fieldError('body.purpose', 'Choose a purpose from the list');
      return { purpose_id: purpose.id };
    }
    case 'fixed_deposit': {
      const plan = await offeredFixedDepositPlan(deps.db, subjectId);
      if (!plan) throw fieldError('body.plan', 'Choose a plan from the list');
      if (input.amount < plan.minAmount) {
        throw fieldError(
          'body.amount',
          `The ${plan.name} plan starts at ${formatMoney(plan.minAmount, currency)}`,
        );
      }
      if (plan.maxAmount !== null && input.amount > plan.maxAmount) {
        throw fieldError(
          'body.amount',
          `The ${plan.name} plan takes at most ${formatMoney(plan.maxAmount, currency)}`,
        );
      }
      return { fd_plan_id: plan.id };
    }
    case 'upgrade': {
      const plan = await offeredAccountPlan(deps.db, subjectId);
      if (!plan) throw fieldError('body.plan', 'Choose a plan from the list');
      const current = await currentPlanOf(deps.db, userId);
      if (plan.id === current.id) throw fieldError('body.plan', 'You are on this plan already');
      if (plan.isDefault) {
        throw fieldError('body.plan', 'Every account has this plan to begin with: choose another');
      }
      return { account_plan_id: plan.id };
    }
  }
}

/**
 * Takes a customer's request with its proof. Everything is checked before anything is kept: the
 * region, the account, the catalog entries, the amount, then the file (by its content, images
 * re-encoded, an SVG rasterized). The file and the row are kept together or not at all.
 */
export async function submitRequest(
  deps: AppDeps,
  userId: bigint,
  input: NewRequest,
  proof: UploadedPart | undefined,
  proofField: string,
): Promise<FundingRequest> {
  const standing = await users.kycStanding(deps.db, userId);
  if (standing?.kycStatus !== 'approved') {
    throw new AppError('FORBIDDEN', 'Your identity check must be approved first.');
  }
  const { available } = await availabilityFor(deps, userId);
  if (!available[PRODUCT_OF[input.kind]]) {
    throw new AppError('FORBIDDEN', 'Not available for your region');
  }
  const account = await deps.db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('owner_id', '=', userId)
    .where('kind', '=', 'customer_current')
    .executeTakeFirst();
  if (!account) throw new AppError('CONFLICT', 'Your account is not open yet.');
  const type = await offeredCryptoType(deps.db, BigInt(input.type));
  if (!type) throw fieldError('body.type', 'Choose a crypto type from the list');
  const subject = await checkSubject(deps, userId, input);
  if (!proof) throw fieldError(`body.${proofField}`, 'Attach the proof of payment');

  let file: AcceptedFile;
  try {
    file = await acceptUpload({
      data: proof.data,
      fileName: proof.fileName,
      maxBytes: PROOF_MAX_FILE_BYTES,
      allowed: ['jpeg', 'png', 'webp', 'gif', 'svg'],
    });
  } catch (error) {
    if (error instanceof AppError) throw fieldError(`body.${proofField}`, error.message);
    throw error;
  }
  if (file.mime === 'application/pdf') {
    throw fieldError(`body.${proofField}`, 'Upload a picture of the payment');
  }
  const stored = await deps.files.put(file);
  try {
    const id = await deps.db.transaction().execute(async (trx) => {
      await registerStoredFile(trx, {
        key: stored.key,
        purpose: 'funding_proof',
        bytes: file.bytes,
        sha256: file.sha256,
      });
      const row = await trx
        .insertInto('funding_requests')
        .values({
          user_id: userId,
          kind: input.kind,
          crypto_type_id: type.id,
          pay_to_address: type.address,
          ...subject,
          claimed_amount: input.amount,
          currency: deps.config.currency,
          proof_key: stored.key,
          proof_mime: file.mime as 'image/jpeg' | 'image/webp',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await deps.notifications.notify(trx, {
        userId,
        kind: 'funding.received',
        title: `${KIND_LABEL[input.kind]} received`,
        body: `We received your ${KIND_LABEL[input.kind].toLowerCase()} of ${formatMoney(input.amount, deps.config.currency)} in ${type.name}. It is pending until we confirm the payment arrived; we will tell you as soon as it is decided.`,
      });
      return row.id;
    });
    const [created] = await customerRequests(deps, userId, input.kind, id);
    if (!created) throw new AppError('INTERNAL', 'The request was not found after saving');
    return created;
  } catch (error) {
    await deps.files.remove(stored.key).catch(() => undefined);
    throw error;
  }
}

function requestsWithNames(db: Kysely<DB>) {
  return db
    .selectFrom('funding_requests as r')
    .innerJoin('crypto_types as t', 't.id', 'r.crypto_type_id')
    .leftJoin('payment_purposes as pp', 'pp.id', 'r.purpose_id')
    .leftJoin('fixed_deposit_plans as fp', 'fp.id', 'r.fd_plan_id')
    .leftJoin('account_plans as ap', 'ap.id', 'r.account_plan_id')
    .select([
      'r.id',
      'r.user_id as userId',
      'r.kind',
      't.name as type',
      't.network',
      sql<string | null>`coalesce(pp.name, fp.name, ap.name)`.as('subject'),
      'r.claimed_amount as claimedAmount',
      'r.received_amount as receivedAmount',
      'r.currency',
      'r.status',
      'r.decline_reason as declineReason',
      'r.created_at as createdAt',
      'r.decided_at as decidedAt',
      'r.pay_to_address as payToAddress',
      'r.proof_mime as proofMime',
      'r.fd_plan_id as fdPlanId',
      'r.account_plan_id as accountPlanId',
      'r.decided_by as decidedById',
    ]);
}

type RequestRow = Awaited<
  ReturnType<ReturnType<typeof requestsWithNames>['executeTakeFirstOrThrow']>
>;

function toCustomerView(r: RequestRow): FundingRequest {
  return {
    id: String(r.id),
    kind: r.kind,
    type: r.type,
    subject: r.subject,
    claimedAmount: String(r.claimedAmount),
    receivedAmount: r.receivedAmount === null ? null : String(r.receivedAmount),
    currency: r.currency,
    status: r.status,
    declineReason: r.declineReason,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt ? new Date(r.decidedAt).toISOString() : null,
  };
}

/** The customer's own requests of one kind (or one of them), newest first. */
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

function withCustomer(db: Kysely<DB>) {
  return requestsWithNames(db)
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('users as d', 'd.id', 'r.decided_by')
    .select([
      'u.first_name as firstName',
      'u.last_name as lastName',
      'u.email',
      'u.username',
      sql<string | null>`d.first_name || ' ' || d.last_name`.as('decidedBy'),
    ]);
}
type StaffRow = Awaited<ReturnType<ReturnType<typeof withCustomer>['executeTakeFirstOrThrow']>>;

function toStaffItem(r: StaffRow): StaffFundingItem {
  return {
    id: String(r.id),
    kind: r.kind,
    type: r.type,
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
  };
}

export async function reviewQueue(
  deps: AppDeps,
  status: FundingStatus,
): Promise<StaffFundingItem[]> {
  const rows = await withCustomer(deps.db)
    .where('r.status', '=', status)
    // Waiting ones oldest first (first come, first served); decided ones newest first.
    .orderBy('r.id', status === 'pending' ? 'asc' : 'desc')
    .limit(200)
    .execute();
  return rows.map(toStaffItem);
}

async function planTermsOf(deps: AppDeps, r: StaffRow): Promise<string | null> {
  const currency = r.currency;
  if (r.fdPlanId !== null) {
    const plan = await fixedDepositPlanById(deps.db, r.fdPlanId);
    if (!plan) return null;
    const range =
      plan.maxAmount === null
        ? `from ${formatMoney(plan.minAmount, currency)}`
        : `${formatMoney(plan.minAmount, currency)} to ${formatMoney(plan.maxAmount, currency)}`;
    return `${plan.termCount} ${plan.termUnit} at ${percent(plan.rateBp)} a year, ${range}${plan.active ? '' : ' (retired)'}`;
  }
  if (r.accountPlanId !== null) {
    const plan = await accountPlanById(deps.db, r.accountPlanId);
    if (!plan) return null;
    return `Price ${formatMoney(plan.price, currency)}; service charge ${percent(plan.serviceChargeBp)}; daily transfer limit ${formatMoney(plan.dailyTransferLimit, currency)}; authorization code from ${formatMoney(plan.stepUpThreshold, currency)}`;
  }
  return null;
}

export async function requestForReview(deps: AppDeps, id: bigint): Promise<StaffFundingRequest> {
  const r = await withCustomer(deps.db).where('r.id', '=', id).executeTakeFirst();
  if (!r) throw new AppError('NOT_FOUND', 'No such request');
  return {
    ...toStaffItem(r),
    payToAddress: r.payToAddress,
    network: r.network,
    receivedAmount: r.receivedAmount === null ? null : String(r.receivedAmount),
    declineReason: r.declineReason,
    decidedAt: r.decidedAt ? new Date(r.decidedAt).toISOString() : null,
    decidedBy: r.decidedBy,
    proofMime: r.proofMime,
    planTerms: await planTermsOf(deps, r),
  };
}

/** The proof, for a reviewer; each view is audited. */
export async function readProof(deps: AppDeps, id: bigint, actor: StaffActor) {
  const row = await deps.db
    .selectFrom('funding_requests')
    .select(['proof_key', 'proof_mime'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No such request');
  const data = await deps.files.read(row.proof_key);
  await deps.audit(deps.db, {
    actorId: actor.userId,
    action: 'funding.view_proof',
    targetType: 'funding_request',
    targetId: String(id),
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
  return {
    data,
    mime: row.proof_mime,
    extension: row.proof_mime === 'image/jpeg' ? 'jpg' : 'webp',
  };
}

const ALREADY_DECIDED = 'This request was already decided.';

async function lockPending(trx: Kysely<DB>, id: bigint) {
  const row = await trx
    .selectFrom('funding_requests')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No such request');
  if (row.status !== 'pending') throw new AppError('CONFLICT', ALREADY_DECIDED);
  return row;
}

type Pending = Awaited<ReturnType<typeof lockPending>>;

/** Posts what a confirmed request moves (decision 18's table) and returns the entry. */
async function postConfirmed(
  deps: AppDeps,
  trx: Kysely<DB>,
  row: Pending,
  received: bigint,
  names: { type: string; subject: string | null },
  actor: StaffActor,
): Promise<PostedEntry> {
  const currency = row.currency;
  const internal = await ensureInternalAccounts(trx, currency);
  const key = `funding:${row.id}`;
  const staff = `staff:${actor.userId}`;
  const move = (to: bigint, memo: string) =>
    postEntry(trx, {
      idempotencyKey: key,
      kind: `funding_${row.kind}`,
      memo,
      actor: staff,
      postings: [
        { accountId: internal.crypto_deposit_clearing.id, amount: -received, currency },
        { accountId: to, amount: received, currency },
      ],
    });
  switch (row.kind) {
    case 'deposit': {
      const current = await trx
        .selectFrom('ledger_accounts')
        .select('id')
        .where('owner_id', '=', row.user_id)
        .where('kind', '=', 'customer_current')
        .executeTakeFirst();
      if (!current) throw new AppError('CONFLICT', "The customer's account is not open.");
      return move(current.id, `Crypto deposit (${names.type})`);
    }
    case 'payment':
      return move(internal.fee_income.id, `Payment to the bank: ${names.subject ?? ''}`.trim());
    case 'upgrade': {
      const plan = await accountPlanById(trx, row.account_plan_id as bigint);
      if (!plan) throw new AppError('CONFLICT', 'The plan of this request no longer exists.');
      if (received < plan.price) {
        throw fieldError(
          'body.receivedAmount',
          `The ${plan.name} plan costs ${formatMoney(plan.price, currency)}: decline the request if less arrived`,
        );
      }
      const entry = await move(internal.fee_income.id, `Upgrade to the ${plan.name} plan`);
      const before = await currentPlanOf(trx, row.user_id);
      await trx
        .updateTable('users')
        .set({ plan_id: plan.id })
        .where('id', '=', row.user_id)
        .execute();
      await deps.audit(trx, {
        actorId: actor.userId,
        action: 'customer.plan.change',
        targetType: 'user',
        targetId: String(row.user_id),
        before: { plan: before.name },
        after: { plan: plan.name, fundingRequest: String(row.id) },
        ip: actor.ip,
        userAgent: actor.userAgent,
      });
      return entry;
    }
    case 'fixed_deposit': {
      try {
        const opened = await openFixedDeposit(trx, deps, {
          userId: row.user_id,
          planId: row.fd_plan_id as bigint,
          principal: received,
          funding: { kind: 'crypto', requestId: row.id, actor: staff },
        });
        return { entryId: opened.entryId } as PostedEntry;
      } catch (error) {
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

function confirmedText(kind: FundingKind, claimed: bigint, received: bigint, currency: string) {
  const money = (m: bigint) => formatMoney(m, currency);
  const what = KIND_LABEL[kind].toLowerCase();
  const amounts =
    claimed === received
      ? `${money(received)} arrived`
      : `You told us ${money(claimed)}; ${money(received)} arrived, and that is the amount we used`;
  switch (kind) {
    case 'deposit':
      return `Your ${what} is confirmed. ${amounts}, and it is now in your account.`;
    case 'payment':
      return `Your payment is confirmed. ${amounts}. This is your receipt.`;
    case 'fixed_deposit':
      return `Your fixed deposit is confirmed. ${amounts}, and your fixed deposit has started.`;
    case 'upgrade':
      return `Your upgrade is confirmed. ${amounts}, and your new plan applies from now on.`;
  }
}

/**
 * Confirms a pending request with the amount that actually arrived: one transaction locks the
 * request, posts its entry, records the decision, writes the audit log and tells the customer
 * (in the app and by email) both the claim and what arrived.
 */
export async function confirmRequest(
  deps: AppDeps,
  id: bigint,
  received: bigint,
  actor: StaffActor,
): Promise<StaffFundingRequest> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockPending(trx, id);
    const names = await requestsWithNames(trx).where('r.id', '=', id).executeTakeFirstOrThrow();
    const entry = await postConfirmed(deps, trx, row, received, names, actor);
    const decided = await trx
      .updateTable('funding_requests')
      .set({
        status: 'confirmed',
        received_amount: received,
        decided_by: actor.userId,
        decided_at: deps.clock.now(),
        entry_id: entry.entryId,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (decided.numUpdatedRows !== 1n) throw new AppError('CONFLICT', ALREADY_DECIDED);
    await deps.audit(trx, {
      actorId: actor.userId,
      action: 'funding.confirm',
      targetType: 'funding_request',
      targetId: String(id),
      before: { status: 'pending', claimedAmount: String(row.claimed_amount) },
      after: {
        status: 'confirmed',
        claimedAmount: String(row.claimed_amount),
        receivedAmount: String(received),
        entryId: String(entry.entryId),
      },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    const user = await users.findUserById(trx, row.user_id);
    const subject = names.subject ? ` (${names.subject})` : '';
    const receipt =
      row.kind === 'payment'
        ? ` Reference: payment ${id}${subject}, ${deps.clock.now().toISOString().slice(0, 10)}.`
        : '';
    await deps.notifications.notify(trx, {
      userId: row.user_id,
      kind: 'funding.confirmed',
      title: row.kind === 'payment' ? 'Payment receipt' : `${KIND_LABEL[row.kind]} confirmed`,
      body: confirmedText(row.kind, row.claimed_amount, received, row.currency) + receipt,
      ...(user ? { email: { to: user.email, firstName: user.firstName } } : {}),
    });
  });
  return requestForReview(deps, id);
}

/** Declines a pending request with a reason the customer reads; nothing moves. */
export async function declineRequest(
  deps: AppDeps,
  id: bigint,
  reason: string,
  actor: StaffActor,
): Promise<StaffFundingRequest> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockPending(trx, id);
    await trx
      .updateTable('funding_requests')
      .set({
        status: 'declined',
        decline_reason: reason,
        decided_by: actor.userId,
        decided_at: deps.clock.now(),
      })
      .where('id', '=', id)
      .execute();
    await deps.audit(trx, {
      actorId: actor.userId,
      action: 'funding.decline',
      targetType: 'funding_request',
      targetId: String(id),
      before: { status: 'pending', claimedAmount: String(row.claimed_amount) },
      after: { status: 'declined', reason },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    const user = await users.findUserById(trx, row.user_id);
    await deps.notifications.notify(trx, {
      userId: row.user_id,
      kind: 'funding.declined',
      title: `${KIND_LABEL[row.kind]} declined`,
      body: `Your ${KIND_LABEL[row.kind].toLowerCase()} of ${formatMoney(row.claimed_amount, row.currency)} was declined: ${reason}`,
      ...(user ? { email: { to: user.email, firstName: user.firstName } } : {}),
    });
  });
  return requestForReview(deps, id);
}
