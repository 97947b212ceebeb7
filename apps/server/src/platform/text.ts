import { AppError } from './errors.js';

/**
 * Text a person may send: well-formed Unicode (no lone surrogates, which PostgreSQL cannot
 * store) and no control characters but tab and line breaks (NUL is refused by the database).
 * The contract's schemas refuse these per field; this is the net under every route.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export function isAcceptableText(value: string): boolean {
  return value.isWellFormed() && !CONTROL.test(value);
}

/** Deeper than any request of this API needs; deeper bodies are refused, not walked. */
export const MAX_DEPTH = 32;

/**
 * The path of the first string in `value` (keys included) that is not acceptable text, or null;
 * `(too deep)` when the value nests deeper than MAX_DEPTH. Walked with an explicit stack, so a
 * hostile body cannot exhaust the call stack.
 */
export function findUnacceptableText(value: unknown): string | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value: item, path, depth } = stack.pop() as (typeof stack)[number];
    if (typeof item === 'string') {
      if (!isAcceptableText(item)) return path || '(value)';
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (depth >= MAX_DEPTH) return path ? `${path}.(too deep)` : '(too deep)';
    const entries = Array.isArray(item)
      ? item.map((v, index) => [String(index), v] as const)
      : Object.entries(item);
    for (const [key, child] of entries) {
      if (!isAcceptableText(key)) return path ? `${path}.(key)` : '(key)';
      stack.push({ value: child, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return null;
}

export function unacceptableTextError(path: string): AppError {
  const message = path.endsWith('(too deep)')
    ? 'This request nests values too deeply.'
    : 'This text contains characters that are not allowed.';
  return new AppError('VALIDATION_FAILED', 'Some fields are missing or not valid.', {
    errors: [{ path, message }],
  });
}

// eslint-disable-next-line no-control-regex
const ANY_CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;

/**
 * A header value someone else chose (the browser's description of itself), made safe to store
 * and show: control characters (C0, C1, including the terminal escape and line breaks) become
 * spaces, lone surrogates become U+FFFD, and it is cut to `max` characters.
 */
export function printable(value: string, max = 300): string {
  return value.toWellFormed().replace(ANY_CONTROL, ' ').slice(0, max);
}
