import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { ApiError, errorMessage } from '../../../lib/api';
import { fieldErrorsIn } from '../../../lib/apply-field-errors';
import { readForm, type FieldErrors, type FieldSpec, type FormValues } from './catalog-fields';

const INPUT_MODE = { money: 'decimal', percent: 'decimal', whole: 'numeric' } as const;

/**
 * The form of a catalog entry, for adding one and for editing one. What staff type is read and
 * checked against the contract before it is sent; what the server refuses anyway lands on its
 * field (or above the form when it belongs to no field), and the first field in error takes the
 * focus.
 */
export function CatalogEntryForm({
  fields,
  schema,
  initial,
  submitLabel,
  pending,
  serverError,
  onSubmit,
  onCancel,
  focusFirst = false,
  label,
}: {
  fields: readonly FieldSpec[];
  /** The contract's input schema, the one the server parses with. */
  schema: z.ZodType;
  initial: FormValues;
  submitLabel: string;
  pending: boolean;
  /** The last refusal of this form's request, if any. */
  serverError: unknown;
  onSubmit: (body: Record<string, unknown>) => void;
  onCancel?: () => void;
  /** Puts the focus in the first field when the form appears (an edit opened, a fresh add). */
  focusFirst?: boolean;
  /** The form's accessible name when nothing around it gives one, e.g. "Edit Bitcoin". */
  label?: string;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const names = fields.map((f) => f.name);
  const fromServer = fieldErrorsIn(serverError, names);
  const shown = { ...fromServer, ...errors };
  const unplaced =
    serverError && Object.keys(fromServer).length === 0 ? errorMessage(serverError) : null;

  const focusField = (name: string | undefined) => {
    if (name) formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
  };

  useEffect(() => {
    if (focusFirst) focusField(fields[0]?.name);
    // Once, when the form appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (serverError instanceof ApiError) focusField(names.find((n) => fromServer[n]));
    // When a new refusal arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverError]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const read = readForm(fields, values, schema);
    if ('errors' in read) {
      setErrors(read.errors);
      focusField(names.find((n) => read.errors[n]));
      return;
    }
    setErrors({});
    onSubmit(read.body);
  }

  const change = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    // A field's own complaint goes once it is changed; the others stay until the next try.
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([n]) => n !== name)));
  };

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={label}
      // Escape leaves an edit as Cancel does.
      onKeyDown={(event) => {
        if (event.key === 'Escape' && onCancel && !pending) {
          event.preventDefault();
          onCancel();
        }
      }}
      className="grid gap-4 sm:grid-cols-2"
    >
      {unplaced && (
        <div className="sm:col-span-2">
          <Banner tone="error">{unplaced}</Banner>
        </div>
      )}
      {fields.map((field) => {
        const common = {
          name: field.name,
          label: field.label,
          required: !field.optional,
          value: values[field.name] ?? '',
          error: shown[field.name],
          hint: field.hint,
        };
        return field.kind === 'select' ? (
          <SelectField
            key={field.name}
            {...common}
            onChange={(e) => change(field.name, e.target.value)}
          >
            {field.options?.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField
            key={field.name}
            {...common}
            inputMode={field.kind === 'text' ? undefined : INPUT_MODE[field.kind]}
            maxLength={field.maxLength}
            autoComplete="off"
            spellCheck={field.kind === 'text' ? undefined : false}
            onChange={(e) => change(field.name, e.target.value)}
          />
        );
      })}
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
