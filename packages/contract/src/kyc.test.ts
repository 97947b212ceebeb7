import { describe, expect, it } from 'vitest';
import { kycDetailsSchema } from './kyc.js';

const details = {
  country: 'GB',
  phone: '+44 20 7946 0958',
  homeAddress: '1 Orbit Lane',
  documentType: 'Passport',
};

describe('identity check details', () => {
  it('asks for a phone; what makes a number right is checkPhone, with the chosen country', () => {
    const message = (phone: string) =>
      kycDetailsSchema.safeParse({ ...details, phone }).error?.issues[0]?.message;
    expect(message('')).toBe('Enter your phone number');
    expect(message(details.phone)).toBeUndefined();
    expect(message('x'.repeat(41))).toBe('At most 40 characters');
  });
});
