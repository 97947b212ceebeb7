import { describe, expect, it } from 'vitest';
import { personName } from './names.js';

describe('a full name in its own order', () => {
  it('writes given name then family name, with a space, in alphabets', () => {
    expect(personName({ firstName: 'Ngozi', lastName: 'Eze' })).toBe('Ngozi Eze');
    expect(personName({ firstName: 'Анна', lastName: 'Смирнова' })).toBe('Анна Смирнова');
    expect(personName({ firstName: 'محمد', lastName: 'العلي' })).toBe('محمد العلي');
  });

  it('writes Chinese, Japanese and Korean names family name first, without a space', () => {
    expect(personName({ firstName: '小明', lastName: '王' })).toBe('王小明');
    expect(personName({ firstName: 'はると', lastName: '佐藤' })).toBe('佐藤はると');
    expect(personName({ firstName: '지우', lastName: '김' })).toBe('김지우');
  });

  it('keeps the typed order when the two names are in different scripts', () => {
    expect(personName({ firstName: 'Wei', lastName: '王' })).toBe('Wei 王');
    expect(personName({ firstName: '小明', lastName: 'Wang' })).toBe('小明 Wang');
  });
});
