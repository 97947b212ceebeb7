import { DEFAULT_SERVICE_CHARGE_PERCENT } from '@bank/contract';

/**
 * The arithmetic and the words of bank transfers, with no database: the service charge, where
 * money goes (for "a beneficiary never paid before"), the start of the customer's day, and the
 * masked address the code went to.
 */

/** The spec's default service charge, in basis points (10 % = 1000). */
export const DEFAULT_FEE_BP = DEFAULT_SERVICE_CHARGE_PERCENT * 100;

/**
 * The service charge on an amount: the plan's basis points of it, to the nearest cent, halves
 * rounded up (exact integer arithmetic on minor units).
 */
export function serviceCharge(amount: bigint, feeBp: number): bigint {
  return (amount * BigInt(feeBp) + 5_000n) / 10_000n;
}

/**
 * Where a transfer's money goes, the same for every way of writing it: for this bank, the
 * account number; elsewhere the SWIFT's bank, country and location (its first 8 characters;
 * the branch does not make another beneficiary) and the account number.
 */
export function destinationKey(
  to: { swift: string; accountNumber: string },
  internal: boolean,
): string {
  return internal ? `internal:${to.accountNumber}` : `${to.swift.slice(0, 8)}:${to.accountNumber}`;
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
