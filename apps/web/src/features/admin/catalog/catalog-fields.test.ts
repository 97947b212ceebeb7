import { accountPlanInputSchema, fixedDepositPlanInputSchema } from '@bank/contract';
import { describe, expect, it } from 'vitest';
import { readField, readForm, showField, valuesOf, type FieldSpec } from './catalog-fields';

const money: FieldSpec = { name: 'minAmount', label: 'Minimum amount', kind: 'money' };
const rate: FieldSpec = { name: 'annualRateBp', label: 'Annual rate (%)', kind: 'percent' };

describe('reading what staff type', () => {
  it('reads amounts as exact minor units, thousands separators and all', () => {
    expect(readField(money, '1,500.00')).toEqual({ value: '150000' });
    expect(readField(money, ' 1500 ')).toEqual({ value: '150000' });
    expect(readField(money, '12.5')).toEqual({ value: '1250' });
    expect(readField(money, '0.01')).toEqual({ value: '1' });
    // Exact to the cent however large: no floating point on the way.
    expect(readField(money, '1234567890123456.78')).toEqual({ value: '123456789012345678' });
    for (const text of ['1.005', '-5', '1e3', 'abc', '1,50']) {
      expect(readField(money, text), text).toEqual({
        error: 'Enter an amount such as 1500 or 1,500.00',
      });
    }
    expect(readField(money, '10000000000000000')).toEqual({ error: 'That amount is too large' });
  });

  it('reads percents as basis points', () => {
    expect(readField(rate, '5.25')).toEqual({ value: 525 });
    expect(readField(rate, '5.25 %')).toEqual({ value: 525 });
    expect(readField(rate, '10')).toEqual({ value: 1000 });
    expect(readField(rate, '0.01')).toEqual({ value: 1 });
    expect(readField(rate, '5.255')).toEqual({
      error: 'Enter a percent with at most two decimals, such as 5.25',
    });
  });

  it('asks for a required field, and sends null for an empty optional one', () => {
    expect(readField(money, '  ')).toEqual({ error: 'Enter the minimum amount' });
    expect(readField({ ...money, optional: true }, '')).toEqual({ value: null });
    const term: FieldSpec = { name: 'termCount', label: 'Term', kind: 'whole' };
    expect(readField(term, '12')).toEqual({ value: 12 });
    expect(readField(term, '1.5')).toEqual({ error: 'Enter a whole number' });
  });

  it('shows the API values back as the decimals staff typed', () => {
    expect(showField('money', '150000')).toBe('1500.00');
    expect(showField('percent', 525)).toBe('5.25');
    expect(showField('percent', 1000)).toBe('10.00');
    expect(showField('money', null)).toBe('');
    expect(showField('whole', 12)).toBe('12');
  });
});

describe('reading a whole plan form against the contract', () => {
  const FIELDS: FieldSpec[] = [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'termCount', label: 'Term', kind: 'whole' },
    { name: 'termUnit', label: 'Term unit', kind: 'select' },
    rate,
    money,
    { name: 'maxAmount', label: 'Maximum amount', kind: 'money', optional: true },
  ];
  const typed = {
    name: 'Six months',
    termCount: '6',
    termUnit: 'months',
    annualRateBp: '5.25',
    minAmount: '1,500.00',
    maxAmount: '',
  };

  it('gives the body the API takes', () => {
    expect(readForm(FIELDS, typed, fixedDepositPlanInputSchema)).toEqual({
      body: {
        name: 'Six months',
        termCount: 6,
        termUnit: 'months',
        annualRateBp: 525,
        minAmount: '150000',
        maxAmount: null,
      },
    });
  });

  it("puts the contract's refusals on their fields", () => {
    expect(readForm(FIELDS, { ...typed, annualRateBp: '0' }, fixedDepositPlanInputSchema)).toEqual({
      errors: { annualRateBp: 'The rate must be more than 0 %' },
    });
    expect(
      readForm(FIELDS, { ...typed, annualRateBp: '100.01' }, fixedDepositPlanInputSchema),
    ).toEqual({ errors: { annualRateBp: 'The rate is at most 100 %' } });
    expect(readForm(FIELDS, { ...typed, maxAmount: '1,000' }, fixedDepositPlanInputSchema)).toEqual(
      { errors: { maxAmount: 'The largest amount is below the smallest' } },
    );
    expect(readForm(FIELDS, { ...typed, termCount: '121' }, fixedDepositPlanInputSchema)).toEqual({
      errors: { termCount: 'At most 120 months' },
    });
    // Unreadable text is said first, before the contract is asked.
    expect(
      readForm(FIELDS, { ...typed, name: '', minAmount: 'lots' }, fixedDepositPlanInputSchema),
    ).toEqual({
      errors: { name: 'Enter the name', minAmount: 'Enter an amount such as 1500 or 1,500.00' },
    });
  });

  it('starts an edit from the entry as the API gave it', () => {
    const plan = {
      id: '3',
      name: 'Gold',
      serviceChargeBp: 250,
      dailyTransferLimit: '5000000',
      stepUpThreshold: '500000',
      price: '0',
    };
    const fields: FieldSpec[] = [
      { name: 'name', label: 'Name', kind: 'text' },
      { name: 'serviceChargeBp', label: 'Service charge (%)', kind: 'percent' },
      { name: 'dailyTransferLimit', label: 'Daily transfer limit', kind: 'money' },
      { name: 'stepUpThreshold', label: 'Authorization code from', kind: 'money' },
      { name: 'price', label: 'Price', kind: 'money' },
    ];
    const values = valuesOf(fields, plan);
    expect(values).toEqual({
      name: 'Gold',
      serviceChargeBp: '2.50',
      dailyTransferLimit: '50000.00',
      stepUpThreshold: '5000.00',
      price: '0.00',
    });
    // Sent back unchanged, it is the same plan.
    expect(readForm(fields, values, accountPlanInputSchema)).toEqual({
      body: {
        name: 'Gold',
        serviceChargeBp: 250,
        dailyTransferLimit: '5000000',
        stepUpThreshold: '500000',
        price: '0',
      },
    });
  });
});
