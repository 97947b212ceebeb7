import { describe, expect, it } from 'vitest';
import { waitedFor } from './age';

describe('how long the oldest item has waited', () => {
  it('says minutes, then hours, then days', () => {
    expect(waitedFor(0)).toEqual({ short: '< 1 min', words: 'less than a minute' });
    expect(waitedFor(60)).toEqual({ short: '1 min', words: '1 minute' });
    expect(waitedFor(45 * 60 + 59)).toEqual({ short: '45 min', words: '45 minutes' });
    expect(waitedFor(3 * 3600 + 1799)).toEqual({ short: '3 h', words: '3 hours' });
    expect(waitedFor(47 * 3600)).toEqual({ short: '47 h', words: '47 hours' });
    expect(waitedFor(48 * 3600)).toEqual({ short: '2 d', words: '2 days' });
  });
});
