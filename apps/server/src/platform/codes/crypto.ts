import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A code of `length` decimal digits from the system's secure random source. */
export function generateNumericCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}

/**
 * A one-time code is short, so a slow hash would not protect it; a keyed hash does: without
 * the server's secret no stored value can be checked. The per-record salt, the purpose and
 * the user make each stored value useful for exactly one code of one person for one purpose.
 * Stored as `salt$mac`.
 */
export function hashCode(secretKey: string, scope: string, code: string): string {
  const salt = randomBytes(16).toString('base64url');
  return `${salt}$${mac(secretKey, salt, scope, code)}`;
}

export function codeMatches(
  secretKey: string,
  scope: string,
  code: string,
  stored: string,
): boolean {
  const [salt, expected] = stored.split('$');
  if (!salt || !expected) return false;
  const actual = Buffer.from(mac(secretKey, salt, scope, code));
  const wanted = Buffer.from(expected);
  return actual.length === wanted.length && timingSafeEqual(actual, wanted);
}

function mac(secretKey: string, salt: string, scope: string, code: string): string {
  return createHmac('sha256', secretKey).update(`${salt}\n${scope}\n${code}`).digest('base64url');
}
