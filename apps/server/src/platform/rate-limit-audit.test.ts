import { describe, expect, it } from 'vitest';
import { RateLimitAuditGate } from './rate-limit-audit.js';

function clockAt(start = Date.parse('2026-11-05T10:00:00Z')) {
  let now = start;
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('which 429s reach the audit log', () => {
  it('takes the first of an address and route, then none of that pair for a minute', () => {
    const clock = clockAt();
    const gate = new RateLimitAuditGate(clock);
    expect(gate.admit('203.0.113.5 POST /signin').record).toBe(true);
    for (let i = 0; i < 1000; i++)
      expect(gate.admit('203.0.113.5 POST /signin').record).toBe(false);
    // Another route or another address is another pair.
    expect(gate.admit('203.0.113.5 POST /forgot').record).toBe(true);
    expect(gate.admit('203.0.113.6 POST /signin').record).toBe(true);
    clock.advance(59_999);
    expect(gate.admit('203.0.113.5 POST /signin').record).toBe(false);
    clock.advance(1);
    expect(gate.admit('203.0.113.5 POST /signin').record).toBe(true);
  });

  it('writes at most its per-minute share whatever the number of addresses, and says how many it left out', () => {
    const clock = clockAt();
    const gate = new RateLimitAuditGate(clock, { perMinute: 3 });
    const taken = Array.from({ length: 10 }, (_, i) => gate.admit(`198.51.100.${i} GET /x`));
    expect(taken.map((t) => t.record)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    clock.advance(60_000);
    // The next minute's first row reports the seven left out before it.
    expect(gate.admit('198.51.100.200 GET /x')).toEqual({ record: true, dropped: 7 });
    expect(gate.admit('198.51.100.201 GET /x')).toEqual({ record: true, dropped: 0 });
  });
});
