import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';

countries.registerLocale(en);

export interface Country {
  code: string;
  name: string;
}

/** Every ISO 3166 country: alpha-2 code and English name, sorted by name. */
export const COUNTRIES: Country[] = Object.entries(countries.getNames('en', { select: 'official' }))
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

/** The English name of a country from its alpha-2 code; the code itself when unknown. */
export function countryName(code: string): string {
  return countries.getName(code.toUpperCase(), 'en', { select: 'official' }) ?? code;
}
