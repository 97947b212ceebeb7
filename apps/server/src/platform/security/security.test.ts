import { describe, expect, it } from 'vitest';
import { codeMatches, generateNumericCode, hashCode } from '../codes/crypto.js';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.js';

const SECRET = 'k'.repeat(64);

describe('passwords', () => {
  it('hashes with argon2id at OWASP parameters and verifies only the right password', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(stored, 'Correct horse battery staple')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });

  it('refuses short, long, common and personal passwords, and accepts a passphrase', async () => {
    expect(await passwordProblem('short1')).toMatch(/at least 8/);
    expect(await passwordProblem('a'.repeat(129))).toMatch(/at most 128/);
    for (const common of ['password', 'password123', '12345678', 'qwertyuiop', 'iloveyou1']) {
      expect(await passwordProblem(common), common).toMatch(/too common/);
    }
    expect(await passwordProblem('adaLovelace1815', ['ada', 'lovelace', 'adalovelace'])).toMatch(
      /too common/,
    );
    expect(await passwordProblem('velvet tram orbit lantern')).toBeNull();
  });
});

describe('one-time codes', () => {
  it('are the asked number of digits and not predictable', () => {
    const codes = new Set(Array.from({ length: 200 }, () => generateNumericCode(6)));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(190);
  });

  it('match only the same code, for the same scope, under the same secret', () => {
    const stored = hashCode(SECRET, 'email_verification:42', '123456');
    expect(stored).not.toContain('123456');
    expect(codeMatches(SECRET, 'email_verification:42', '123456', stored)).toBe(true);
    expect(codeMatches(SECRET, 'email_verification:42', '123457', stored)).toBe(false);
    expect(codeMatches(SECRET, 'password_reset:42', '123456', stored)).toBe(false);
    expect(codeMatches(SECRET, 'email_verification:43', '123456', stored)).toBe(false);
    expect(codeMatches('x'.repeat(64), 'email_verification:42', '123456', stored)).toBe(false);
    expect(codeMatches(SECRET, 'email_verification:42', '123456', 'garbage')).toBe(false);
  });

  it('salts each record: the same code stored twice differs', () => {
    expect(hashCode(SECRET, 's', '1234')).not.toBe(hashCode(SECRET, 's', '1234'));
  });
});

describe('argon2 under a flood', () => {
  it('checks a few passwords at a time, lets a line wait, and answers busy beyond it', async () => {
    const stored = await hashPassword('correct horse battery staple');
    const outcomes = await Promise.all(
      Array.from({ length: 4 + 100 + 6 }, () =>
        verifyPassword(stored, 'wrong guess').then(
          (ok) => (ok ? 'right' : 'wrong'),
          (error: { code?: string }) => error.code,
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'wrong')).toHaveLength(104);
    expect(outcomes.filter((o) => o === 'UNAVAILABLE')).toHaveLength(6);
    expect(await verifyPassword(stored, 'correct horse battery staple')).toBe(true);
  });
});
