import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (a staff member's TOTP key), sealed with AES-256-GCM under
 * a key derived from SECRET_KEY for that one use: a copy of the database alone reveals nothing,
 * and a sealed value cannot be altered unnoticed. Format: `v1.<iv>.<tag>.<ciphertext>`,
 * base64url.
 */
function keyFor(secretKey: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, 'cedar-bank-seal', purpose, 32));
}

export function seal(secretKey: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secretKey, purpose), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function unseal(secretKey: string, purpose: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed value');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    keyFor(secretKey, purpose),
    Buffer.from(iv, 'base64url'),
  );
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
