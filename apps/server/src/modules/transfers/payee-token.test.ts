import { describe, expect, it } from 'vitest';
import { readPayeeToken, signPayeeToken } from './payee-token.js';

const SECRET = 's'.repeat(64);
const claims = {
  userId: 42n,
  accountNumber: '5928387132',
  maskedName: 'Ngozi E.',
  typedName: 'Ngozi',
  match: 'close_match' as const,
  expiresAt: new Date('2026-11-24T10:30:00.000Z'),
};

describe('the payee check’s token', () => {
  it('reads back what the server signed, and nothing it did not', () => {
    const token = signPayeeToken(SECRET, claims);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(readPayeeToken(SECRET, token)).toEqual(claims);
    // Holds only what the payer was shown: never a full name.
    expect(Buffer.from(token.split('.')[0] as string, 'base64url').toString()).not.toMatch(/Eze/);

    expect(readPayeeToken('t'.repeat(64), token)).toBeNull();
    const [payload, mac] = token.split('.') as [string, string];
    const other = Buffer.from(
      Buffer.from(payload, 'base64url').toString().replace('5928387132', '5928387140'),
    ).toString('base64url');
    expect(readPayeeToken(SECRET, `${other}.${mac}`)).toBeNull();
    expect(readPayeeToken(SECRET, `${payload}.${mac.slice(0, -2)}AA`)).toBeNull();
    expect(readPayeeToken(SECRET, `${payload}`)).toBeNull();
    expect(readPayeeToken(SECRET, `${token}.x`)).toBeNull();
  });
});
