import { describe, expect, it } from 'vitest';
import { serviceCharge, transferChargeBp, transferQuote } from './transfer-charge.js';

describe('the transfer charge (server and form alike)', () => {
  it('is the rate of the amount to the nearest cent, halves up; none inside the bank', () => {
    expect(serviceCharge(25_000n, 50)).toBe(125n);
    expect(serviceCharge(300n, 50)).toBe(2n);
    expect(serviceCharge(299n, 50)).toBe(1n);
    expect(serviceCharge(15_025n, 1000)).toBe(1_503n);
    expect(transferQuote(25_000n, transferChargeBp(50, false))).toEqual({
      fee: 125n,
      received: 24_875n,
    });
    expect(transferQuote(25_000n, transferChargeBp(50, true))).toEqual({
      fee: 0n,
      received: 25_000n,
    });
  });
});
