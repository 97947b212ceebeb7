import type { Kysely } from 'kysely';
import { formatMoney, type FundingRequest } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import { currentAccountOf, ensureInternalAccounts, postEntry } from '../../ledger/index.js';
import type { Actor } from '../../platform/audit/index.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { availabilityFor } from '../availability/index.js';
import {
  accountPlanById,
  currentPlanOf,
  offeredAccountPlan,
  offeredPaymentPurpose,
} from '../catalog/index.js';
import { verifyPin } from '../pin/index.js';
import { refuseUnlessPayer, users } from '../users/index.js';
import { PRODUCT_OF, rowId } from './labels.js';
import { insertRequest, requestByClientKey } from './repo.js';
import { refuseWhileUpgradeWaits } from './submit.js';
import { customerRequests } from './views.js';

/**
 * A payment to the bank or an upgrade paid from the available balance (decision 27; beyond the
 * spec, PRODUCT.md): one ledger entry from the customer's current account to the bank's fee
 * income, in the transaction that records the request as confirmed and, for an upgrade, switches
 * the plan. Authorized by the transaction PIN, through the one PIN check, as a transfer is. The
 * same checks as a transfer's submission, under the customer's row lock: the restriction notice,
 * the identity check, a freeze of debits, the balance (the ledger refuses below zero); the
 * client's key makes it idempotent.
 */

export interface BalancePayment {
  kind: 'payment' | 'upgrade';
  /** The purpose (payment) or the plan (upgrade), as sent. */
  subject: string;
  /** The amount (a payment), or the plan's price as the customer saw it (an upgrade). */
  amount: bigint;
  idempotencyKey: string;
  /** The transaction PIN the customer typed to authorize it. */
  pin: string;
}

/** Who pays, and from where: what the PIN check records of a wrong PIN. */
export interface Payer {
  userId: bigint;
  ip: string;
  userAgent: string;
}

const OTHER_DETAILS = 'This request was already made with other details.';

/** What the payment is for, checked against the catalog under the customer's lock. */
async function subjectOf(trx: Kysely<DB>, userId: bigint, input: BalancePayment, currency: string) {
  const subjectId = rowId(input.subject);
  if (input.kind === 'payment') {
    const purpose = subjectId && (await offeredPaymentPurpose(trx, subjectId));
    if (!purpose) throw fieldError('body.purpose', 'Choose a purpose from the list');
    return {
      columns: { purpose_id: purpose.id },
      name: purpose.name,
      memo: `Payment (${purpose.name})`,
      plan: null,
    };
  }
  // Held FOR SHARE: the price checked is the price charged, whatever staff do meanwhile.
  const plan = subjectId && (await accountPlanById(trx, subjectId, { hold: true }));
  if (!plan || !(await offeredAccountPlan(trx, plan.id))) {
    throw fieldError('body.plan', 'Choose a plan from the list');
  }
  if (plan.isDefault) {
    throw fieldError('body.plan', 'Every account has this plan to begin with: choose another');
  }
  const before = await currentPlanOf(trx, userId);
  if (before.id === plan.id) throw fieldError('body.plan', 'You are on this plan already');
  if (plan.price === 0n) {
    throw fieldError(
      'body.plan',
      `The ${plan.name} plan has no price, so there is nothing to pay: ask us through Help & Support to move you to it`,
    );
  }
  if (input.amount !== plan.price) {
    throw fieldError(
      'body.amount',
      `The ${plan.name} plan costs ${formatMoney(plan.price, currency)} now: check the price and pay again`,
    );
  }
  await refuseWhileUpgradeWaits(trx, userId);
  return {
    columns: { account_plan_id: plan.id },
    name: plan.name,
    memo: `Upgrade to the ${plan.name} plan`,
    plan: { before, after: plan },
  };
}

/**
 * The payment this client key made already, if any: the same details answer it, other details
 * are refused (409).
 */
async function paidBefore(db: Kysely<DB>, userId: bigint, input: BalancePayment) {
  const earlier = await requestByClientKey(db, userId, input.idempotencyKey);
  if (!earlier) return undefined;
  const subjectId = earlier.purposeId ?? earlier.accountPlanId;
  if (
    earlier.kind !== input.kind ||
    subjectId !== rowId(input.subject) ||
    earlier.amount !== input.amount
  ) {
    throw new AppError('CONFLICT', OTHER_DETAILS);
  }
  return earlier.id;
}

