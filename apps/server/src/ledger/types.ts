import type { Kysely } from 'kysely';
import type { DB, LedgerAccountKind } from '../db/schema.js';

export type { LedgerAccountKind };

/** A database handle or an open transaction: ledger writes join the caller's transaction. */
export type Executor = Kysely<DB>;

export const CUSTOMER_ACCOUNT_KINDS = ['customer_current', 'customer_fixed_deposit'] as const;
export const INTERNAL_ACCOUNT_KINDS = [
  'crypto_deposit_clearing',
  'outgoing_transfer_clearing',
  'fee_income',
  'interest_expense',
  'suspense',
  'manual_adjustments',
] as const;
export type CustomerAccountKind = (typeof CUSTOMER_ACCOUNT_KINDS)[number];
export type InternalAccountKind = (typeof INTERNAL_ACCOUNT_KINDS)[number];

export function isCustomerKind(kind: LedgerAccountKind): kind is CustomerAccountKind {
  return (CUSTOMER_ACCOUNT_KINDS as readonly string[]).includes(kind);
}

const MAX_ID = 9_223_372_036_854_775_807n;

/** A value that can be a row id (a positive bigint); anything else names no row. */
export function isAccountId(id: unknown): id is bigint {
  return typeof id === 'bigint' && id > 0n && id <= MAX_ID;
}

export interface LedgerAccount {
  id: bigint;
  accountNumber: string;
  kind: LedgerAccountKind;
  currency: string;
  ownerId: bigint | null;
  name: string;
}

export interface PostingInput {
  accountId: bigint;
  /** Signed minor units: added to the account's balance. */
  amount: bigint;
  currency: string;
}

export interface EntryInput {
  idempotencyKey: string;
  /** What business event this is, e.g. `transfer`, `crypto_deposit`, `reversal`. */
  kind: string;
  memo: string;
  /** Who caused it: `system`, `customer:42`, `staff:7`. */
  actor: string;
  postings: PostingInput[];
}

export interface PostedEntry {
  entryId: bigint;
  idempotencyKey: string;
  kind: string;
  memo: string;
  actor: string;
  createdAt: Date;
  /**
   * Each with the account's balance right after it: null on the bank's own accounts, which post
   * without a lock and so without a running balance (decision 29).
   */
  postings: (PostingInput & { balanceAfter: bigint | null })[];
  /** True when this key was posted before and nothing new was written. */
  replayed: boolean;
}
