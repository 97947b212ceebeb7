import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { PAYEE_MATCHES, TRANSFER_FLOW_TTL_MS, type PayeeMatch } from '@bank/contract';
import { z } from 'zod';

/**
 * The payee check's answer as the transfer carries it back (decision 0024): signed by the
 * server with a key derived from SECRET_KEY, bound to the customer and the account number, and
 * good for as long as a transfer flow. It holds nothing the payer was not shown: the masked
 * name, the name they typed and how it compared. The holder's full name stays on the server,
 * which reads it again from the account when the transfer is made.
 */

export const PAYEE_TOKEN_TTL_MS = TRANSFER_FLOW_TTL_MS;

export interface PayeeTokenClaims {
  userId: bigint;
  accountNumber: string;
  /** The masked name the customer confirmed. */
  maskedName: string;
  typedName: string;
  match: PayeeMatch;
  expiresAt: Date;
}

const payloadSchema = z.object({
  v: z.literal(1),
  u: z.string().regex(/^\d+$/),
  a: z.string(),
  h: z.string(),
  n: z.string(),
  m: z.enum(PAYEE_MATCHES),
  e: z.number().int(),
});

function tokenKey(secretKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, 'cedar-bank-payee', 'payee-check-token', 32));
}

const mac = (secretKey: string, payload: string) =>
  createHmac('sha256', tokenKey(secretKey)).update(payload).digest();

export function signPayeeToken(secretKey: string, claims: PayeeTokenClaims): string {
  const payload = Buffer.from(
    JSON.stringify({
      v: 1,
      u: String(claims.userId),
      a: claims.accountNumber,
      h: claims.maskedName,
      n: claims.typedName,
      m: claims.match,
      e: claims.expiresAt.getTime(),
    }),
  ).toString('base64url');
  return `${payload}.${mac(secretKey, payload).toString('base64url')}`;
}

/** The token's claims when the server signed it, or null (expiry and binding are the caller's). */
export function readPayeeToken(secretKey: string, token: string): PayeeTokenClaims | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secretKey, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const claims = payloadSchema.safeParse(parsed);
  if (!claims.success) return null;
  const c = claims.data;
  return {
    userId: BigInt(c.u),
    accountNumber: c.a,
    maskedName: c.h,
    typedName: c.n,
    match: c.m,
    expiresAt: new Date(c.e),
  };
}
