import { describe, expect, it } from 'vitest';
import { printable } from './text.js';

describe('printable', () => {
  it('turns C0 and C1 controls (the terminal escape CSI, next line) and line separators into spaces', () => {
    expect(printable('Mozilla \u0085\u009b[31mred\u001b[0m\r\nx\u2028y')).toBe(
      'Mozilla   [31mred [0m  x y',
    );
  });

  it('mends lone surrogates and cuts to the length', () => {
    expect(printable('a\ud800b')).toBe('a\ufffdb');
    expect(printable('x'.repeat(500))).toHaveLength(300);
  });
});
