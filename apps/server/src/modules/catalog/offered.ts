import type { Kysely } from 'kysely';
import type { FundingForms, ReceiveDetails } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import type { DB } from '../../db/schema.js';
import { institutionDetails } from './institution.js';

/**
 * What the catalog offers customers now (active entries only), for the forms and for the
 * modules that check a request names an offered entry.
 */

export interface OfferedCryptoType {
  id: bigint;
  name: string;
  address: string;
  network: string | null;
  address2: string | null;
}

export interface PlanTerms {
  id: bigint;
  name: string;
  termCount: number;
  termUnit: 'days' | 'months';
  rateBp: number;
  minAmount: bigint;
  maxAmount: bigint | null;
  active: boolean;
}

export interface AccountPlanTerms {
  id: bigint;
  name: string;
  serviceChargeBp: number;
  dailyTransferLimit: bigint;
  stepUpThreshold: bigint;
  price: bigint;
  isDefault: boolean;
}

const accountPlanColumns = [
  'id',
  'name',
  'service_charge_bp as serviceChargeBp',
  'daily_transfer_limit as dailyTransferLimit',
  'step_up_threshold as stepUpThreshold',
  'price',
  'is_default as isDefault',
] as const;

const planColumns = [
  'id',
  'name',
  'term_count as termCount',
  'term_unit as termUnit',
  'rate_bp as rateBp',
  'min_amount as minAmount',
  'max_amount as maxAmount',
  'active',
] as const;

export function offeredCryptoType(db: Kysely<DB>, id: bigint) {
  return db
    .selectFrom('crypto_types')
    .select(['id', 'name', 'address', 'network', 'address2'])
    .where('id', '=', id)
    .where('active', '=', true)
    .executeTakeFirst() as Promise<OfferedCryptoType | undefined>;
}

export function offeredPaymentPurpose(db: Kysely<DB>, id: bigint) {
  return db
    .selectFrom('payment_purposes')
    .select(['id', 'name'])
    .where('id', '=', id)
    .where('active', '=', true)
    .executeTakeFirst();
}

/** Reads under FOR SHARE: the entry cannot change until the reader's transaction ends. */
export interface Hold {
  hold?: boolean;
}

/** A fixed-deposit plan whether offered or retired (a confirmed request keeps its plan). */
export function fixedDepositPlanById(db: Kysely<DB>, id: bigint, { hold }: Hold = {}) {
  const query = db.selectFrom('fixed_deposit_plans').select(planColumns).where('id', '=', id);
  return (hold ? query.forShare() : query).executeTakeFirst() as Promise<PlanTerms | undefined>;
}

export async function offeredFixedDepositPlan(db: Kysely<DB>, id: bigint) {
  const plan = await fixedDepositPlanById(db, id);
  return plan?.active ? plan : undefined;
}

export function accountPlanById(db: Kysely<DB>, id: bigint, { hold }: Hold = {}) {
  const query = db.selectFrom('account_plans').select(accountPlanColumns).where('id', '=', id);
  return (hold ? query.forShare() : query).executeTakeFirst() as Promise<
    AccountPlanTerms | undefined
  >;
}

export function offeredAccountPlan(db: Kysely<DB>, id: bigint) {
  return db
    .selectFrom('account_plans')
    .select(accountPlanColumns)
    .where('id', '=', id)
    .where('active', '=', true)
    .executeTakeFirst() as Promise<AccountPlanTerms | undefined>;
}

/** The customer's plan: the one they upgraded to, else the default plan. */
export async function currentPlanOf(db: Kysely<DB>, userId: bigint): Promise<AccountPlanTerms> {
  const user = await db
    .selectFrom('users')
    .select('plan_id')
    .where('id', '=', userId)
    .executeTakeFirst();
  const query = db.selectFrom('account_plans').select(accountPlanColumns);
  const plan = await (
    user?.plan_id ? query.where('id', '=', user.plan_id) : query.where('is_default', '=', true)
  ).executeTakeFirstOrThrow();
  return plan as AccountPlanTerms;
}

/** What the four crypto forms offer (getcdform, getmpcform, getfdcform, getupgradeform). */
export async function fundingForms(deps: AppDeps, userId: bigint): Promise<FundingForms> {
  const { db } = deps;
  const [types, purposes, plans, accountPlans, current] = await Promise.all([
    db
      .selectFrom('crypto_types')
      .select(['id', 'name', 'address', 'network', 'address2'])
      .where('active', '=', true)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('payment_purposes')
      .select(['id', 'name'])
      .where('active', '=', true)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('fixed_deposit_plans')
      .select(planColumns)
      .where('active', '=', true)
      .orderBy('term_unit')
      .orderBy('term_count')
      .execute(),
    db
      .selectFrom('account_plans')
      .select(accountPlanColumns)
      .where('active', '=', true)
      .orderBy('price')
      .orderBy('id')
      .execute(),
    currentPlanOf(db, userId),
  ]);
  return {
    currency: deps.config.currency,
    cryptoTypes: types.map((t) => ({ ...t, id: String(t.id) })),
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
    deps.db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst(),
    deps.db
      .selectFrom('ledger_accounts')
      .select('account_number')
      .where('owner_id', '=', userId)
      .where('kind', '=', 'customer_current')
      .orderBy('id')
      .executeTakeFirst(),
    institutionDetails(deps.db),
  ]);
  return {
    username: user?.username ?? null,
    accountNumber: account?.account_number ?? null,
    swiftCode: institution.swiftCode,
    routingNumber: institution.routingNumber,
    country: institution.country,
  };
}
