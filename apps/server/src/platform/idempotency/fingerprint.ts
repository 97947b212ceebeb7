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
 * The fingerprint of a request, an HMAC under the server's secret: the table never holds a
 * plain digest of a body whose only unknown part is a four-digit PIN.
 */
export function requestFingerprint(secret: string, request: unknown): string {
  return createHmac('sha256', secret)
    .update(JSON.stringify(canonical(request)))
    .digest('base64url');
}
