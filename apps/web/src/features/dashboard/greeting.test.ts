import { describe, expect, it } from 'vitest';
import { greetingFor } from './greeting';

describe('greetingFor', () => {
  it('follows the spec for every hour: 0-4 evening, 5-11 morning, 12-17 afternoon, 18-23 evening', () => {
    const hours = Array.from({ length: 24 }, (_, hour) => hour);
    expect(hours.map(greetingFor)).toEqual([
      ...Array<string>(5).fill('Good Evening'),
      ...Array<string>(7).fill('Good Morning'),
      ...Array<string>(6).fill('Good Afternoon'),
      ...Array<string>(6).fill('Good Evening'),
    ]);
  });
});
