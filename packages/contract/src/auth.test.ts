import { describe, expect, it } from 'vitest';
import { emailSchema, verifyEmailSchema } from './auth.js';
import { signupSchema } from './signup.js';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada.l',
  email: ' Ada@Example.com ',
  password: 'velvet tram orbit',
  acceptTerms: true,
};

describe('auth schemas', () => {
  it('accepts a real signup and trims the email', () => {
    expect(signupSchema.parse(valid).email).toBe('Ada@Example.com');
    expect(
      signupSchema.parse({ ...valid, firstName: 'Zoë-Anne', lastName: "O'Brien" }),
    ).toBeTruthy();
  });

  it("says the spec's words for a malformed email", () => {
    for (const bad of ['ada', 'ada@', '@x.com', 'a b@c.d']) {
      const result = emailSchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("That doesn't look like an email address");
    }
  });

  it('refuses short passwords, unticked terms, markup in names and odd usernames', () => {
    const messages = (input: object) =>
      signupSchema.safeParse({ ...valid, ...input }).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ password: 'short' })).toEqual(['Password must be at least 8 characters']);
    expect(messages({ acceptTerms: false })[0]).toMatch(/at least 18/);
    expect(messages({ firstName: '<b>Ada</b>' })[0]).toMatch(/letters/);
    expect(messages({ username: 'a' })[0]).toMatch(/3 to 30/);
    expect(messages({ username: 'ada lovelace' })[0]).toMatch(/3 to 30/);
  });

  it('takes only six-digit codes', () => {
    expect(verifyEmailSchema.safeParse({ email: 'a@b.co', code: '123456' }).success).toBe(true);
    for (const code of ['12345', '1234567', '12345a', ' 123456']) {
      expect(verifyEmailSchema.safeParse({ email: 'a@b.co', code }).success, code).toBe(false);
    }
  });
});

describe('names are names', () => {
  const name = (firstName: string) => signupSchema.safeParse({ ...valid, firstName }).success;

  it('takes the names people have', () => {
    for (const ok of [
      'Ada',
      'Zoë-Anne',
      "O'Brien",
      'de la Cruz',
      'J. R.',
      'Nguyễn Thị',
      'Jean-Luc',
    ]) {
      expect(name(ok), ok).toBe(true);
    }
  });

  it('refuses sentences, links, digits and control characters', () => {
    for (const bad of [
      'Please call our support line now',
      'Click here to verify',
      'www.evil.example',
      'Ada 2',
      'Ada\u0000',
      'Ada\u202e',
      '-Ada',
      'Ada  Lovelace',
      'a'.repeat(41),
      'Maria de los Angeles',
      'www\ua4f8evil\ua4f8com',
      '\u3164',
      'x\u3164y',
      'A\u0301\u0301\u0301da',
      '\u0410d\u0430',
      'www. evil. com',
      'Go. To. Site.',
    ]) {
      expect(name(bad), bad).toBe(false);
    }
  });

  it('folds compatibility forms: a full-width name is the plain one', () => {
    const parsed = signupSchema.parse({ ...valid, firstName: '\uff21\uff2c\uff29\uff23\uff25' });
    expect(parsed.firstName).toBe('ALICE');
  });
});
