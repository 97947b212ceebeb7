import type { Kysely } from 'kysely';
import type { FundingForms, ReceiveDetails } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import { currentAccountOf } from '../../ledger/index.js';
import { AppError } from '../../platform/errors.js';
import { users } from '../users/index.js';
import { rateOf } from './funding-kinds.js';
import { institutionDetails } from './institution.js';
import * as repo from './offered-repo.js';
import type { AccountPlanTerms, PlanTerms } from './offered-repo.js';

/**
 * What the catalog offers customers now (active entries only), for the forms and for the
 * modules that check a request names an offered entry. The SQL is in offered-repo.ts.
 */

export {
  accountPlanById,
  fixedDepositPlanById,
  offeredAccountPlan,
  offeredCryptoType,
  offeredPaymentPurpose,
  type AccountPlanTerms,
  type Hold,
  type OfferedCryptoType,
  type PlanTerms,
} from './offered-repo.js';

export async function offeredFixedDepositPlan(
  db: Kysely<DB>,
  id: bigint,
): Promise<PlanTerms | undefined> {
  const plan = await repo.fixedDepositPlanById(db, id);
  return plan?.active ? plan : undefined;
}

/** The customer's plan: the one they upgraded to, else the default plan. */
export async function currentPlanOf(db: Kysely<DB>, userId: bigint): Promise<AccountPlanTerms> {
  return planTerms(db, await users.planIdOf(db, userId));
}

/** The terms of the plan a customer's row names (`plan_id`, read with the row): else the default. */
export async function planTerms(db: Kysely<DB>, planId: bigint | null): Promise<AccountPlanTerms> {
  const plan = planId ? await repo.accountPlanById(db, planId) : await repo.defaultAccountPlan(db);
  if (!plan) throw new AppError('INTERNAL', `Account plan ${planId} not found`);
  return plan;
}

/** What the four crypto forms offer (getcdform, getmpcform, getfdcform, getupgradeform). */
export async function fundingForms(deps: AppDeps, userId: bigint): Promise<FundingForms> {
  const { db } = deps;
  const [types, purposes, plans, accountPlans, current] = await Promise.all([
    repo.offeredCryptoTypes(db),
    repo.offeredPaymentPurposes(db),
    repo.offeredFixedDepositPlans(db),
    repo.offeredAccountPlans(db),
    currentPlanOf(db, userId),
  ]);
  return {
    currency: deps.config.currency,
    cryptoTypes: types.map((t) => ({
      id: String(t.id),
      name: t.name,
      address: t.address,
      network: t.network,
      address2: t.address2,
      rate: rateOf(t),
    })),
    purposes: purposes.map((p) => ({ id: String(p.id), name: p.name })),
    fixedDepositPlans: plans.map((p) => ({
      id: String(p.id),
      name: p.name,
      termCount: p.termCount,
      termUnit: p.termUnit,
      annualRateBp: p.rateBp,
      minAmount: String(p.minAmount),
      maxAmount: p.maxAmount === null ? null : String(p.maxAmount),
    })),
    accountPlans: accountPlans.map((p) => ({
      id: String(p.id),
      name: p.name,
      serviceChargeBp: p.serviceChargeBp,
      dailyTransferLimit: String(p.dailyTransferLimit),
      stepUpThreshold: String(p.stepUpThreshold),
      price: String(p.price),
      isDefault: p.isDefault,
    })),
    currentPlanId: String(current.id),
  };
}

/** add-funds/it: how someone elsewhere pays this customer. */
export async function receiveDetails(deps: AppDeps, userId: bigint): Promise<ReceiveDetails> {
  const [user, account, institution] = await Promise.all([
    users.findUserById(deps.db, userId),
    currentAccountOf(deps.db, userId, deps.config.currency),
    institutionDetails(deps.db),
  ]);
  return {
    username: user?.username ?? null,
    accountNumber: account?.accountNumber ?? null,
    swiftCode: institution.swiftCode,
    routingNumber: institution.routingNumber,
    country: institution.country,
  };
}
