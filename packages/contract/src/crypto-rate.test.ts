import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  coinAmountText,
  coinUnits,
  cryptoRateInputSchema,
  formatPerCoin,
  normalRate,
  unitsAsDecimal,
} from './crypto-rate.js';

const rate = (perCoin: string, symbol: string, decimals: number) => ({
  perCoin,
  symbol,
  decimals,
  setAt: '2026-11-20T09:30:00.000Z',
});

describe('the coin amount of an amount of money', () => {
  it('is exact and rounded half up to the coin decimals', () => {
    // $800.00 at $65,000.50 a bitcoin: 0.012307597633864354… BTC.
    expect(coinAmountText(80_000n, rate('65000.5', 'BTC', 8))).toBe('0.0123076 BTC');
    // $150.00 of a dollar stablecoin sent with 6 decimals.
    expect(coinAmountText(15_000n, rate('1', 'USDT', 6))).toBe('150 USDT');
    expect(coinAmountText(15_001n, rate('1', 'USDT', 6))).toBe('150.01 USDT');
    // A coin worth less than a cent: a large whole number of coins, grouped.
    expect(coinAmountText(10_000n, rate('0.000012', 'SHIB', 0))).toBe('8,333,333 SHIB');
    // Half a unit goes up: $0.05 at $10 a coin with 2 decimals is 0.005 -> 0.01.
    expect(coinUnits(5n, { perCoin: '10', decimals: 2 })).toBe(1n);
    expect(coinUnits(4n, { perCoin: '10', decimals: 2 })).toBe(0n);
  });

  it('says "less than" the smallest unit rather than zero, and nothing without a rate', () => {
    expect(coinAmountText(1n, rate('65000', 'BTC', 4))).toBe('less than 0.0001 BTC');
    expect(coinAmountText(80_000n, null)).toBeNull();
    expect(coinUnits(100n, { perCoin: '0', decimals: 8 })).toBeNull();
    expect(coinUnits(100n, { perCoin: '1e3', decimals: 8 })).toBeNull();
  });

  it('is within half a unit of the exact quotient, for any amount and rate (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 18 }),
        (amount, scaled, fractionDigits, decimals) => {
          const digits = scaled.toString().padStart(fractionDigits + 1, '0');
          const whole = digits.slice(0, digits.length - fractionDigits).replace(/^0+(?=\d)/, '');
          if (whole.length > 15) return;
          const perCoin = fractionDigits
            ? `${whole}.${digits.slice(digits.length - fractionDigits)}`
            : whole;
          const units = coinUnits(amount, { perCoin, decimals });
          expect(units).not.toBeNull();
          // units ≈ amount·10^f·10^d / (100·scaled): |2·units·den − 2·num| ≤ den.
          const num = amount * 10n ** BigInt(fractionDigits + decimals);
          const den = 100n * scaled;
          const gap = 2n * (units as bigint) * den - 2n * num;
          expect(gap <= den && gap > -den).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes units as a decimal without trailing zeros', () => {
    expect(unitsAsDecimal(1_230_000n, 8)).toBe('0.0123');
    expect(unitsAsDecimal(100_000_000n, 8)).toBe('1');
    expect(unitsAsDecimal(7n, 0)).toBe('7');
    expect(unitsAsDecimal(5n, 18)).toBe('0.000000000000000005');
  });
});

describe('a rate as staff type it', () => {
  it('is read exactly and tidied; refused when not a positive price', () => {
    const read = cryptoRateInputSchema.parse({
      perCoin: ' 65,000.50 ',
      symbol: 'btc',
      decimals: 8,
    });
    expect(read).toEqual({ perCoin: '65000.5', symbol: 'BTC', decimals: 8 });
    for (const perCoin of [
      '0',
      '0.000',
      '-1',
      '1e5',
      'abc',
      '1.1234567890123',
      '1234567890123456',
    ]) {
      expect(
        cryptoRateInputSchema.safeParse({ perCoin, symbol: 'BTC', decimals: 8 }).success,
        perCoin,
      ).toBe(false);
    }
    expect(
      cryptoRateInputSchema.safeParse({ perCoin: '1', symbol: 'B', decimals: 8 }).success,
    ).toBe(false);
    expect(
      cryptoRateInputSchema.safeParse({ perCoin: '1', symbol: 'BTC', decimals: 19 }).success,
    ).toBe(false);
    expect(normalRate('065000.500000000000')).toBe('65000.5');
    expect(normalRate('1.000000000000')).toBe('1');
  });

  it('reads as money in the bank currency, however small', () => {
    expect(formatPerCoin('65000.5', 'USD')).toBe('$65,000.50');
    expect(formatPerCoin('0.000012', 'USD')).toBe('$0.000012');
  });
});
