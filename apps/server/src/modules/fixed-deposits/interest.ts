/**
 * Fixed-deposit interest, Actual/365 fixed, in integer minor units only (decision 18).
 *
 * A principal P at an annual rate r (basis points) for n days earns I = round(P·r·n / 3,650,000)
 * in total, rounded half up. After k whole days the interest accrued is C(k) = round(P·r·k /
 * 3,650,000) for k < n and C(n) = I, and day k accrues C(k) − C(k−1): the daily amounts sum to
 * exactly I, never drift, and never go negative.
 */

const DAY_MS = 86_400_000;
const DENOMINATOR = 10_000n * 365n;

/** a / b rounded half up, for a ≥ 0 and b > 0. */
function roundHalfUp(a: bigint, b: bigint): bigint {
  return (2n * a + b) / (2n * b);
}

export function interestForDays(principal: bigint, rateBp: number, days: number): bigint {
  if (principal < 0n || rateBp < 0 || !Number.isInteger(rateBp) || !Number.isInteger(days)) {
    throw new RangeError('interestForDays: non-negative integers only');
  }
  return roundHalfUp(principal * BigInt(rateBp) * BigInt(days), DENOMINATOR);
}

/** Interest accrued after `k` of `termDays` days: C(k) above. */
export function accruedAfter(principal: bigint, rateBp: number, termDays: number, k: number) {
  if (k <= 0) return 0n;
  if (k >= termDays) return interestForDays(principal, rateBp, termDays);
  return interestForDays(principal, rateBp, k);
}

/** What day `k` (1-based) accrues. */
export function accrualForDay(principal: bigint, rateBp: number, termDays: number, k: number) {
  return (
    accruedAfter(principal, rateBp, termDays, k) - accruedAfter(principal, rateBp, termDays, k - 1)
  );
}

/** A YYYY-MM-DD UTC calendar day. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function parseDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

export function addDays(day: string, days: number): string {
  return utcDay(new Date(parseDay(day).getTime() + days * DAY_MS));
}

/** The same day `months` calendar months later, or that month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const start = parseDay(day);
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return utcDay(new Date(Date.UTC(year, month, Math.min(start.getUTCDate(), lastDay))));
}

/** Whole days from one calendar day to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((parseDay(to).getTime() - parseDay(from).getTime()) / DAY_MS);
}

/** When a deposit opened on `start` matures, and its length in days. */
export function maturityOf(
  start: string,
  term: { count: number; unit: 'days' | 'months' },
): { maturityDate: string; termDays: number } {
  const maturityDate =
    term.unit === 'days' ? addDays(start, term.count) : addMonths(start, term.count);
  return { maturityDate, termDays: daysBetween(start, maturityDate) };
}
