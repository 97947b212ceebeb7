import { z } from 'zod';

/**
 * Money is held as integer minor units (cents) in a bigint, travels as a string of digits in
 * JSON, and is turned into decimals only at the edge. No floating point on any money path.
 */

/** Largest amount the ledger stores in one column (PostgreSQL bigint). */
export const MAX_MINOR_UNITS = 9_223_372_036_854_775_807n;

const DECIMAL = /^(0|[1-9]\d*)(?:\.(\d{1,2}))?$/;
const MINOR = /^(0|-?[1-9]\d*)$/;
const UNSIGNED_MINOR = /^(0|[1-9]\d*)$/;

/** An amount in JSON: minor units as a string of digits, signed ("-1234", never "-0" or "007"). */
export const minorUnitsSchema = z.string().regex(MINOR, 'Not an amount in minor units');
/** An amount that has no sign of its own (its direction is said elsewhere, e.g. credit/debit). */
export const unsignedMinorUnitsSchema = z
  .string()
  .regex(UNSIGNED_MINOR, 'Not a non-negative amount in minor units');

/** "12.3" -> 1230n. Refuses signs, exponents, more than two decimals and anything not a number. */
export function parseDecimalAmount(text: string): bigint | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const whole = BigInt(match[1] ?? '0');
  const cents = BigInt((match[2] ?? '').padEnd(2, '0'));
  const value = whole * 100n + cents;
  return value > MAX_MINOR_UNITS ? null : value;
}

/**
 * An amount as a person types it ("25", "25.50"), read into minor units. Signs, exponents,
 * thousands separators and more than two decimals are refused (the web tidies "1,500" first).
 */
export const decimalAmountSchema = z
  .string()
  .refine((v) => parseDecimalAmount(v) !== null, 'Use an amount such as 25 or 25.50')
  .transform((v) => parseDecimalAmount(v) as bigint);

/** A typed amount that must be more than zero (money a customer sends or pays). */
export const positiveDecimalAmountSchema = decimalAmountSchema.refine(
  (v) => v > 0n,
  'Enter an amount greater than zero',
);

/** A positive amount in minor units, as staff send catalog amounts ("150000" is 1,500.00). */
export const positiveMinorUnitsSchema = z
  .string()
  .regex(/^[1-9]\d{0,17}$/, 'Enter an amount greater than zero');

/** The JSON form of an amount ("-1234") back into minor units. */
export function parseMinorUnits(text: string): bigint | null {
  if (!MINOR.test(text)) return null;
  const value = BigInt(text);
  return value > MAX_MINOR_UNITS || value < -MAX_MINOR_UNITS ? null : value;
}

/** 123456n -> "1234.56": exact, two fixed decimals, as the spec shows amounts. */
export function toDecimalString(minor: bigint): string {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** Each locale's and currency's formatter, made once: making one costs far more than using it. */
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** 123456n, "USD" -> "$1,234.56" (locale formatting from Intl, fed the exact decimal string). */
export function formatMoney(minor: bigint, currency: string, locale = 'en-US'): string {
  const key = `${locale}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormats.set(key, format);
  }
  // Intl accepts an exact decimal string (ES2023); the cast covers older lib typings.
  return format.format(toDecimalString(minor) as unknown as number);
}
