import {
  formatDay,
  formatDayTime,
  formatMoney,
  formatRate,
  parseDecimalAmount,
} from '@bank/contract';

/** Minor units as a string ("15000") shown as money ("$150.00"). */
export function money(minor: string, currency: string): string {
  return formatMoney(BigInt(minor), currency);
}

/**
 * Basis points as a percent: 525 -> "5.25 %", 1000 -> "10 %", the number and its sign held on one
 * line by a no-break space (a narrow cell never leaves "%" alone at the start of a line).
 */
export function percent(bp: number): string {
  return formatRate(bp).replace(' %', '\u00a0%');
}

/** A day (YYYY-MM-DD or an ISO time) as day/month/year, the spec's date form. */
export function dayMonthYear(value: string): string {
  return formatDay(value.slice(0, 10));
}

/**
 * An amount as people type it ("1,500", "$25", " 12.5 ") tidied to the decimal the API reads
 * ("1500", "25", "12.5"); anything that is still not an amount is returned as typed, so the
 * server's message explains it.
 */
export function tidyAmount(text: string): string {
  const tidied = text
    .trim()
    .replace(/^[$€£]\s*/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  return parseDecimalAmount(tidied) === null ? text.trim() : tidied;
}

/**
 * What is wrong with a typed amount, or null: "1,500" and "$25" are fine; "abc", "-5" and
 * "1.234" are not amounts. With the available balance (minor units), more than it is refused too.
 */
export function amountProblem(typed: string, balance: bigint | null = null): string | null {
  if (!typed.trim()) return 'Enter the amount';
  const minor = parseDecimalAmount(tidyAmount(typed));
  if (minor === null) return 'Use an amount such as 25 or 25.50';
  if (minor === 0n) return 'Enter an amount greater than zero';
  if (balance !== null && minor > balance) return 'Insufficient balance';
  return null;
}

/** A term as words: "12 months", "1 day". */
export function termWords(count: number, unit: 'days' | 'months'): string {
  const word = unit === 'days' ? 'day' : 'month';
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** A moment as day/month/year with the time, in the reader's time zone: "20/11/2026, 10:30". */
export function dayMonthYearAt(iso: string): string {
  return formatDayTime(iso);
}
