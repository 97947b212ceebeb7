import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * The SQL of what the catalog offers customers (offered.ts): single entries by id for the
 * modules that check a request names an offered entry, and the lists the forms show.
 */

export interface OfferedCryptoType {
  id: bigint;
  name: string;
  address: string;
  network: string | null;
  address2: string | null;
  /** The rate staff set (0022), all null when none: read with rateOf(). */
  rate_per_coin: string | null;
  rate_symbol: string | null;
  rate_decimals: number | null;
  rate_set_at: Date | null;
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

const cryptoTypeColumns = [
  'id',
  'name',
  'address',
  'network',
  'address2',
  'rate_per_coin',
  'rate_symbol',
  'rate_decimals',
  'rate_set_at',
] as const;

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

/** Reads under FOR SHARE: the entry cannot change until the reader's transaction ends. */
export interface Hold {
  hold?: boolean;
}

export function offeredCryptoType(db: Kysely<DB>, id: bigint) {
  return db
    .selectFrom('crypto_types')
    .select(cryptoTypeColumns)
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

/** A fixed-deposit plan whether offered or retired (a confirmed request keeps its plan). */
export function fixedDepositPlanById(db: Kysely<DB>, id: bigint, { hold }: Hold = {}) {
  const query = db.selectFrom('fixed_deposit_plans').select(planColumns).where('id', '=', id);
  return (hold ? query.forShare() : query).executeTakeFirst() as Promise<PlanTerms | undefined>;
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

/** The default account plan: every customer's until they upgrade. */
export async function defaultAccountPlan(db: Kysely<DB>): Promise<AccountPlanTerms> {
  return db
    .selectFrom('account_plans')
    .select(accountPlanColumns)
    .where('is_default', '=', true)
    .executeTakeFirstOrThrow() as Promise<AccountPlanTerms>;
}

/** Every offered crypto type, by name. */
export function offeredCryptoTypes(db: Kysely<DB>) {
  return db
    .selectFrom('crypto_types')
    .select(cryptoTypeColumns)
    .where('active', '=', true)
    .orderBy('name')
    .execute() as Promise<OfferedCryptoType[]>;
}

/** Every offered payment purpose, by name. */
export function offeredPaymentPurposes(db: Kysely<DB>) {
  return db
    .selectFrom('payment_purposes')
    .select(['id', 'name'])
    .where('active', '=', true)
    .orderBy('name')
    .execute();
}

/** Every offered fixed-deposit plan, shortest term first. */
export function offeredFixedDepositPlans(db: Kysely<DB>) {
  return db
    .selectFrom('fixed_deposit_plans')
    .select(planColumns)
    .where('active', '=', true)
    .orderBy('term_unit')
    .orderBy('term_count')
    .execute() as Promise<PlanTerms[]>;
}

/** Every offered account plan, cheapest first. */
export function offeredAccountPlans(db: Kysely<DB>) {
  return db
    .selectFrom('account_plans')
    .select(accountPlanColumns)
    .where('active', '=', true)
    .orderBy('price')
    .orderBy('id')
    .execute() as Promise<AccountPlanTerms[]>;
}

/** What a new bank has set up so far (the back office's "Set up the bank"), in one statement. */
export interface CatalogReadiness {
  swiftCode: string | null;
  routingNumber: string | null;
  country: string | null;
  postalAddress: string | null;
  /** The names of what is offered, in order. */
  cryptoTypes: string[];
  cryptoTypesWithoutRate: string[];
  paymentPurposes: string[];
  /** Offered account plans besides the default one: what a customer may upgrade to. */
  upgradePlans: string[];
  fixedDepositPlans: string[];
}

export async function catalogReadiness(db: Kysely<DB>): Promise<CatalogReadiness> {
  const offered = (table: string, also = sql``) =>
    sql<
      string[]
    >`array(select name from ${sql.table(table)} where active ${also} order by lower(name))`;
  const { rows } = await sql<CatalogReadiness>`
    select i.swift_code as "swiftCode", i.routing_number as "routingNumber",
      i.country, i.postal_address as "postalAddress",
      ${offered('crypto_types')} as "cryptoTypes",
      ${offered('crypto_types', sql`and rate_per_coin is null`)} as "cryptoTypesWithoutRate",
      ${offered('payment_purposes')} as "paymentPurposes",
      ${offered('account_plans', sql`and not is_default`)} as "upgradePlans",
      ${offered('fixed_deposit_plans')} as "fixedDepositPlans"
    from institution_details i`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('The institution details row is missing');
  return row;
}
