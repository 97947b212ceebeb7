import type { FundingKind, Product } from '@bank/contract';

/** The region-availability product each kind of request is. */
export const PRODUCT_OF: Record<FundingKind, Product> = {
  deposit: 'crypto_deposit',
  payment: 'make_payment',
  fixed_deposit: 'fixed_deposit',
  upgrade: 'upgrade',
};

/** What the customer reads a request as. */
export const KIND_LABEL: Record<FundingKind, string> = {
  deposit: 'Crypto deposit',
  payment: 'Payment',
  fixed_deposit: 'Fixed deposit',
  upgrade: 'Account upgrade',
};

/** A row id the customer sent (digits, checked by the contract) within PostgreSQL's bigint. */
export function rowId(digits: string | undefined): bigint | null {
  if (!digits || !/^[1-9]\d{0,18}$/.test(digits)) return null;
  const id = BigInt(digits);
  return id <= 9_223_372_036_854_775_807n ? id : null;
}

/** "30 days", "1 month": a plan's term. */
export function formatTerm(count: number, unit: 'days' | 'months'): string {
  return `${count} ${count === 1 ? unit.slice(0, -1) : unit}`;
}
