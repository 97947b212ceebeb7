import type { Kysely } from 'kysely';
import type { FixedDeposit } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import {
  currentAccountOf,
  ensureInternalAccounts,
  findEntryId,
  openCustomerAccount,
  postEntry,
} from '../../ledger/index.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { availabilityFor } from '../availability/index.js';
import { fixedDepositPlanById } from '../catalog/index.js';
import { verifyPin } from '../pin/index.js';
import { refuseUnlessPayer, users } from '../users/index.js';
import { utcDay } from './interest.js';
import { listFixedDeposits } from './read.js';
import { depositOpenedBy, idFrom, insertDeposit, lockOpeningKey } from './repo.js';
import { amountRefusal, termsFor } from './terms.js';

export type FixedDepositFunding =
  /** A confirmed crypto request (the funding module): the money is in crypto-deposit clearing. */
  | { kind: 'crypto'; requestId: bigint; actor: string }
  /** The customer's available balance, once per client key. */
  | { kind: 'balance'; idempotencyKey: string; actor: string };

/** Refuses a customer whose region is not offered fixed deposits. */
export async function checkFixedDepositsAvailable(deps: AppDeps, userId: bigint) {
  const { available } = await availabilityFor(deps, userId);
  if (!available.fixed_deposit) throw new AppError('FORBIDDEN', 'Not available for your region');
}

const balanceKey = (userId: bigint, clientKey: string) => `fd-open:${userId}:${clientKey}`;

/** The customer's current account in the deposit's currency: where the money comes from and goes. */
export async function currentAccountIdOf(
  db: Kysely<DB>,
  userId: bigint,
  currency: string,
): Promise<bigint> {
  const account = await currentAccountOf(db, userId, currency);
  if (!account) throw new AppError('CONFLICT', 'Your account is not open yet.');
  return account.id;
}

/**
 * Opens a fixed deposit inside the caller's transaction: its own ledger account, the opening
 * entry (from crypto-deposit clearing for a confirmed request, or from the current account),
 * the row with the plan's terms copied as they are today, and the customer's notification. The
 * principal must fit the plan; a plan retired since a crypto request was made still opens.
 */
export async function openFixedDeposit(
  trx: Kysely<DB>,
  deps: AppDeps,
  input: { userId: bigint; planId: bigint; principal: bigint; funding: FixedDepositFunding },
): Promise<{ fixedDepositId: bigint; entryId: bigint }> {
  const { userId, principal, funding } = input;
  // Held FOR SHARE: the terms copied are the terms checked, whatever staff do meanwhile.
  const plan = await fixedDepositPlanById(trx, input.planId, { hold: true });
  if (!plan || (funding.kind === 'balance' && !plan.active)) {
    throw fieldError('body.plan', 'Choose a plan from the list');
  }
  const currency = deps.config.currency;
  const startDate = utcDay(deps.clock.now());
  const refusal = amountRefusal(plan, principal, startDate, currency);
  if (refusal) throw fieldError('body.amount', refusal);
  const user = await users.findUserById(trx, userId);
  if (!user) throw new AppError('NOT_FOUND', 'No such customer');

  const terms = termsFor(plan, principal, startDate);
  const from =
    funding.kind === 'crypto'
      ? (await ensureInternalAccounts(trx, currency)).crypto_deposit_clearing.id
      : await currentAccountIdOf(trx, userId, currency);
  const account = await openCustomerAccount(trx, {
    ownerId: userId,
    kind: 'customer_fixed_deposit',
    currency,
    name: `Fixed deposit — ${plan.name}`,
  });
  const entry = await postEntry(trx, {
    idempotencyKey:
      funding.kind === 'crypto'
        ? `funding:${funding.requestId}`
        : balanceKey(userId, funding.idempotencyKey),
    kind: 'fixed_deposit_open',
    memo: `Fixed deposit opened: ${plan.name}`,
    actor: funding.actor,
    postings: [
      { accountId: from, amount: -principal, currency },
      { accountId: account.id, amount: principal, currency },
    ],
  });
  const fixedDepositId = await insertDeposit(trx, {
    user_id: userId,
    account_id: account.id,
    plan_id: plan.id,
    plan_name: plan.name,
    rate_bp: plan.rateBp,
    principal,
    currency,
    start_date: startDate,
    maturity_date: terms.maturityDate,
    term_days: terms.termDays,
    interest_at_maturity: terms.interest,
    funded_by: funding.kind,
    request_id: funding.kind === 'crypto' ? funding.requestId : null,
    opening_entry_id: entry.entryId,
  });
  await deps.notifications.send(trx, userId, 'fixed_deposit.opened', {
    principal,
    currency,
    plan: plan.name,
    rateBp: plan.rateBp,
    startDate,
    maturityDate: terms.maturityDate,
    interest: terms.interest,
    total: terms.total,
  });
  return { fixedDepositId, entryId: entry.entryId };
}

