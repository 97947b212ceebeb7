import { describe, expect, it } from 'vitest';
import { kycDetailsSchema } from './kyc.js';

const details = {
  country: 'GB',
  phone: '+44 20 7946 0958',
  homeAddress: '1 Orbit Lane',
  documentType: 'Passport',
};

describe('identity check details', () => {
  it('tells an empty phone from one that is not a number', () => {
    const message = (phone: string) =>
      kycDetailsSchema.safeParse({ ...details, phone }).error?.issues[0]?.message;
    expect(message('')).toBe('Enter your phone number');
    expect(message('abc')).toBe('That does not look like a phone number');
    expect(message(details.phone)).toBeUndefined();
  });
});
