import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** A phone number stored in E.164 (+442079460958) as people read it (+44 20 7946 0958). */
export function readablePhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
