import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/** The first of `fields` (in form order) that the server's error names, if any. */
export function fieldNamedIn<T extends string>(error: unknown, fields: readonly T[]): T | null {
  if (!(error instanceof ApiError)) return null;
  return fields.find((field) => error.fieldErrors[field]) ?? null;
}

/**
 * The server's messages for `fields`, by field name: for forms kept in plain React state, where
 * `applyFieldErrors` (react-hook-form) does not apply.
 */
export function fieldErrorsIn<T extends string>(
  error: unknown,
  fields: readonly T[],
): Partial<Record<T, string>> {
  const found: Partial<Record<T, string>> = {};
  if (!(error instanceof ApiError)) return found;
  for (const field of fields) {
    const message = error.fieldErrors[field];
    if (message) found[field] = message;
  }
  return found;
}

/**
 * Puts the server's field errors (`body.<field>`, see ApiError) on the form's own fields and
 * focuses the first; returns true when at least one landed, so the page need not repeat them in
 * a banner. `shouldFocus: false` is for forms whose fields are still disabled at that moment.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly FieldPath<T>[],
  setError: UseFormSetError<T>,
  { shouldFocus = true }: { shouldFocus?: boolean } = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  const first = fieldNamedIn(error, fields);
  for (const field of fields) {
    const message = error.fieldErrors[field];
    if (message) {
      setError(field, { type: 'server', message }, { shouldFocus: shouldFocus && field === first });
    }
  }
  return first !== null;
}
