import { describe, expect, it } from 'vitest';
import { bookAmount } from './amounts';

describe('amounts as the books print them', () => {
  it('groups thousands, keeps two decimals and marks a negative with a minus sign', () => {
    expect(bookAmount('0')).toBe('0.00');
    expect(bookAmount('7')).toBe('0.07');
    expect(bookAmount('-175151')).toBe('−1,751.51');
    expect(bookAmount(123456789012345678n)).toBe('1,234,567,890,123,456.78');
    expect(bookAmount('100000')).toBe('1,000.00');
  });
});
