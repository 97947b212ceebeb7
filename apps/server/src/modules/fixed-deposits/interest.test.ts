import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accrualForDay,
  accruedAfter,
  addDays,
  addMonths,
  daysBetween,
  interestForDays,
  maturityOf,
} from './interest.js';

const DENOMINATOR = 3_650_000n; // 10,000 basis points × 365 days
const principals = fc.bigInt({ min: 1n, max: 1_000_000_000_000n });
const rates = fc.integer({ min: 1, max: 10_000 });
const terms = fc.integer({ min: 1, max: 3_660 });

describe('fixed-deposit interest (Actual/365, no drift)', () => {
  it('gives the closed form, rounded half up', () => {
    // 10,000.00 at 5 % for 365 days: exactly 500.00.
    expect(interestForDays(1_000_000n, 500, 365)).toBe(50_000n);
    // 1.00 at 1 % for 1 day: 0.0027 cents, rounds to 0.
    expect(interestForDays(100n, 100, 1)).toBe(0n);
    expect(interestForDays(73n, 10_000, 1)).toBe(0n); // 0.2 cent
    expect(interestForDays(182n, 10_000, 1)).toBe(0n); // 0.4986 cent
    expect(interestForDays(183n, 10_000, 1)).toBe(1n); // 0.5014 cent
    // Exactly half a cent rounds up: 365 × 5 = 1825 over 3650: 0.5.
    expect(interestForDays(365n, 5_000, 1)).toBe(1n);
    expect(interestForDays(1_000_000_000_000n, 10_000, 3_660)).toBe(10_027_397_260_274n); // ×10.0273972602739…;
  });

  it('is P·r·n / 3,650,000 to the nearest cent, halves up, for any deposit', () => {
    fc.assert(
      fc.property(principals, rates, terms, (p, r, n) => {
        const i = interestForDays(p, r, n);
        // Round half up: i - 1/2 <= x < i + 1/2, in integers: -D <= 2(P·r·n - i·D) < D.
        const twice = 2n * (p * BigInt(r) * BigInt(n) - i * DENOMINATOR);
        expect(twice >= -DENOMINATOR && twice < DENOMINATOR).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('accrues day by day to exactly the closed form, never going backwards', () => {
    fc.assert(
      fc.property(principals, rates, terms, (p, r, n) => {
        const total = interestForDays(p, r, n);
        let sum = 0n;
        let previous = accruedAfter(p, r, n, 0);
        expect(previous).toBe(0n);
        // Every day is checked, in plain comparisons asserted once per deposit: three expect()
        // calls a day (up to 3,660 days, 80 deposits) took 3 s, past the 5 s timeout under load.
        let wrongDay: string | undefined;
        for (let k = 1; k <= n && wrongDay === undefined; k++) {
          const day = accrualForDay(p, r, n, k);
          const c = accruedAfter(p, r, n, k);
          sum += day;
          if (day < 0n || c < previous || c !== sum) {
            wrongDay = `day ${k}: accrues ${day}, accrued ${c} after ${previous}, days sum to ${sum}`;
          }
          previous = c;
        }
        expect(wrongDay).toBeUndefined();
        expect(sum).toBe(total);
        expect(accruedAfter(p, r, n, n)).toBe(total);
        // Past the term nothing more accrues.
        expect(accruedAfter(p, r, n, n + 30)).toBe(total);
      }),
      { numRuns: 80 },
    );
  });

  it('refuses what is not a non-negative whole amount', () => {
    expect(() => interestForDays(-1n, 100, 10)).toThrow(RangeError);
    expect(() => interestForDays(100n, 1.5, 10)).toThrow(RangeError);
    expect(() => interestForDays(100n, 100, 0.5)).toThrow(RangeError);
  });
});

describe('the term in calendar days', () => {
  it('counts months by the calendar, clamped to the month end', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-03-31', 1)).toBe('2026-04-30');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2026-11-24', 12)).toBe('2027-11-24');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(maturityOf('2026-01-01', { count: 12, unit: 'months' })).toEqual({
      maturityDate: '2027-01-01',
      termDays: 365,
    });
    expect(maturityOf('2028-01-01', { count: 12, unit: 'months' })).toEqual({
      maturityDate: '2029-01-01',
      termDays: 366,
    });
    expect(maturityOf('2026-01-31', { count: 1, unit: 'months' })).toEqual({
      maturityDate: '2026-02-28',
      termDays: 28,
    });
    expect(maturityOf('2026-03-01', { count: 30, unit: 'days' })).toEqual({
      maturityDate: '2026-03-31',
      termDays: 30,
    });
  });

  it('lands on the same day N months on, or on the last day of a shorter month', () => {
    const days = fc.integer({ min: 0, max: 40_000 }).map((n) => addDays('1990-01-01', n));
    fc.assert(
      fc.property(days, fc.integer({ min: 1, max: 120 }), (start, months) => {
        const end = addMonths(start, months);
        const [y0, m0, d0] = start.split('-').map(Number) as [number, number, number];
        const [y1, m1, d1] = end.split('-').map(Number) as [number, number, number];
        expect(y1 * 12 + m1 - (y0 * 12 + m0)).toBe(months);
        expect(d1 <= d0).toBe(true);
        // A day earlier than the start's only when the month has no such day.
        if (d1 < d0) expect(addDays(end, 1).endsWith('-01')).toBe(true);
        const { termDays, maturityDate } = maturityOf(start, { count: months, unit: 'months' });
        expect(maturityDate).toBe(end);
        expect(termDays).toBe(daysBetween(start, end));
        expect(termDays >= 28 * months && termDays <= 31 * months).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });

  it('counts whole UTC days between calendar dates, across leap days', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
    expect(daysBetween('2026-03-01', '2026-03-01')).toBe(0);
    expect(daysBetween('2026-03-02', '2026-03-01')).toBe(-1);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40_000 }),
        fc.integer({ min: 0, max: 4_000 }),
        (a, n) => {
          const start = addDays('1990-01-01', a);
          expect(daysBetween(start, addDays(start, n))).toBe(n);
        },
      ),
    );
  });
});
