import { z } from 'zod';

/**
 * What a crypto type's coin is worth, as staff keep it in the catalog (decision 27), and how much
 * of the coin an amount of the bank's currency is. A rate is the price of one whole coin in the
 * bank's currency as a decimal string ("65000.5", "0.000012"), never a float; the coin amount is
 * worked out in integers (bigint) and rounded half up to the coin's decimals.
 */

/** Up to 15 digits before the point and 12 after (the database's numeric(27,12)). */
const RATE = /^(0|[1-9]\d{0,14})(?:\.(\d{1,12}))?$/;

/** "65,000.50" as staff type it, checked and tidied to "65000.5"; more than zero. */
export const coinRateSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/,(?=\d{3}(\D|$))/g, ''))
  .refine((v) => RATE.test(v), 'Enter the price of one coin, such as 65000 or 0.000012')
  .transform((v) => normalRate(v))
  .refine((v) => v !== '0', 'The price of one coin must be more than zero');

/** The coin's ticker as wallets show it: BTC, USDT, ETH (2 to 10 capitals and digits). */
export const coinSymbolSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,10}$/, 'Use the ticker wallets show, such as BTC or USDT');

/** How many decimals the coin is sent with: 8 for BTC, 6 for USDT, at most 18. */
export const coinDecimalsSchema = z
  .int('Enter a whole number of decimals')
  .min(0, 'At least 0 decimals')
  .max(18, 'At most 18 decimals');

/** Staff set a crypto type's rate (one person, audited: decision 27). */
export const cryptoRateInputSchema = z
  .strictObject({
    /** The price of one whole coin in the bank's currency. */
    perCoin: coinRateSchema,
    symbol: coinSymbolSchema,
    decimals: coinDecimalsSchema,
  })
  .meta({ id: 'CryptoRateFields' });
export type CryptoRateInput = z.output<typeof cryptoRateInputSchema>;

/** A crypto type's rate as the API answers it: with the time it was set. */
export const cryptoRateSchema = z
  .object({
    perCoin: z.string(),
    symbol: z.string(),
    decimals: z.number(),
    setAt: z.iso.datetime(),
  })
  .meta({ id: 'CryptoRate' });
export type CryptoRate = z.infer<typeof cryptoRateSchema>;

/** "065000.500" -> "65000.5": no leading zeros, no trailing decimal zeros (as the database's numeric may pad). */
export function normalRate(text: string): string {
  const [whole = '0', fraction = ''] = text.split('.');
  const w = whole.replace(/^0+(?=\d)/, '');
  const f = fraction.replace(/0+$/, '');
  return f ? `${w}.${f}` : w;
}

/**
 * How much of the coin `amountMinor` (minor units of a currency with two decimals) is at the
 * rate, in the coin's smallest shown unit (10^-decimals of a coin), rounded half up. Null when
 * the rate is not a positive decimal.
 */
export function coinUnits(amountMinor: bigint, rate: { perCoin: string; decimals: number }) {
  const match = RATE.exec(rate.perCoin);
  if (!match || amountMinor < 0n) return null;
  const fraction = match[2] ?? '';
  const perCoin = BigInt(`${match[1]}${fraction}`);
  if (perCoin === 0n) return null;
  // amount / 100 / (perCoin / 10^f) coins = amount * 10^f * 10^d / (100 * perCoin) units.
  const numerator = amountMinor * 10n ** BigInt(fraction.length + rate.decimals);
  const denominator = 100n * perCoin;
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** Units of 10^-decimals of a coin as a decimal: 1230000n, 8 -> "0.0123" (no trailing zeros). */
export function unitsAsDecimal(units: bigint, decimals: number): string {
  const digits = units.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** A decimal string with its whole part grouped in thousands: "12345.5" -> "12,345.5". */
function grouped(decimal: string): string {
  const [whole = '0', fraction] = decimal.split('.');
  const w = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${w}.${fraction}` : w;
}

/**
 * What a customer is told to send for an amount: "0.0123 BTC", or "less than 0.00000001 BTC" when
 * the amount is below the coin's smallest shown unit. Null without a usable rate.
 */
export function coinAmountText(amountMinor: bigint, rate: CryptoRate | null): string | null {
  if (!rate) return null;
  const units = coinUnits(amountMinor, rate);
  if (units === null) return null;
  if (units === 0n) return `less than ${unitsAsDecimal(1n, rate.decimals)} ${rate.symbol}`;
  return `${grouped(unitsAsDecimal(units, rate.decimals))} ${rate.symbol}`;
}

/** "65000.5", "USD" -> "$65,000.50"; "0.000012" -> "$0.000012": one coin's price as money. */
export function formatPerCoin(perCoin: string, currency: string, locale = 'en-US'): string {
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 12,
  });
  // Intl reads an exact decimal string (ES2023), as formatMoney does.
  return format.format(normalRate(perCoin) as unknown as number);
}
