import { describe, expect, it } from 'vitest';
import { filterErrors, filtersQuery, NO_FILTERS } from './filters';

describe('statement filters', () => {
  it('reads amounts as people type them: thousands separators and a dollar sign', () => {
    const typed = { ...NO_FILTERS, min: '1,500', max: '$ 12,345,678.50' };
    expect(filterErrors(typed)).toEqual({});
    expect(filtersQuery(typed)).toBe('min=1500&max=12345678.50');
  });

  it('refuses what could be read two ways or not at all', () => {
    expect(filterErrors({ ...NO_FILTERS, min: '1,50' })).toHaveProperty('min');
    expect(filterErrors({ ...NO_FILTERS, min: 'ten' })).toHaveProperty('min');
    expect(filterErrors({ ...NO_FILTERS, min: '2,000', max: '1,000' })).toHaveProperty('max');
  });
});