/** Who opens the deposit, and from where: what the PIN check records of a wrong PIN. */
export interface Depositor {
  userId: bigint;
  ip: string;
  userAgent: string;
}

interface BalanceOpening {
  plan: string;
  amount: bigint;
  idempotencyKey: string;
  /** The transaction PIN the customer typed to authorize it. */
  pin: string;
}

/**
 * The deposit this client key opened already, if any: the same plan and amount answer it, others
 * are refused (409).
 */
async function openedBefore(db: Kysely<DB>, userId: bigint, key: string, input: BalanceOpening) {
  const entryId = await findEntryId(db, { idempotencyKey: key });
  const earlier = entryId === undefined ? undefined : await depositOpenedBy(db, userId, entryId);
  if (!earlier) return undefined;
  if (earlier.planId !== idFrom(input.plan) || earlier.principal !== input.amount) {
    throw new AppError('CONFLICT', 'This request was already made with other details.');
  }
  return earlier.id;
}

/**
 * A fixed deposit funded from the available balance (beyond the spec: PRODUCT.md), authorized by
 * the transaction PIN through the one PIN check, as a transfer is: a wrong PIN is counted (and
 * committed) while nothing else is written; a paused PIN is refused as at a transfer's PIN step.
 * The client's key makes it idempotent: the same key answers the same deposit (before the PIN is
 * looked at: a retry moves nothing and costs no PIN try), and two requests with one key at once
 * open one (the second waits on the first's lock on the key, then finds its deposit). The same
 * key with another plan or amount is refused.
 */
export async function openFromBalance(
  deps: AppDeps,
  depositor: Depositor,
  input: BalanceOpening,
): Promise<FixedDeposit> {
  const { userId } = depositor;
  await checkFixedDepositsAvailable(deps, userId);
  const planId = idFrom(input.plan);
  if (planId === null) throw fieldError('body.plan', 'Choose a plan from the list');
  const key = balanceKey(userId, input.idempotencyKey);
  let id = await openedBefore(deps.db, userId, key, input);
  if (id === undefined) {
    await refuseUnlessPayer(deps.db, userId, 'fixed_deposit');
    await verifyPin(deps, depositor, input.pin);
    id = await deps.db.transaction().execute(async (trx) => {
      await lockOpeningKey(trx, key);
      const earlier = await openedBefore(trx, userId, key, input);
      if (earlier !== undefined) return earlier;
      // Under the customer's row lock, as a freeze or a restriction writes it (decision 21):
      // restricted, not verified or frozen meanwhile refuses here.
      await refuseUnlessPayer(trx, userId, 'fixed_deposit', { lock: true });
      try {
        const opened = await openFixedDeposit(trx, deps, {
          userId,
          planId,
          principal: input.amount,
          funding: {
            kind: 'balance',
            idempotencyKey: input.idempotencyKey,
            actor: `customer:${userId}`,
          },
        });
        return opened.fixedDepositId;
      } catch (error) {
        if (error instanceof AppError && error.code === 'LEDGER_INSUFFICIENT_FUNDS') {
          throw fieldError('body.amount', 'Insufficient balance');
        }
        throw error;
      }
    });
  }
  const [deposit] = await listFixedDeposits(deps.db, userId, { id });
  if (!deposit) throw new AppError('INTERNAL', 'The fixed deposit was not found after opening');
  return deposit;
}
