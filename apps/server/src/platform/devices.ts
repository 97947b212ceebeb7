import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import Bowser from 'bowser';

/** "Firefox on Linux", from a browser's user agent; "Unknown browser" when it says nothing useful. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? 'Unknown browser';
}

interface CountryLookup {
  lookup(ip: string): { country: string } | null;
}

let countries: CountryLookup | undefined;
/**
 * The address-to-country table (MaxMind's GeoLite2 Country, shipped inside the geoip-country
 * package and read from disk: no outside service is asked). Loaded on first use, about 30 ms.
 */
function countryTable(): CountryLookup {
  countries ??= createRequire(import.meta.url)('geoip-country') as CountryLookup;
  return countries;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * Roughly where an address is, without asking any outside service: this machine, a private
 * network, or the country the address is registered in; "Unknown place" when none of these can
 * be told.
 */
export function describePlace(ip: string | null): string {
  if (!ip || isIP(ip) === 0) return 'Unknown place';
  const address =
    ip.toLowerCase().startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (address === '::1' || address.startsWith('127.')) return 'This computer';
  if (
    /^10\./.test(address) ||
    /^192\.168\./.test(address) ||
    /^172\.(1[6-9]|2[0-9]|3[01])\./.test(address) ||
    /^169\.254\./.test(address) ||
    /^f[cd][0-9a-f]{2}:/i.test(address) ||
    /^fe80:/i.test(address)
  ) {
    return 'A private network';
  }
  const code = countryTable().lookup(address)?.country;
  if (!code) return 'Unknown place';
  return regionNames.of(code) ?? code;
}
