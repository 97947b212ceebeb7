import { describe, expect, it } from 'vitest';
import { CLAIM_LEASE_MS, retryAfter } from './store.js';

describe('retryAfter', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const at = (ms: number) => new Date(now.getTime() + ms);

  it('is a second while the attempt renews its lease', () => {
    expect(retryAfter(at(CLAIM_LEASE_MS), now)).toBe(1);
    expect(retryAfter(at(14_000), now)).toBe(1);
  });

  it('is the time left on a lease its attempt stopped renewing', () => {
    expect(retryAfter(at(12_500), now)).toBe(13);
    expect(retryAfter(at(3_000), now)).toBe(3);
    expect(retryAfter(at(200), now)).toBe(1);
    expect(retryAfter(at(-1_000), now)).toBe(1);
  });
});
