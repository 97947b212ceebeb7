import { createHash, createHmac } from 'node:crypto';

/**
 * One text for one request, whatever order its fields came in: objects with their keys sorted,
 * bigints and dates as tagged text, file contents as their SHA-256 (an upload is compared by
 * its bytes, not by the multipart boundary the browser chose for this attempt).
 */
export function canonical(value: unknown): unknown {
  if (typeof value === 'bigint') return { $bigint: value.toString() };
  if (value instanceof Date) return { $date: value.toISOString() };
  if (Buffer.isBuffer(value)) return { $sha256: createHash('sha256').update(value).digest('hex') };
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * Fields that hold something only the person knows (a PIN, a password, an emailed code). They
 * are left out of a request's fingerprint: were they in it, the same key sent again with a
 * guessed PIN would answer 422 (another request) or the first answer (the right PIN), and that
 * difference tells a guesser the PIN without the guess ever being judged or counted (security
 * review). Without them, every guess under a used key gets the same answer, whatever it is.
 */
export const SECRET_FIELDS: ReadonlySet<string> = new Set([
  'pin',
  'currentPin',
  'newPin',
  'confirmPin',
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'code',
]);

/** A body (or an upload's text fields) as fingerprinted: without its secret fields. */
export function withoutSecrets(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) {
    return body;
  }
  return Object.fromEntries(Object.entries(body).filter(([name]) => !SECRET_FIELDS.has(name)));
}

/**
 * The fingerprint of a request, an HMAC under the server's secret: the table never holds a
 * plain digest of a body whose only unknown part is a four-digit PIN.
 */
export function requestFingerprint(secret: string, request: unknown): string {
  return createHmac('sha256', secret)
    .update(JSON.stringify(canonical(request)))
    .digest('base64url');
}
