import { describe, expect, it } from 'vitest';
import { readablePhone } from './phone';

describe('readablePhone', () => {
  it('groups a stored number as people read it, and leaves anything else as it is', () => {
    expect(readablePhone('+442079460958')).toBe('+44 20 7946 0958');
    expect(readablePhone('+2348031234567')).toBe('+234 803 123 4567');
    expect(readablePhone('not a number')).toBe('not a number');
  });
});
