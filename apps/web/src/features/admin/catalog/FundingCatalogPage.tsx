import { parseDecimalAmount, toDecimalString } from '@bank/contract';
import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { cardClass } from '../../../components/ui/card';
import { PageHeading } from '../../../components/ui/PageHeading';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { api, ApiError, errorMessage } from '../../../lib/api';
import { fieldErrorsIn } from '../../../lib/apply-field-errors';
import { StatusMessage } from './StatusMessage';

/**
 * One page shape for the funding catalog staff keep (crypto types, payment purposes,
 * fixed-deposit and account plans): the entries with their terms and state, Edit, Retire or
 * Restore, and an Add form. Amounts are typed as decimals and sent as minor units; rates and
 * percents are typed as "5.25" and sent as basis points (the same exact conversion).
 */

export type FieldKind = 'text' | 'money' | 'percent' | 'whole' | 'select';

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  hint?: string;
  optional?: boolean;
  options?: { value: string; label: string }[];
}

export interface Entry {
  id: string;
  name: string;
  active: boolean;
  isDefault?: boolean;
}

type Values = Record<string, string>;

/** What a field's typed text is as the API reads it, or an error message. */
function toApi(field: FieldSpec, text: string): { value: unknown } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') {
    return field.optional ? { value: null } : { error: `Enter the ${field.label.toLowerCase()}` };
  }
  switch (field.kind) {
    case 'money':
    case 'percent': {
      const minor = parseDecimalAmount(trimmed.replace(/,(?=\d{3}(\D|$))/g, '').replace(/%$/, ''));
      if (minor === null) return { error: 'Use a number with at most two decimals, e.g. 25.50' };
      return { value: field.kind === 'money' ? String(minor) : Number(minor) };
    }
    case 'whole':
      return /^\d{1,5}$/.test(trimmed)
        ? { value: Number(trimmed) }
        : { error: 'Enter a whole number' };
    default:
      return { value: trimmed };
  }
}

/** The API's value shown in a field: minor units and basis points back as decimals. */
export function fromApi(kind: FieldKind, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (kind === 'money') return toDecimalString(BigInt(value as string));
  if (kind === 'percent') return toDecimalString(BigInt(value as number));
  return String(value);
}

