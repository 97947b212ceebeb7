import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key.js';

describe('the rate-limit key of a client', () => {
  it('is the IPv4 address itself, mapped or not', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('is the /64 network of an IPv6 address, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002:0:0:0:7',
      '2001:DB8:1:2::abcd',
    ]) {
      expect(clientKey(ip), ip).toBe(key);
    }
    expect(clientKey('2001:db8:1:3::1')).not.toBe(key);
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});
