import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accrualForDay, accruedAfter, addMonths, interestForDays, maturityOf } from './interest.js';

describe('fixed-deposit interest (Actual/365, no drift)', () => {
  it('gives the closed form, rounded half up', () => {
    // 10,000.00 at 5 % for 365 days: exactly 500.00.
    expect(interestForDays(1_000_000n, 500, 365)).toBe(50_000n);
    // 1.00 at 1 % for 1 day: 0.0000274 cents, rounds to 0; 182.5 days rounds half up.
    expect(interestForDays(100n, 100, 1)).toBe(0n);
    expect(interestForDays(73n, 10_000, 1)).toBe(0n); // 0.2 cent
    expect(interestForDays(183n, 10_000, 1)).toBe(1n); // 0.501 cent
  });

  it('daily accruals sum to the total at maturity, never go backwards', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 1_000_000_000_000n }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 3_660 }),
        (principal, rate, days) => {
          let sum = 0n;
          for (let k = 1; k <= days; k++) {
            const a = accrualForDay(principal, rate, days, k);
            expect(a >= 0n).toBe(true);
            sum += a;
          }
          expect(sum).toBe(interestForDays(principal, rate, days));
          expect(accruedAfter(principal, rate, days, days)).toBe(sum);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('counts months by the calendar, clamped to the month end', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-24', 12)).toBe('2027-11-24');
    expect(maturityOf('2026-01-01', { count: 12, unit: 'months' })).toEqual({
      maturityDate: '2027-01-01',
      termDays: 365,
    });
    expect(maturityOf('2026-03-01', { count: 30, unit: 'days' })).toEqual({
      maturityDate: '2026-03-31',
      termDays: 30,
    });
  });
});
