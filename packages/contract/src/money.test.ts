import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_MINOR_UNITS,
  minorUnitsSchema,
  unsignedMinorUnitsSchema,
  formatMoney,
  parseDecimalAmount,
  parseMinorUnits,
  toDecimalString,
} from './money.js';

describe('money', () => {
  it('parses decimal amounts into exact minor units', () => {
    expect(parseDecimalAmount('12.3')).toBe(1230n);
    expect(parseDecimalAmount('0.01')).toBe(1n);
    expect(parseDecimalAmount('100')).toBe(10000n);
    expect(parseDecimalAmount(' 7.05 ')).toBe(705n);
  });

  it('refuses what is not a plain amount', () => {
    for (const bad of [
      '',
      '-1',
      '1e3',
      '1.234',
      '01',
      'abc',
      '1,000',
      '.5',
      'NaN',
      '92233720368547758.08',
    ]) {
      expect(parseDecimalAmount(bad), bad).toBeNull();
    }
  });

  it('round-trips any amount through its decimal string', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_MINOR_UNITS }), (minor) => {
        expect(parseDecimalAmount(toDecimalString(minor))).toBe(minor);
      }),
    );
  });

  it('parses the JSON form of signed minor units within bigint range', () => {
    expect(parseMinorUnits('-250')).toBe(-250n);
    expect(parseMinorUnits('9223372036854775808')).toBeNull();
    expect(parseMinorUnits('1.5')).toBeNull();
  });

  it('formats with two fixed decimals and no float rounding', () => {
    expect(toDecimalString(-5n)).toBe('-0.05');
    expect(formatMoney(123456n, 'USD')).toBe('$1,234.56');
    expect(formatMoney(9007199254740993n, 'USD')).toBe('$90,071,992,547,409.93');
  });
});

describe('amount schemas', () => {
  it('take minor units as canonical digit strings only', () => {
    for (const good of ['0', '5', '-5', '123456']) {
      expect(minorUnitsSchema.safeParse(good).success, good).toBe(true);
    }
    for (const bad of ['-0', '007', '1.5', '1e3', '', ' 5', '+5']) {
      expect(minorUnitsSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('refuse a sign where the direction is said elsewhere', () => {
    expect(unsignedMinorUnitsSchema.safeParse('500').success).toBe(true);
    expect(unsignedMinorUnitsSchema.safeParse('-500').success).toBe(false);
  });
});
