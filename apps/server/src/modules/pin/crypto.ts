import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A four-digit PIN has 10,000 values: no hash, however slow, protects it from someone holding
 * the stored value. A keyed hash does: the key is derived from SECRET_KEY for this one use and
 * never stored with the data, and the salt and the person's id make every stored value unique.
 */
function pinKey(secretKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, 'cedar-bank-pin', 'transaction-pin', 32));
}

function mac(secretKey: string, salt: string, userId: bigint, pin: string): string {
  return createHmac('sha256', pinKey(secretKey)).update(`${salt}\n${userId}\n${pin}`).digest('hex');
}

export function hashPin(secretKey: string, userId: bigint, pin: string) {
  const salt = randomBytes(16).toString('hex');
  return { salt, hash: mac(secretKey, salt, userId, pin) };
}

export function pinMatches(
  secretKey: string,
  userId: bigint,
  pin: string,
  stored: { salt: string; hash: string },
): boolean {
  const actual = Buffer.from(mac(secretKey, stored.salt, userId, pin), 'hex');
  const expected = Buffer.from(stored.hash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
