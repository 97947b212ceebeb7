import {
  normalRate,
  accountPlanInputSchema,
  cryptoTypeInputSchema,
  fixedDepositPlanInputSchema,
  paymentPurposeInputSchema,
  type AccountPlan,
  type CryptoRate,
  type CryptoType,
  type FixedDepositPlan,
  type PaymentPurpose,
} from '@bank/contract';
import type { z } from 'zod';

/**
 * The four kinds of funding-catalog entry, each described once: its table, the columns an add or
 * an edit writes (amounts in minor units as bigint), and the entry as the API answers it.
 */

export type Row = Record<string, unknown> & {
  id: bigint;
  name: string;
  active: boolean;
  created_at: Date;
  updated_at: Date;
};

export type Columns = Record<string, string | number | bigint | boolean | Date | null>;

export type CatalogTable =
  'crypto_types' | 'payment_purposes' | 'fixed_deposit_plans' | 'account_plans';

export interface EntryKind<Input, Out> {
  table: CatalogTable;
  /** For the audit log and messages: `crypto_type`, "crypto type". */
  target: string;
  label: string;
  input: z.ZodType<Input>;
  /** The columns an add or an edit writes. */
  columns(input: Input): Columns;
  /** The entry as the API answers it; `currency` is the bank's, that amounts are in. */
  output(row: Row, currency: string): Out;
  /** Refuses retiring an entry that must stay (the default account plan). */
  mustStay?(row: Row): string | null;
}

const dates = (row: Row) => ({
  id: String(row.id),
  name: row.name,
  active: row.active,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** A crypto type's rate from its columns (migration 0022); null when none is set. */
export function rateOf(row: object): CryptoRate | null {
  const r = row as Record<string, unknown>;
  if (r.rate_per_coin === null || r.rate_per_coin === undefined) return null;
  return {
    perCoin: normalRate(String(r.rate_per_coin)),
    symbol: String(r.rate_symbol),
    decimals: Number(r.rate_decimals),
    setAt: new Date(r.rate_set_at as Date | string).toISOString(),
  };
}

export const cryptoTypes: EntryKind<z.output<typeof cryptoTypeInputSchema>, CryptoType> = {
  table: 'crypto_types',
  target: 'crypto_type',
  label: 'crypto type',
  input: cryptoTypeInputSchema,
  columns: (i) => ({ name: i.name, address: i.address, network: i.network, address2: i.address2 }),
  output: (row, currency) => ({
    ...dates(row),
    currency,
    address: row.address as string,
    network: row.network as string | null,
    address2: row.address2 as string | null,
    rate: rateOf(row),
  }),
};

export const paymentPurposes: EntryKind<
  z.output<typeof paymentPurposeInputSchema>,
  PaymentPurpose
> = {
  table: 'payment_purposes',
  target: 'payment_purpose',
  label: 'payment purpose',
  input: paymentPurposeInputSchema,
  columns: (i) => ({ name: i.name }),
  output: dates,
};

export const fixedDepositPlans: EntryKind<
  z.output<typeof fixedDepositPlanInputSchema>,
  FixedDepositPlan
> = {
  table: 'fixed_deposit_plans',
  target: 'fixed_deposit_plan',
  label: 'fixed-deposit plan',
  input: fixedDepositPlanInputSchema,
  columns: (i) => ({
    name: i.name,
    term_count: i.termCount,
    term_unit: i.termUnit,
    rate_bp: i.annualRateBp,
    min_amount: BigInt(i.minAmount),
    max_amount: i.maxAmount === null ? null : BigInt(i.maxAmount),
  }),
  output: (row, currency) => ({
    ...dates(row),
    currency,
    termCount: row.term_count as number,
    termUnit: row.term_unit as 'days' | 'months',
    annualRateBp: row.rate_bp as number,
    minAmount: String(row.min_amount),
    maxAmount: row.max_amount === null ? null : String(row.max_amount),
  }),
};

export const accountPlans: EntryKind<z.output<typeof accountPlanInputSchema>, AccountPlan> = {
  table: 'account_plans',
  target: 'account_plan',
  label: 'account plan',
  input: accountPlanInputSchema,
  columns: (i) => ({
    name: i.name,
    service_charge_bp: i.serviceChargeBp,
    daily_transfer_limit: BigInt(i.dailyTransferLimit),
    step_up_threshold: BigInt(i.stepUpThreshold),
    price: BigInt(i.price),
  }),
  output: (row, currency) => ({
    ...dates(row),
    currency,
    serviceChargeBp: row.service_charge_bp as number,
    dailyTransferLimit: String(row.daily_transfer_limit),
    stepUpThreshold: String(row.step_up_threshold),
    price: String(row.price),
    isDefault: row.is_default as boolean,
  }),
  mustStay: (row) =>
    row.is_default ? 'The default plan is what every customer starts on: it stays offered.' : null,
};

export type AnyEntryKind = EntryKind<never, unknown>;
