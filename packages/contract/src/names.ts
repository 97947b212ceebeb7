import { z } from 'zod';

/**
 * A person's name as it will appear in the bank's emails: one to three words of letters (any
 * script), a word joined by apostrophes or hyphens ("O'Brien", "Zoë-Anne") and ending in a dot
 * if it is an initial of one letter ("J."). No digits, no dots but an initial's, no other marks:
 * nobody can put a sentence, a phone number or a web address ("www. evil. com") of their own
 * into a message the bank sends. Compatibility forms (full-width "ＡＬＩＣＥ") are folded first.
 */
const WORD = "(?:\\p{L}\\p{M}*\\.|\\p{L}[\\p{L}\\p{M}]*(?:['’-]\\p{L}[\\p{L}\\p{M}]*)*)";
const NAME = new RegExp(`^${WORD}(?: ${WORD}){0,2}$`, 'u');
export const NAME_MAX_LENGTH = 40;

/** Characters that look like nothing, or like punctuation: never in a name. */
const INVISIBLE_OR_MODIFIER = /[\p{Lm}\p{Default_Ignorable_Code_Point}]|\p{M}{3,}/u;

/** The writing systems a name's word may use, each on its own (Japanese mixes three). */
const SCRIPTS: [string, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Bengali', /\p{Script=Bengali}/u],
  ['Tamil', /\p{Script=Tamil}/u],
  ['Telugu', /\p{Script=Telugu}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Hangul', /\p{Script=Hangul}/u],
  ['Ethiopic', /\p{Script=Ethiopic}/u],
  ['CJK', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u],
];

/**
 * Each word in one writing system: "Аdа" (Cyrillic А and а around a Latin d) looks like "Ada"
 * and is refused; letters of a script not listed above are refused too.
 */
function wordsInOneScript(name: string): boolean {
  return name.split(' ').every((word) => {
    const scripts = new Set<string>();
    for (const letter of word.match(/\p{L}/gu) ?? []) {
      const script = SCRIPTS.find(([, pattern]) => pattern.test(letter))?.[0];
      if (!script) return false;
      scripts.add(script);
    }
    return scripts.size <= 1;
  });
}

export const nameSchema = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .refine(
      (name) => !INVISIBLE_OR_MODIFIER.test(name),
      `${label} may contain letters of one writing system per word only`,
    )
    .normalize('NFKC')
    .max(NAME_MAX_LENGTH, `${label} must be at most ${NAME_MAX_LENGTH} characters`)
    .regex(NAME, `${label} may be one to three words of letters (with ' or - inside a word)`)
    .refine(
      (name) => !INVISIBLE_OR_MODIFIER.test(name) && wordsInOneScript(name),
      `${label} may contain letters of one writing system per word only`,
    );

/** Writing systems whose names are written family name first, as one word: "王小明", "山田太郎". */
const FAMILY_NAME_FIRST = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** Korean names are family name first too, as one word ("김지우"). */
const HANGUL = /\p{Script=Hangul}/u;

/**
 * A person's full name in the order and spacing of its writing system: "Ngozi Eze", but "王小明"
 * (family name 王, given name 小明) and "김지우": the family name first and no space where the
 * names are Chinese, Japanese or Korean. A Latin given name with a Chinese family name keeps the
 * order the person typed ("Wei 王" is not turned around: only names wholly in those scripts are).
 */
export function personName(person: { firstName: string; lastName: string }): string {
  const first = person.firstName.trim();
  const last = person.lastName.trim();
  const eastAsian = (part: string) => FAMILY_NAME_FIRST.test(part) || HANGUL.test(part);
  const onlyEastAsian = (part: string) =>
    Array.from(part.replace(/\s/g, '')).every((letter) => eastAsian(letter));
  if (first && last && onlyEastAsian(first) && onlyEastAsian(last)) return `${last}${first}`;
  return [first, last].filter(Boolean).join(' ');
}
