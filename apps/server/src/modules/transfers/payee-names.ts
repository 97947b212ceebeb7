import type { PayeeMatch } from '@bank/contract';

/**
 * Confirmation of payee, the words (decision 0024): the holder's name as a payer may see it, and
 * how the name the payer typed compares with the holder's. No database here.
 */

export interface HolderName {
  firstName: string;
  lastName: string;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Writing systems whose family names are one or two characters: an "initial" would be all of it. */
const SHORT_FAMILY_NAMES =
  /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * Arabic's article ("ال", written joined to the name, or "آل", "family of", as a word of its own):
 * the letter it starts with is the same for half of all family names, so the initial is the
 * name's own first letter after it ("العلي" → "ع.", "آل سعود" → "س.").
 */
const ARABIC_ARTICLE = /^(?:آل\s+|ال\s+|ال(?=\p{L}{2}))/u;

/**
 * The holder's name as banks' confirmation of payee shows it: the first name and the last
 * name's initial ("Ngozi E.", "Анна С.", "محمد ع.", "محمد ع." for العلي). Where the family name is written in a
 * script whose family names are a character or two (Chinese, Japanese, Korean), its "initial"
 * would be the whole of it, so it is hidden instead ("*小明", "Ji-woo *").
 */
export function maskedName(holder: HolderName): string {
  const first = holder.firstName.trim();
  const last = holder.lastName.trim();
  if (SHORT_FAMILY_NAMES.test(last)) {
    return SHORT_FAMILY_NAMES.test(first) ? `*${first}` : `${first} *`;
  }
  const family = last.replace(ARABIC_ARTICLE, '');
  const initial = graphemes.segment(family)[Symbol.iterator]().next().value?.segment ?? '';
  return `${first} ${initial.toLocaleUpperCase()}.`;
}

/** Letters that keep their mark when decomposed, as they are written without it. */
const PLAIN: Record<string, string> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  ı: 'i',
  þ: 'th',
};

/** A name's words as people compare them: case, accents, spacing and punctuation aside. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øæœßđðłıþ]/g, (letter) => PLAIN[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

/**
 * True when the typed name is the holder's in full, first name first or last name first (case,
 * accents, spacing and punctuation aside): what the full form to this bank's SWIFT requires.
 */
export function sameFullName(typed: string, holder: HolderName): boolean {
  const words = nameWords(typed).join(' ');
  const first = nameWords(holder.firstName);
  const last = nameWords(holder.lastName);
  return words === [...first, ...last].join(' ') || words === [...last, ...first].join(' ');
}

/**
 * Edits (insert, delete, change, swap of neighbours) from `a` to `b`, by characters (code
 * points, so that a letter outside the basic plane is one letter): the optimal string
 * alignment distance. Names are short, so the whole table is fine.
 */
export function editDistance(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  const width = y.length + 1;
  const d = new Uint16Array((x.length + 1) * width);
  const at = (i: number, j: number) => d[i * width + j] ?? 0;
  for (let i = 0; i <= x.length; i++) d[i * width] = i;
  for (let j = 0; j <= y.length; j++) d[j] = j;
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        best = Math.min(best, at(i - 2, j - 2) + 1);
      }
      d[i * width + j] = best;
    }
  }
  return at(x.length, y.length);
}

/** The typing slips a word of this length may hold and still be "close": none in short words. */
function slipsAllowed(word: string): number {
  const length = Array.from(word).length;
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

const isInitial = (typed: string, word: string) =>
  Array.from(typed).length === 1 && Array.from(word)[0] === typed;

type WordFit = 'same' | 'initial' | 'slip' | 'none';

function fit(typed: string, word: string): WordFit {
  if (typed === word) return 'same';
  if (isInitial(typed, word)) return 'initial';
  if (editDistance(typed, word) <= slipsAllowed(word)) return 'slip';
  // A name shortened as people shorten it ("Ken" for Kenneth, "Alex" for Alexandra): nearly.
  if (Array.from(typed).length >= 3 && word.startsWith(typed)) return 'slip';
  return 'none';
}

/** How the typed words fit the name's words, one for one, or null when they do not pair up. */
function fits(typed: string[], name: string[]): WordFit[] | null {
  if (typed.length !== name.length) return null;
  const each = typed.map((word, i) => fit(word, name[i] as string));
  return each.includes('none') ? null : each;
}

/** True when every word of `part` is a word of `whole` (or a slip of one), in order. */
function within(part: string[], whole: string[]): boolean {
  let at = 0;
  for (const word of part) {
    while (at < whole.length && ['none', 'initial'].includes(fit(word, whole[at] as string))) at++;
    if (at === whole.length) return false;
    at++;
  }
  return true;
}

/**
 * How the name the payer typed compares with the holder's, first name first or last name first:
 *
 * - `match`: the same words (case, accents, spacing and punctuation aside), some of them
 *   perhaps initials ("N. Eze", "Ngozi E."), at least one in full; or the same letters written
 *   without spaces ("王小明", "Jiwoo Kim" for Ji-woo Kim).
 * - `close_match`: nearly: a slip of typing ("Ngozi Ezee"), some of the names only ("Ngozi",
 *   "Mary Smith" for Mary Ann Smith), or a name more ("Mrs Ngozi Ada Eze").
 * - `no_match`: anything else, a right first name with another family name included.
 */
export function payeeMatch(typed: string, holder: HolderName): PayeeMatch {
  const words = nameWords(typed);
  const first = nameWords(holder.firstName);
  const last = nameWords(holder.lastName);
  const orders = [
    [...first, ...last],
    [...last, ...first],
  ];
  const exact = (each: WordFit[] | null) =>
    each !== null && each.includes('same') && each.every((f) => f === 'same' || f === 'initial');
  if (orders.some((order) => exact(fits(words, order)) || words.join('') === order.join(''))) {
    return 'match';
  }
  const inFull = words.some((word) => Array.from(word).length > 1);
  const close = (order: string[]) =>
    fits(words, order)?.some((f) => f === 'same' || f === 'slip') ||
    editDistance(words.join(''), order.join('')) <= slipsAllowed(order.join('')) ||
    (inFull && within(words, order)) ||
    (words.length > order.length && within(order, words));
  return orders.some(close) ? 'close_match' : 'no_match';
}
