import { DEFAULT_SERVICE_CHARGE_PERCENT } from '@bank/contract';

/**
 * The arithmetic and the words of bank transfers, with no database: the service charge, where
 * money goes and who to (for "a payee paid before"), the start of the customer's day, and the
 * masked address the code went to.
 */

/** The spec's default service charge, in basis points (10 % = 1000). */
export const DEFAULT_FEE_BP = DEFAULT_SERVICE_CHARGE_PERCENT * 100;

/** One charge for server and form: the contract's (packages/contract/src/transfer-charge.ts). */
export { serviceCharge, transferChargeBp } from '@bank/contract';

/**
 * Where a transfer's money goes, the same for every way of writing it: for this bank, the
 * account number; elsewhere the SWIFT's bank, country and location (its first 8 characters)
 * and the account number. It names a saved beneficiary and finds the payments made there
 * before; whether one of those was to the same payee is `samePayee`'s to say.
 */
export function destinationKey(
  to: { swift: string; accountNumber: string },
  internal: boolean,
): string {
  return internal ? `internal:${to.accountNumber}` : `${to.swift.slice(0, 8)}:${to.accountNumber}`;
}

/** Every detail of a payment that says who is paid, as stored on a transfer. */
export interface PayeeDetails {
  bank: string;
  swift: string;
  currency: string;
  routing: string;
  country: string;
  accountNumber: string;
  accountHolderName: string;
  recipientAccountId: bigint | null;
}

/** Words compared as people read them: one Unicode form, case and runs of spaces aside. */
const words = (value: string) => value.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** A SWIFT/BIC of 8 characters is its head office, the same as the branch code XXX. */
const fullSwift = (swift: string) => (swift.length === 8 ? `${swift}XXX` : swift).toUpperCase();

/** A routing number as banks compare it: letters and digits, spaces and dashes aside. */
const routingDigits = (routing: string) => routing.replace(/[\s-]/g, '').toUpperCase();

/**
 * True when two payments go to the same payee in every detail: holder, bank, the full SWIFT
 * (branch included), routing number, country, currency, account number, and the account of this
 * bank it settles into. A payee counts as known (no emailed code) only then: a change of any of
 * them is a new payee, whatever the account number.
 */
export function samePayee(a: PayeeDetails, b: PayeeDetails): boolean {
  return (
    a.accountNumber === b.accountNumber &&
    a.recipientAccountId === b.recipientAccountId &&
    a.currency === b.currency &&
    a.country === b.country &&
    fullSwift(a.swift) === fullSwift(b.swift) &&
    routingDigits(a.routing) === routingDigits(b.routing) &&
    words(a.bank) === words(b.bank) &&
    words(a.accountHolderName) === words(b.accountHolderName)
  );
}

/** True when a SWIFT/BIC names the same institution (first 8 characters) as the bank's own. */
export function isOwnSwift(swift: string, own: string | null): boolean {
  return own !== null && own.length >= 8 && swift.slice(0, 8) === own.slice(0, 8);
}

/** Midnight UTC of the day `now` is in: the day of the daily limit and the day's total. */
export function startOfDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** "jane.doe@example.com" -> "j•••e@example.com": enough to recognise, not to read. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? `${local[0]}•••` : `${local[0]}•••${local[local.length - 1]}`;
  return `${shown}${email.slice(at)}`;
}

export interface RiskInput {
  amount: bigint;
  stepUpThreshold: bigint;
  /** Submitted, not failed, transfers of the customer's day so far. */
  sentToday: bigint;
  paidBefore: boolean;
}

/**
 * Why the emailed authorization code is needed (PRODUCT.md): the amount at or above the plan's
 * step-up threshold, a beneficiary never paid before, or the day's total above the threshold.
 * Empty when the PIN alone is enough.
 */
export function codeReasons(input: RiskInput): string[] {
  const reasons: string[] = [];
  if (input.amount >= input.stepUpThreshold) reasons.push('large_amount');
  if (!input.paidBefore) reasons.push('new_beneficiary');
  if (input.sentToday + input.amount > input.stepUpThreshold) reasons.push('daily_total');
  return reasons;
}
