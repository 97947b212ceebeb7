import type { Kysely } from 'kysely';
import { formatMoney, type FundingKind, type StaffFundingRequest } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import type { FundingRequestsTable } from '../../db/tables/funding.js';
import { ensureInternalAccounts, postEntry } from '../../ledger/index.js';
import type { StaffActor } from '../../platform/audit.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { currentPlanOf } from '../catalog/index.js';
import { openFixedDeposit, readableDay } from '../fixed-deposits/index.js';
import { users } from '../users/index.js';
import { KIND_LABEL } from './labels.js';
import { rateAndTerm, requestForReview, requestsWithNames } from './views.js';

/**
 * Staff decide a pending request once: confirmed with the amount actually received (which posts
 * the one ledger entry it moves money by, decision 18's table) or declined with a reason. The
 * decision is taken under the request's row lock with its status checked, so two staff deciding
 * at once get one decision and one 409.
 */

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
type Names = { type: string; subject: string | null };

/** Refused with a 409: the request cannot be confirmed as it stands, only declined. */
const declineInstead = (why: string) =>
  new AppError('CONFLICT', `${why} Decline the request; the money goes back outside the app.`);

/**
 * The fixed-deposit plan, held (FOR SHARE) until the decision commits, so that an edit waits;
 * refused when its rate or term is no longer what the customer asked on.
 */
