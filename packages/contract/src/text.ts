import { z } from 'zod';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * True for text a person may send: well-formed Unicode (no lone surrogates) and no control
 * characters besides tab and line breaks. The server also refuses anything else in any request.
 */
export function isCleanText(value: string): boolean {
  return value.isWellFormed() && !CONTROL.test(value);
}

export const CLEAN_TEXT_MESSAGE = 'This text contains characters that are not allowed.';

/** A string field of free text: clean as above (length and shape are the caller's). */
export function textSchema() {
  return z.string().refine(isCleanText, CLEAN_TEXT_MESSAGE);
}
