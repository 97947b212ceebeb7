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

/**
 * Roughly where an address is, without asking any outside service: this machine, a private
 * network, or somewhere on the internet (no location database is shipped).
 */
export function describePlace(ip: string | null): string {
  if (!ip || isIP(ip) === 0) return 'Unknown place';
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (v4 === '::1' || v4.startsWith('127.')) return 'This computer';
  if (
    /^10\./.test(v4) ||
    /^192\.168\./.test(v4) ||
    /^172\.(1[6-9]|2[0-9]|3[01])\./.test(v4) ||
    /^f[cd][0-9a-f]{2}:/i.test(v4) ||
    /^fe80:/i.test(v4)
  ) {
    return 'A private network';
  }
  return 'The internet';
}
