import { describe, expect, it } from 'vitest';
import { editDistance, maskedName, payeeMatch, sameFullName } from './payee-names.js';

describe('confirmation of payee: the masked name', () => {
  it('shows the first name and the last initial, in any script', () => {
    expect(maskedName({ firstName: 'Ngozi', lastName: 'Eze' })).toBe('Ngozi E.');
    expect(maskedName({ firstName: 'Mary Ann', lastName: 'van der Berg' })).toBe('Mary Ann V.');
    expect(maskedName({ firstName: 'Zoë', lastName: 'ødegård' })).toBe('Zoë Ø.');
    expect(maskedName({ firstName: 'Анна', lastName: 'Смирнова' })).toBe('Анна С.');
    expect(maskedName({ firstName: 'Γιώργος', lastName: 'Παπαδόπουλος' })).toBe('Γιώργος Π.');
    expect(maskedName({ firstName: 'محمد', lastName: 'علي' })).toBe('محمد ع.');
    // A whole grapheme: the vowel sign stays with its consonant.
    expect(maskedName({ firstName: 'अनु', lastName: 'कुमार' })).toBe('अनु कु.');
  });

  it("skips Arabic's article for the initial: the letter after it tells names apart", () => {
    expect(maskedName({ firstName: 'محمد', lastName: 'العلي' })).toBe('محمد ع.');
    expect(maskedName({ firstName: 'فهد', lastName: 'آل سعود' })).toBe('فهد س.');
    expect(maskedName({ firstName: 'ليلى', lastName: 'ال حسن' })).toBe('ليلى ح.');
    // A name that is only the article and one letter keeps its own first letter.
    expect(maskedName({ firstName: 'سارة', lastName: 'الم' })).toBe('سارة ا.');
    expect(maskedName({ firstName: 'Omar', lastName: 'Al-Farsi' })).toBe('Omar A.');
  });

  it('hides a family name of one or two characters instead of giving it whole', () => {
    expect(maskedName({ firstName: '小明', lastName: '王' })).toBe('*小明');
    expect(maskedName({ firstName: '민준', lastName: '김' })).toBe('*민준');
    expect(maskedName({ firstName: 'はると', lastName: '佐藤' })).toBe('*はると');
    expect(maskedName({ firstName: 'Ji-woo', lastName: '김' })).toBe('Ji-woo *');
  });
});

describe('confirmation of payee: how the typed name compares', () => {
  const ngozi = { firstName: 'Ngozi', lastName: 'Eze' };
  it.each([
    ['Ngozi Eze', 'match'],
    ['eze, NGOZI', 'match'],
    ['Ngozi E.', 'match'],
    ['N. Eze', 'match'],
    ['NgoziEze', 'match'],
    ['Ngozi Ezeh', 'close_match'],
    ['Ngzoi Eze', 'close_match'],
    ['Ngozi', 'close_match'],
    ['Eze', 'close_match'],
    ['Mrs Ngozi Eze', 'close_match'],
    ['Ngoz Eze', 'close_match'],
    ['Ngo Okafor', 'no_match'],
    ['N. E.', 'no_match'],
    ['E', 'no_match'],
    ['Ngozi Okafor', 'no_match'],
    ['Chidi Eze', 'no_match'],
    ['Grace Hopper', 'no_match'],
  ])('%s: %s', (typed, expected) => {
    expect(payeeMatch(typed, ngozi)).toBe(expected);
  });

  it('takes a first name shortened as people shorten it for nearly the name, never for it', () => {
    const kenneth = { firstName: 'Kenneth', lastName: 'Okafor' };
    expect(payeeMatch('Ken Okafor', kenneth)).toBe('close_match');
    expect(payeeMatch('Okafor Ken', kenneth)).toBe('close_match');
    expect(payeeMatch('Ke Okafor', kenneth)).toBe('no_match');
    expect(payeeMatch('Ken Obi', kenneth)).toBe('no_match');
  });

  it('reads names of every script, with or without spaces and marks', () => {
    expect(payeeMatch('王小明', { firstName: '小明', lastName: '王' })).toBe('match');
    expect(payeeMatch('王 小明', { firstName: '小明', lastName: '王' })).toBe('match');
    expect(payeeMatch('小明', { firstName: '小明', lastName: '王' })).toBe('close_match');
    expect(payeeMatch('李小明', { firstName: '小明', lastName: '王' })).toBe('no_match');
    expect(payeeMatch('Zoe Odegard', { firstName: 'Zoë', lastName: 'Ødegård' })).toBe('match');
    expect(payeeMatch('анна смирнова', { firstName: 'Анна', lastName: 'Смирнова' })).toBe('match');
    expect(payeeMatch('Mary Smith', { firstName: 'Mary Ann', lastName: 'Smith' })).toBe(
      'close_match',
    );
    expect(payeeMatch('Jiwoo Kim', { firstName: 'Ji-woo', lastName: 'Kim' })).toBe('match');
  });

  it('takes the full name only, either order, for the form without a check', () => {
    const barbara = { firstName: 'Barbara', lastName: 'Vaughan' };
    expect(sameFullName('barbara  VAUGHAN', barbara)).toBe(true);
    expect(sameFullName('Vaughan, Barbara', barbara)).toBe(true);
    expect(sameFullName('Barbara V.', barbara)).toBe(false);
    expect(sameFullName('Barbara', barbara)).toBe(false);
    expect(sameFullName('Cedar Bank Security', barbara)).toBe(false);
  });

  it('counts edits by characters, a swap of neighbours as one', () => {
    expect(editDistance('ngozi', 'ngzoi')).toBe(1);
    expect(editDistance('eze', 'ezeh')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('王小明', '王小名')).toBe(1);
    expect(editDistance('😀a', 'a')).toBe(1);
  });
});
