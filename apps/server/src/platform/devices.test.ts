import { describe, expect, it } from 'vitest';
import { describeDevice, describePlace } from './devices.js';

describe('describePlace', () => {
  it('names the country an address is registered in, from the table shipped with the app', () => {
    expect(describePlace('8.8.8.8')).toBe('United States');
    expect(describePlace('81.2.69.160')).toBe('United Kingdom');
    expect(describePlace('::ffff:81.2.69.160')).toBe('United Kingdom');
    expect(describePlace('2a00:1450:4009:81f::200e')).not.toBe('Unknown place');
  });

  it('says this computer or a private network where a country would be wrong', () => {
    expect(describePlace('127.0.0.1')).toBe('This computer');
    expect(describePlace('::1')).toBe('This computer');
    expect(describePlace('::ffff:127.0.0.1')).toBe('This computer');
    for (const ip of [
      '10.1.2.3',
      '192.168.0.10',
      '172.20.0.1',
      '169.254.1.1',
      'fd00::1',
      'fe80::1',
    ]) {
      expect(describePlace(ip)).toBe('A private network');
    }
  });

  it('says Unknown place for no address, a malformed one, or one in no country', () => {
    expect(describePlace(null)).toBe('Unknown place');
    expect(describePlace('not an address')).toBe('Unknown place');
    expect(describePlace('0.0.0.0')).toBe('Unknown place');
  });
});

describe('describeDevice', () => {
  it('reads the browser and system from the user agent', () => {
    expect(
      describeDevice('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'),
    ).toBe('Firefox on Linux');
    expect(describeDevice(null)).toBe('Unknown browser');
  });
});