/**
 * Pays (once per client key) and answers the request as recorded: a replay of the same key and
 * details answers the first payment; the same key with other details is refused (409).
 *
 * The PIN is checked by the one PIN check after the customer's standing and before the payment's
 * transaction: a wrong PIN is counted (and committed) while nothing else is written, a paused PIN
 * is refused as at a transfer's PIN step. A key that paid already is answered before the PIN is
 * looked at: a retry moves nothing, so it costs no PIN try, and answering it whatever PIN it
 * carries tells nothing about the PIN.
 */
export async function payFromBalance(
  deps: AppDeps,
  payer: Payer,
  input: BalancePayment,
  actor: Actor,
): Promise<FundingRequest> {
  const { userId } = payer;
  const { available } = await availabilityFor(deps, userId);
  if (!available[PRODUCT_OF[input.kind]]) {
    throw new AppError('FORBIDDEN', 'Not available for your region');
  }
  let id = await paidBefore(deps.db, userId, input);
  if (id === undefined) {
    await refuseUnlessPayer(deps.db, userId, input.kind);
    await verifyPin(deps, payer, input.pin);
    id = await pay(deps, userId, input, actor);
  }
  const [paid] = await customerRequests(deps, userId, input.kind, id);
  if (!paid) throw new AppError('INTERNAL', 'The payment was not found after saving');
  return paid;
}

/** The payment itself, in one transaction under the customer's row lock: its request's id. */
function pay(deps: AppDeps, userId: bigint, input: BalancePayment, actor: Actor) {
  const currency = deps.config.currency;
  return deps.db.transaction().execute(async (trx) => {
    // Locked first: a request with the same key sent at the same moment waits here, then finds
    // the payment the first one made.
    // The customer's row, FOR NO KEY UPDATE as a transfer's submission holds it: one customer's
    // payments wait in line, and a freeze or restriction set meanwhile either committed before
    // (and refuses) or waits.
    await users.customerStanding(trx, userId, { lock: true });
    const earlier = await paidBefore(trx, userId, input);
    if (earlier !== undefined) return earlier;
    await refuseUnlessPayer(trx, userId, input.kind);
    const account = await currentAccountOf(trx, userId, currency);
    if (!account) throw new AppError('CONFLICT', 'Your account is not open yet.');
    const subject = await subjectOf(trx, userId, input, currency);
    const internal = await ensureInternalAccounts(trx, currency);
    let entryId: bigint;
    try {
      ({ entryId } = await postEntry(trx, {
        idempotencyKey: `funding-balance:${userId}:${input.idempotencyKey}`,
        kind: `funding_${input.kind}`,
        memo: subject.memo,
        actor: `customer:${userId}`,
        postings: [
          { accountId: account.id, amount: -input.amount, currency },
          { accountId: internal.fee_income.id, amount: input.amount, currency },
        ],
      }));
    } catch (error) {
      if (error instanceof AppError && error.code === 'LEDGER_INSUFFICIENT_FUNDS') {
        throw fieldError('body.amount', 'Insufficient balance');
      }
      throw error;
    }
    const at = deps.clock.now();
    const requestId = await insertRequest(trx, {
      user_id: userId,
      kind: input.kind,
      paid_from: 'balance',
      client_key: input.idempotencyKey,
      ...subject.columns,
      claimed_amount: input.amount,
      received_amount: input.amount,
      currency,
      status: 'confirmed',
      decided_at: at,
      entry_id: entryId,
    });
    await deps.notifications.send(trx, userId, 'funding.paid_from_balance', {
      kind: input.kind,
      requestId,
      subject: subject.name,
      amount: input.amount,
      currency,
      paidOn: at.toISOString().slice(0, 10),
    });
    if (subject.plan) {
      // The plan applies at once, in the transaction of the payment; audited last (its chain lock).
      const { before, after } = subject.plan;
      await users.setPlan(trx, userId, after.id);
      await deps.audit(trx, {
        action: 'plan.change',
        actor,
        targetId: String(userId),
        customerId: userId,
        before: { plan: before.name, planId: String(before.id) },
        after: { plan: after.name, planId: String(after.id), fundingRequest: String(requestId) },
      });
    }
    return requestId;
  });
}
