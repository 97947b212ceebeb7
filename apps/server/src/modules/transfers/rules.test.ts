import { describe, expect, it } from 'vitest';
import {
  codeReasons,
  destinationKey,
  maskEmail,
  samePayee,
  serviceCharge,
  startOfDay,
  transferChargeBp,
  type PayeeDetails,
} from './rules.js';

describe('transfer rules', () => {
  it('charges the plan percent to the nearest cent, halves up', () => {
    expect(serviceCharge(10_000n, 1000)).toBe(1_000n);
    expect(serviceCharge(1n, 1000)).toBe(0n);
    expect(serviceCharge(5n, 1000)).toBe(1n); // 0.5 cent rounds up
    expect(serviceCharge(4n, 1000)).toBe(0n);
    expect(serviceCharge(12_345n, 250)).toBe(309n); // 308.625
    expect(serviceCharge(9_999_999_999n, 0)).toBe(0n);
  });

  it('charges nothing inside the bank, the plan’s rate to another bank', () => {
    expect(transferChargeBp(50, false)).toBe(50);
    expect(transferChargeBp(50, true)).toBe(0);
    expect(serviceCharge(123_457n, transferChargeBp(50, false))).toBe(617n); // 617.285
    expect(serviceCharge(300n, 50)).toBe(2n); // 1.5 cents rounds up
    expect(serviceCharge(299n, 50)).toBe(1n);
  });

  it('knows a payee only when every detail is the same', () => {
    const paid: PayeeDetails = {
      bank: 'Deutsche Bank',
      swift: 'DEUTDEFF',
      currency: 'USD',
      routing: '021000021',
      country: 'DE',
      accountNumber: 'DE89370400440532013000',
      accountHolderName: 'Grace Hopper',
      recipientAccountId: null,
    };
    for (const same of [
      { swift: 'DEUTDEFFXXX' },
      { accountHolderName: ' grace   HOPPER ' },
      { bank: 'deutsche bank' },
      { routing: '021-000 021' },
    ]) {
      expect(samePayee(paid, { ...paid, ...same }), JSON.stringify(same)).toBe(true);
    }
    for (const other of [
      { swift: 'DEUTDEFF500' },
      { accountHolderName: 'Grace B. Hopper' },
      { bank: 'Deutsche Bank AG' },
      { routing: '021000089' },
      { country: 'AT' },
      { currency: 'EUR' },
      { accountNumber: 'DE89370400440532013001' },
      { recipientAccountId: 7n },
    ]) {
      expect(samePayee(paid, { ...paid, ...other }), Object.keys(other)[0]).toBe(false);
    }
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
