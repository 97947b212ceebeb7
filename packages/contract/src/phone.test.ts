import { describe, expect, it } from 'vitest';
import { PHONE_REQUIRED } from './constants.js';
import { checkPhone, readablePhone } from './phone.js';

const refusal = (input: string, country?: string) => {
  const result = checkPhone(input, country);
  if (result.ok) throw new Error(`${input} was accepted as ${result.e164}`);
  return result.message;
};

describe('checkPhone', () => {
  it('takes a number with its +code, or typed the national way for the given country, in E.164', () => {
    expect(checkPhone('+44 7400 123456')).toEqual({ ok: true, e164: '+447400123456' });
    expect(checkPhone('07400 123456', 'GB')).toEqual({ ok: true, e164: '+447400123456' });
    expect(checkPhone('07400 123456', 'gb')).toEqual({ ok: true, e164: '+447400123456' });
    expect(checkPhone('+1 (202) 555-0123', 'GB')).toEqual({ ok: true, e164: '+12025550123' });
    expect(checkPhone(' +234 803 123 4567 ')).toEqual({ ok: true, e164: '+2348031234567' });
    // A country the library does not know is no default: the +code still works.
    expect(checkPhone('+44 7400 123456', 'XX')).toEqual({ ok: true, e164: '+447400123456' });
  });

  it('asks for the number when there is none', () => {
    expect(refusal('  ')).toBe(PHONE_REQUIRED);
  });

  it('says how many digits a number of that country has when there are too few or too many', () => {
    expect(refusal('+44 7400 1234567')).toBe(
      'Too many digits for a +44 number: it has 7, 9 or 10 digits after +44, for example +44 7400 123456. Check the country code and the digits.',
    );
    expect(refusal('0740', 'GB')).toMatch(/^Too few digits for a \+44 number: it has 7, 9 or 10/);
    expect(refusal('+1 202 555 01')).toMatch(
      /^Too few digits for a \+1 number: it has 10 digits after \+1, for example \+1 \d{3} \d{3} \d{4}\./,
    );
    expect(refusal('+44 1')).toMatch(/^Too few digits/);
  });

  it('names the country code when it is missing or no country has it', () => {
    expect(refusal('07400 123456')).toBe(
      'Start with + and the country code, for example +44 for the UK, +1 for the US or +234 for Nigeria.',
    );
    expect(refusal('+999 123456')).toMatch(/^No country has the code this number starts with\./);
  });

  it('refuses a number no operator can have, reserved ranges included, and says so', () => {
    // Ofcom keeps 07700 900000 to 900999 for films and television.
    for (const input of ['+44 7700 900123', '+44 7400 12345', '+1 202 123 4567']) {
      expect(refusal(input)).toMatch(
        /^No operator has a \+\d+ number like this: check the country code and the digits \(\+\d+ numbers have .+\)\. Reserved and fictional ranges, such as those kept for films, are not accepted\.$/,
      );
    }
  });

  it('refuses letters instead of dropping them (an extension, an O for a 0)', () => {
    for (const input of ['+44 74OO 123456', '+44 7400 123456 ext 12', 'call me']) {
      expect(refusal(input)).toMatch(/^Use digits only \(spaces are fine\)\. Start with \+/);
    }
  });
});

describe('readablePhone', () => {
  it('groups a stored number as people read it, and leaves anything else as it is', () => {
    expect(readablePhone('+442079460958')).toBe('+44 20 7946 0958');
    expect(readablePhone('+2348031234567')).toBe('+234 803 123 4567');
    expect(readablePhone('not a number')).toBe('not a number');
  });
});
