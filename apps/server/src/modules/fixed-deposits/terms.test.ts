import { describe, expect, it } from 'vitest';
import { formatRate } from '@bank/contract';
import { amountRefusal, termsFor, type PlanTerms } from './terms.js';

const plan: PlanTerms = {
  id: 1n,
  name: 'Twelve months',
  termCount: 12,
  termUnit: 'months',
  rateBp: 525,
  minAmount: 10_000n,
  maxAmount: 5_000_000n,
  active: true,
};

describe('a plan’s terms for an amount', () => {
  it('shows a rate as a customer reads it', () => {
    expect(formatRate(525)).toBe('5.25 %');
    expect(formatRate(550)).toBe('5.5 %');
    expect(formatRate(505)).toBe('5.05 %');
    expect(formatRate(500)).toBe('5 %');
    expect(formatRate(1)).toBe('0.01 %');
    expect(formatRate(10_000)).toBe('100 %');
  });

  it('takes amounts within the plan’s minimum and maximum only', () => {
    expect(amountRefusal(plan, 10_000n, '2026-03-01', 'USD')).toBeNull();
    expect(amountRefusal(plan, 5_000_000n, '2026-03-01', 'USD')).toBeNull();
    expect(amountRefusal(plan, 9_999n, '2026-03-01', 'USD')).toBe(
      'The Twelve months plan starts at $100.00',
    );
    expect(amountRefusal(plan, 5_000_001n, '2026-03-01', 'USD')).toBe(
      'The Twelve months plan takes at most $50,000.00',
    );
    // Without a maximum, only what the ledger could not hold at maturity is refused.
    const open = { ...plan, maxAmount: null, rateBp: 10_000 };
    expect(amountRefusal(open, 9_000_000_000_000_000_000n, '2026-03-01', 'USD')).toBe(
      'That amount is too large',
    );
  });

  it('runs from the start date to the maturity date, with the closed-form interest', () => {
    expect(termsFor(plan, 1_000_000n, '2026-03-01')).toEqual({
      startDate: '2026-03-01',
      maturityDate: '2027-03-01',
      termDays: 365,
      interest: 52_500n,
      total: 1_052_500n,
    });
    const days = { ...plan, termCount: 90, termUnit: 'days' as const };
    expect(termsFor(days, 1_000_000n, '2026-12-15')).toMatchObject({
      maturityDate: '2027-03-15',
      termDays: 90,
      interest: 12_945n, // 1,000,000 × 525 × 90 / 3,650,000 = 12,945.2
    });
  });
});
