import {
  Metadata,
  getCountryCallingCode,
  getExampleNumber,
  isSupportedCountry,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode,
} from 'libphonenumber-js/max';
import metadata from 'libphonenumber-js/max/metadata';
import examples from 'libphonenumber-js/mobile/examples';
import { PHONE_REQUIRED } from './constants.js';

/**
 * Phone numbers as the bank takes them (sign-up's identity check, the profile): checked with
 * libphonenumber's complete ("max") metadata, which knows each country's number ranges and so
 * refuses a number no operator can have (for example the UK's 07700 900xxx range, kept for
 * films), and stored in E.164. A refusal says what to check: the country code, how many digits
 * a number of that country has, or that the range is reserved.
 *
 * The one rule for a phone number, used by the server (identity check, profile) and by the
 * forms that take one. It carries about 160 kB of metadata, so the shared request schemas do
 * not import it (they reach pages such as sign-in): the forms' own schemas and the services do.
 */

export type PhoneCheck = { ok: true; e164: string } | { ok: false; message: string };

/** "10", "9 or 10", "7, 9 or 10", "4 to 15": how many digits follow the country code. */
function lengthWords(lengths: readonly number[]): string {
  if (lengths.length === 1) return String(lengths[0]);
  const first = lengths[0] as number;
  const last = lengths[lengths.length - 1] as number;
  if (lengths.length > 3 && last - first === lengths.length - 1) return `${first} to ${last}`;
  return `${lengths.slice(0, -1).join(', ')} or ${last}`;
}

/**
 * The country whose numbers the typed digits are: the one of the +code they start with (codes
 * are prefix-free, so the first one to match is it), else the default country.
 */
function countryOf(typed: string, fallback: CountryCode | undefined): CountryCode | undefined {
  if (!typed.startsWith('+')) return fallback;
  const digits = typed.replace(/\D/g, '');
  for (let size = 1; size <= 3; size++) {
    const code = digits.slice(0, size);
    if (metadata.country_calling_codes[code]) return mainCountry(code, fallback);
  }
  return undefined;
}

/**
 * The country a calling code's numbers are described by: the default one when it has that code
 * (+1 typed in Canada is Canadian), else the code's main country (+1: US, +44: GB).
 */
function mainCountry(callingCode: string, fallback: CountryCode | undefined) {
  if (fallback && getCountryCallingCode(fallback) === callingCode) return fallback;
  return metadata.country_calling_codes[callingCode]?.[0];
}

/** "+44 numbers have 10 digits after +44 (for example +44 7400 123456)". */
function digitsFor(country: CountryCode): { code: string; rule: string } {
  const code = `+${getCountryCallingCode(country)}`;
  const metadata = new Metadata();
  metadata.selectNumberingPlan(country);
  const lengths = metadata.numberingPlan?.possibleLengths() ?? [];
  const example = getExampleNumber(country, examples)?.formatInternational();
  const digits = lengths.length > 0 ? `${lengthWords(lengths)} digits after ${code}` : '';
  const rule = [digits, example ? `for example ${example}` : ''].filter(Boolean).join(', ');
  return { code, rule };
}

const FOR_EXAMPLE = 'for example +44 for the UK, +1 for the US or +234 for Nigeria';
const START_WITH_CODE = `Start with + and the country code, ${FOR_EXAMPLE}`;

const refuse = (message: string): PhoneCheck => ({ ok: false, message });

/** Too short, too long or in between: what a number of that country looks like. */
function wrongLength(problem: 'TOO_SHORT' | 'TOO_LONG' | 'INVALID_LENGTH', where?: CountryCode) {
  const said = {
    TOO_SHORT: 'Too few digits',
    TOO_LONG: 'Too many digits',
    INVALID_LENGTH: 'The wrong number of digits',
  }[problem];
  if (!where) return refuse(`${said}. ${START_WITH_CODE}.`);
  const { code, rule } = digitsFor(where);
  return refuse(
    `${said} for a ${code} number: it has ${rule}. Check the country code and the digits.`,
  );
}

/**
 * Checks a typed phone number. `country` (ISO 3166 alpha-2, for example the profile's country)
 * reads a number typed without its +code as a number of that country; a number with its +code
 * may be of any country.
 */
export function checkPhone(input: string, country?: string | null): PhoneCheck {
  const typed = input.trim();
  if (typed === '') return refuse(PHONE_REQUIRED);
  const upper = country?.toUpperCase();
  const fallback = upper && isSupportedCountry(upper) ? upper : undefined;
  // Letters (an extension, a word, an O for a 0) are refused rather than quietly dropped.
  if (/[^\d\s()+\-./]/.test(typed)) {
    return refuse(`Use digits only (spaces are fine). ${START_WITH_CODE}.`);
  }
  const problem = validatePhoneNumberLength(typed, { defaultCountry: fallback });
  if (problem === 'NOT_A_NUMBER') return refuse(`That is not a phone number. ${START_WITH_CODE}.`);
  if (problem === 'INVALID_COUNTRY') {
    return refuse(
      typed.startsWith('+')
        ? `No country has the code this number starts with. Check the digits after the +: ${FOR_EXAMPLE}.`
        : `${START_WITH_CODE}.`,
    );
  }
  if (problem) return wrongLength(problem, countryOf(typed, fallback));
  const parsed = parsePhoneNumberFromString(typed, { defaultCountry: fallback, extract: false });
  if (!parsed) return refuse(`That is not a phone number. ${START_WITH_CODE}.`);
  if (!parsed.isValid()) {
    const code = `+${parsed.countryCallingCode}`;
    const where = parsed.country ?? mainCountry(parsed.countryCallingCode, fallback);
    const rule = where ? ` (${code} numbers have ${digitsFor(where).rule})` : '';
    return refuse(
      `No operator has a ${code} number like this: check the country code and the digits${rule}. Reserved and fictional ranges, such as those kept for films, are not accepted.`,
    );
  }
  return { ok: true, e164: parsed.number };
}

/** A number stored in E.164 (+447400123456) as people read it (+44 7400 123456). */
export function readablePhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