async function planAskedFor(trx: Kysely<DB>, row: Pending) {
  const plan = await trx
    .selectFrom('fixed_deposit_plans')
    .select(['id', 'name', 'rate_bp as rateBp', 'term_count as termCount', 'term_unit as termUnit'])
    .where('id', '=', row.fd_plan_id as bigint)
    .forShare()
    .executeTakeFirst();
  if (!plan) throw declineInstead('The plan of this request no longer exists.');
  if (row.fd_rate_bp !== null && row.fd_term_count !== null && row.fd_term_unit !== null) {
    const asked = rateAndTerm({
      rateBp: row.fd_rate_bp,
      termCount: row.fd_term_count,
      termUnit: row.fd_term_unit,
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
async function switchPlan(
  deps: AppDeps,
  trx: Kysely<DB>,
  row: Pending,
  received: bigint,
  actor: StaffActor,
) {
  await trx.selectFrom('users').select('id').where('id', '=', row.user_id).forUpdate().execute();
  const plan = await trx
    .selectFrom('account_plans')
    .select(['id', 'name', 'price'])
    .where('id', '=', row.account_plan_id as bigint)
    .forShare()
    .executeTakeFirst();
  if (!plan) throw declineInstead('The plan of this request no longer exists.');
  const before = await currentPlanOf(trx, row.user_id);
  if (before.id === plan.id) {
    throw declineInstead(`The customer is on the ${plan.name} plan already.`);
  }
  if (received < plan.price) {
    throw fieldError(
      'body.receivedAmount',
      `The ${plan.name} plan costs ${formatMoney(plan.price, row.currency)}: decline the request if less arrived`,
    );
  }
  return {
    plan,
    async apply() {
      await trx
        .updateTable('users')
        .set({ plan_id: plan.id })
        .where('id', '=', row.user_id)
        .execute();
      await deps.audit(trx, {
        actorId: actor.userId,
        action: 'plan.change',
        targetType: 'user',
        targetId: String(row.user_id),
        before: { plan: before.name, planId: String(before.id) },
        after: { plan: plan.name, planId: String(plan.id), fundingRequest: String(row.id) },
        ip: actor.ip,
        userAgent: actor.userAgent,
      });
    },
  };
}

/** Posts what a confirmed request moves and returns the entry's id. */
async function postConfirmed(
  deps: AppDeps,
  trx: Kysely<DB>,
  row: Pending,
  received: bigint,
  names: Names,
  actor: StaffActor,
): Promise<bigint> {
  const currency = row.currency;
  const staff = `staff:${actor.userId}`;
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
      return fromClearing(async () => {
        const current = await trx
          .selectFrom('ledger_accounts')
          .select('id')
          .where('owner_id', '=', row.user_id)
          .where('kind', '=', 'customer_current')
          .where('currency', '=', currency)
          .executeTakeFirst();
        if (!current) throw new AppError('CONFLICT', "The customer's account is not open.");
        return current.id;
      }, `Crypto deposit (${names.type})`);
    case 'payment':
      return fromClearing(
        (internal) => internal.fee_income.id,
        `Payment (${names.subject ?? 'to the bank'}), by ${names.type}`,
      );
    case 'upgrade': {
      const upgrade = await switchPlan(deps, trx, row, received, actor);
      const entryId = await fromClearing(
        (internal) => internal.fee_income.id,
        `Upgrade to the ${upgrade.plan.name} plan, by ${names.type}`,
      );
      await upgrade.apply();
      return entryId;
    }
    case 'fixed_deposit': {
      const plan = await planAskedFor(trx, row);
      try {
        const opened = await openFixedDeposit(trx, deps, {
          userId: row.user_id,
          planId: plan.id,
          principal: received,
          funding: { kind: 'crypto', requestId: row.id, actor: staff },
        });
        return opened.entryId;
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

/** What the customer is told: the claim and what arrived when they differ, and what follows. */
function confirmedText(
  row: Pick<FundingRequestsTable, 'kind' | 'currency'> & { id: bigint; claimed: bigint },
  received: bigint,
  names: Names,
  decidedAt: Date,
) {
  const money = (m: bigint) => formatMoney(m, row.currency);
  const amounts =
    row.claimed === received
      ? `${money(received)} arrived`
      : `You told us ${money(row.claimed)}; ${money(received)} arrived, and that is the amount we used`;
  const kinds: Record<FundingKind, string> = {
    deposit: `Your crypto deposit in ${names.type} is confirmed. ${amounts}, and it is now in your account.`,
    payment: [
      `Your payment is confirmed. ${amounts}. This is your receipt.`,
      `Purpose: ${names.subject ?? 'payment to the bank'}.`,
      `Amount received: ${money(received)} in ${names.type}.`,
      `Date: ${readableDay(decidedAt.toISOString().slice(0, 10))}.`,
      `Reference: payment ${row.id}.`,
    ].join(' '),
    fixed_deposit: `Your fixed deposit on the ${names.subject ?? ''} plan is confirmed. ${amounts}, and your fixed deposit has started with it.`,
    upgrade: `Your upgrade to the ${names.subject ?? ''} plan is confirmed. ${amounts}, and your new plan applies from now on.`,
  };
  return kinds[row.kind];
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
    const entryId = await postConfirmed(deps, trx, row, received, names, actor);
    const decidedAt = deps.clock.now();
    const decided = await trx
      .updateTable('funding_requests')
      .set({
        status: 'confirmed',
        received_amount: received,
        decided_by: actor.userId,
        decided_at: decidedAt,
        entry_id: entryId,
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
        entryId: String(entryId),
      },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    const user = await users.findUserById(trx, row.user_id);
    await deps.notifications.notify(trx, {
      userId: row.user_id,
      kind: 'funding.confirmed',
      title: row.kind === 'payment' ? 'Payment receipt' : `${KIND_LABEL[row.kind]} confirmed`,
      body: confirmedText({ ...row, claimed: row.claimed_amount }, received, names, decidedAt),
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
      .where('status', '=', 'pending')
      .execute();
    await deps.audit(trx, {
      actorId: actor.userId,
      action: 'funding.decline',
      targetType: 'funding_request',
      targetId: String(id),
      before: { status: 'pending', claimedAmount: String(row.claimed_amount) },
      after: { status: 'declined', claimedAmount: String(row.claimed_amount), reason },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    const user = await users.findUserById(trx, row.user_id);
    const what = KIND_LABEL[row.kind];
    await deps.notifications.notify(trx, {
      userId: row.user_id,
      kind: 'funding.declined',
      title: `${what} declined`,
      body: `Your ${what.toLowerCase()} of ${formatMoney(row.claimed_amount, row.currency)} was declined: ${reason}`,
      ...(user ? { email: { to: user.email, firstName: user.firstName } } : {}),
    });
  });
  return requestForReview(deps, id);
}
