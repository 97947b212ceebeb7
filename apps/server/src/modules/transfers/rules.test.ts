import { describe, expect, it } from 'vitest';
import { codeReasons, destinationKey, maskEmail, serviceCharge, startOfDay } from './rules.js';

describe('transfer rules', () => {
  it('charges the plan percent to the nearest cent, halves up', () => {
    expect(serviceCharge(10_000n, 1000)).toBe(1_000n);
    expect(serviceCharge(1n, 1000)).toBe(0n);
    expect(serviceCharge(5n, 1000)).toBe(1n); // 0.5 cent rounds up
    expect(serviceCharge(4n, 1000)).toBe(0n);
    expect(serviceCharge(12_345n, 250)).toBe(309n); // 308.625
    expect(serviceCharge(9_999_999_999n, 0)).toBe(0n);
  });

  it('names one beneficiary whatever the branch', () => {
    const a = destinationKey({ swift: 'DEUTDEFF500', accountNumber: 'DE123' }, false);
    const b = destinationKey({ swift: 'DEUTDEFF', accountNumber: 'DE123' }, false);
    expect(a).toBe(b);
    expect(destinationKey({ swift: 'CEDRUS33', accountNumber: '1234567890' }, true)).toBe(
      'internal:1234567890',
    );
  });

  it('asks for the code on a large amount, a new beneficiary or a large day', () => {
    const base = { stepUpThreshold: 100_000n, sentToday: 0n, paidBefore: true };
    expect(codeReasons({ ...base, amount: 99_999n })).toEqual([]);
    expect(codeReasons({ ...base, amount: 100_000n })).toContain('large_amount');
    expect(codeReasons({ ...base, amount: 10n, paidBefore: false })).toEqual(['new_beneficiary']);
    expect(codeReasons({ ...base, amount: 10n, sentToday: 99_991n })).toEqual(['daily_total']);
    expect(codeReasons({ ...base, amount: 10n, sentToday: 99_990n })).toEqual([]);
  });

  it('masks the address and finds the day', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j•••e@example.com');
    expect(maskEmail('jo@example.com')).toBe('j•••@example.com');
    expect(startOfDay(new Date('2026-11-24T23:59:59.999Z')).toISOString()).toBe(
      '2026-11-24T00:00:00.000Z',
    );
  });
});