function EntryForm({
  fields,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  pending,
  serverError,
}: {
  fields: FieldSpec[];
  initial: Values;
  submitLabel: string;
  onSubmit: (body: Record<string, unknown>) => void;
  onCancel?: () => void;
  pending: boolean;
  serverError: unknown;
}) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const server = fieldErrorsIn(
    serverError,
    fields.map((f) => f.name),
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    const body: Record<string, unknown> = {};
    const found: Record<string, string> = {};
    for (const field of fields) {
      const read = toApi(field, values[field.name] ?? '');
      if ('error' in read) found[field.name] = read.error;
      else body[field.name] = read.value;
    }
    setErrors(found);
    const first = fields.find((f) => found[f.name]);
    if (first) {
      (event.currentTarget as HTMLFormElement)
        .querySelector<HTMLElement>(`[name="${first.name}"]`)
        ?.focus();
      return;
    }
    onSubmit(body);
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      {fields.map((field) => {
        const common = {
          name: field.name,
          label: field.label,
          required: !field.optional,
          value: values[field.name] ?? '',
          error: errors[field.name] ?? server[field.name],
          hint: field.hint,
        };
        return field.kind === 'select' ? (
          <SelectField
            key={field.name}
            {...common}
            onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
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
            inputMode={field.kind === 'text' ? undefined : 'decimal'}
            autoComplete="off"
            onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
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

export function FundingCatalogPage<T extends Entry, K extends QueryKey>({
  title,
  intro,
  path,
  query,
  queryKey,
  schema,
  fields,
  describe,
  noun,
}: {
  title: string;
  intro: ReactNode;
  /** Under /api/v1/staff/catalog/. */
  path: string;
  query: UseQueryOptions<T[], Error, T[], K>;
  queryKey: QueryKey;
  schema: z.ZodType<T>;
  fields: FieldSpec[];
  /** The entry's terms in a line. */
  describe: (entry: T) => ReactNode;
  /** "crypto type", "plan"… for messages. */
  noun: string;
}) {
  const queryClient = useQueryClient();
  const entries = useQuery(query);
  const [editing, setEditing] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [addKey, setAddKey] = useState(0);
  const base = `/api/v1/staff/catalog/${path}`;
  const refresh = () => queryClient.invalidateQueries({ queryKey });

  const add = useMutation({
    mutationFn: (body: Record<string, unknown>) => api('POST', base, { body, schema }),
    onSuccess: (entry) => {
      setStatus(`${entry.name} is now offered to customers.`);
      setFailure(null);
      setAddKey((k) => k + 1);
    },
    onSettled: refresh,
  });
  const edit = useMutation({
    mutationFn: ({ id, body }: { id: string; body: Record<string, unknown> }) =>
      api('PUT', `${base}/${encodeURIComponent(id)}`, { body, schema }),
    onSuccess: (entry) => {
      setStatus(`${entry.name} is saved.`);
      setFailure(null);
      setEditing(null);
    },
    onSettled: refresh,
  });
  const offer = useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api('POST', `${base}/${encodeURIComponent(id)}/${active ? 'restore' : 'retire'}`, {
        schema,
      }),
    onSuccess: (entry) => {
      setStatus(
        entry.active
          ? `${entry.name} is offered again.`
          : `${entry.name} is retired: customers no longer see it.`,
      );
      setFailure(null);
    },
    onError: (error) => setFailure(errorMessage(error)),
    onSettled: refresh,
  });

  const initialOf = (entry: T): Values =>
    Object.fromEntries(
      fields.map((f) => [f.name, fromApi(f.kind, (entry as Record<string, unknown>)[f.name])]),
    );
  const empty: Values = Object.fromEntries(
    fields.map((f) => [f.name, f.kind === 'select' ? (f.options?.[0]?.value ?? '') : '']),
  );

  let list;
  if (entries.data) {
    list =
      entries.data.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">
          Nothing yet: add the first {noun} below.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {entries.data.map((entry) => (
            <li
              key={entry.id}
              className="rounded-xl p-4 ring-1 ring-slate-200 dark:ring-slate-800"
              aria-label={entry.name}
            >
              {editing === entry.id ? (
                <EntryForm
                  fields={fields}
                  initial={initialOf(entry)}
                  submitLabel="Save"
                  pending={edit.isPending}
                  serverError={edit.error}
                  onCancel={() => {
                    setEditing(null);
                    edit.reset();
                  }}
                  onSubmit={(body) => edit.mutate({ id: entry.id, body })}
                />
              ) : (
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold break-words">
                      {entry.name}{' '}
                      <span
                        className={`ml-1 rounded-full px-2 py-0.5 text-xs font-semibold ${entry.active ? 'bg-green-50 text-green-800 dark:bg-green-950 dark:text-green-200' : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300'}`}
                      >
                        {entry.active ? 'Offered' : 'Retired'}
                      </span>
                      {entry.isDefault && (
                        <span className="ml-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 dark:bg-slate-800 dark:text-brand-50">
                          Default
                        </span>
                      )}
                    </p>
                    <div className="mt-1 text-sm break-words text-slate-700 dark:text-slate-300">
                      {describe(entry)}
                    </div>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      aria-label={`Edit ${entry.name}`}
                      onClick={() => {
                        edit.reset();
                        setEditing(entry.id);
                      }}
                    >
                      Edit
                    </Button>
                    {!entry.isDefault && (
                      <Button
                        variant="secondary"
                        aria-label={`${entry.active ? 'Retire' : 'Restore'} ${entry.name}`}
                        loading={offer.isPending && offer.variables?.id === entry.id}
                        onClick={() => offer.mutate({ id: entry.id, active: !entry.active })}
                      >
                        {entry.active ? 'Retire' : 'Restore'}
                      </Button>
                    )}
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      );
  } else if (entries.isError) {
    list = (
      <LoadFailed
        error={entries.error}
        retrying={entries.isFetching}
        onRetry={() => void entries.refetch()}
      />
    );
  } else {
    list = <Loading label={`Loading the ${noun}s…`} />;
  }

  const addProblem =
    add.error instanceof ApiError && Object.keys(add.error.fieldErrors).length === 0
      ? add.error.message
      : null;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        <PageHeading title={title} />
        <div className="mt-1 text-slate-700 dark:text-slate-300">{intro}</div>
      </div>
      <section aria-labelledby="catalog-list" className={`flex flex-col gap-3 ${cardClass}`}>
        <h2 id="catalog-list" className="text-lg font-semibold">
          Catalog
        </h2>
        <StatusMessage>{status}</StatusMessage>
        {failure && <Banner tone="error">{failure}</Banner>}
        {list}
      </section>
      <section aria-labelledby="catalog-add" className={`flex flex-col gap-3 ${cardClass}`}>
        <h2 id="catalog-add" className="text-lg font-semibold">
          Add a {noun}
        </h2>
        {addProblem && <Banner tone="error">{addProblem}</Banner>}
        <EntryForm
          key={addKey}
          fields={fields}
          initial={empty}
          submitLabel="Add"
          pending={add.isPending}
          serverError={add.error}
          onSubmit={(body) => add.mutate(body)}
        />
      </section>
    </div>
  );
}
