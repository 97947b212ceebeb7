import { parseDecimalAmount, toDecimalString } from '@bank/contract';
import type { z } from 'zod';
import { tidyAmount } from '../../../components/funding/format';

/**
 * The fields of a funding-catalog form and how typed text becomes what the API reads. Staff type
 * amounts as decimals ("1,500.00", sent as minor units "150000") and rates and charges as
 * percents ("5.25", sent as 525 basis points): the same exact decimal reading, no floating point.
 */

/** text: as typed; money: minor units; percent: basis points; whole: an integer; select: a value. */
export type FieldKind = 'text' | 'money' | 'percent' | 'whole' | 'select';

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  hint?: string;
  /** Left empty, the API gets null. */
  optional?: boolean;
  options?: readonly { value: string; label: string }[];
  /** The longest text the field takes (the contract's limit), for the input's maxLength. */
  maxLength?: number;
}

export type FormValues = Record<string, string>;
export type FieldErrors = Record<string, string>;

const NOT_AN_AMOUNT = 'Enter an amount such as 1500 or 1,500.00';
const NOT_A_PERCENT = 'Enter a percent with at most two decimals, such as 5.25';
const NOT_WHOLE = 'Enter a whole number';

/** One field's typed text as the API reads it, or why it cannot be read. */
export function readField(field: FieldSpec, text: string): { value: unknown } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') {
    return field.optional ? { value: null } : { error: `Enter the ${field.label.toLowerCase()}` };
  }
  switch (field.kind) {
    case 'money': {
      const minor = parseDecimalAmount(tidyAmount(trimmed));
      if (minor === null) return { error: NOT_AN_AMOUNT };
      // The catalog keeps amounts of up to 18 digits of minor units.
      return minor < 10n ** 18n ? { value: String(minor) } : { error: 'That amount is too large' };
    }
    case 'percent': {
      const basisPoints = parseDecimalAmount(trimmed.replace(/\s*%$/, ''));
      return basisPoints === null ? { error: NOT_A_PERCENT } : { value: Number(basisPoints) };
    }
    case 'whole':
      return /^\d{1,6}$/.test(trimmed) ? { value: Number(trimmed) } : { error: NOT_WHOLE };
    default:
      return { value: trimmed };
  }
}

/** An API value back as the text a field shows: minor units and basis points as decimals. */
export function showField(kind: FieldKind, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (kind === 'money') return toDecimalString(BigInt(value as string));
  if (kind === 'percent') return toDecimalString(BigInt(value as number));
  return String(value);
}

/**
 * Reads a whole form: the body to send, or the errors by field. The contract's input schema (the
 * one the server parses with) checks the body, so a rate of 0 % or a maximum below the minimum
 * is said at once, on its field, in the server's words.
 */
export function readForm(
  fields: readonly FieldSpec[],
  values: FormValues,
  schema: z.ZodType,
): { body: Record<string, unknown> } | { errors: FieldErrors } {
  const body: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  for (const field of fields) {
    const read = readField(field, values[field.name] ?? '');
    if ('error' in read) errors[field.name] = read.error;
    else body[field.name] = read.value;
  }
  if (Object.keys(errors).length > 0) return { errors };
  const checked = schema.safeParse(body);
  if (checked.success) return { body };
  for (const issue of checked.error.issues) {
    const name = String(issue.path[0] ?? fields[0]?.name);
    errors[name] ??= issue.message;
  }
  return { errors };
}

/** A blank form: empty fields, a select on its first choice. */
export function blankValues(fields: readonly FieldSpec[]): FormValues {
  return Object.fromEntries(
    fields.map((f) => [f.name, f.kind === 'select' ? (f.options?.[0]?.value ?? '') : '']),
  );
}

/** An entry's current values, as the edit form starts from them. */
export function valuesOf(fields: readonly FieldSpec[], entry: object): FormValues {
  const record = entry as Record<string, unknown>;
  return Object.fromEntries(fields.map((f) => [f.name, showField(f.kind, record[f.name])]));
}
