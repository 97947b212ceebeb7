import {
  APPROVAL_STATUSES,
  parseDecimalAmount,
  toDecimalString,
  type ApprovalList,
} from '@bank/contract';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { tidyAmount } from '../../../components/funding/format';
import { panelClass } from '../shared/panel';
import { PhoneFilters } from '../shared/PhoneFilters';
import type { InboxFilter } from './api';
import { AGES, STATUS_LABELS } from './labels';

/** "1,250.00" as typed -> "125000" minor units; null for nothing typed; false when not an amount. */
function minorOf(typed: string): string | null | false {
  if (!typed.trim()) return null;
  const minor = parseDecimalAmount(tidyAmount(typed));
  return minor === null ? false : String(minor);
}

const asTyped = (minor: string | null) => (minor === null ? '' : toDecimalString(BigInt(minor)));

/**
 * The inbox's filters: status (but for what waits for me, always waiting), kind, amount range,
 * proposer and age. They live in the address, so a filtered inbox can be shared or reloaded.
 */
export function InboxFilters({
  filter,
  kinds,
  proposers,
}: {
  filter: InboxFilter;
  kinds: ApprovalList['kinds'];
  /** The people seen proposing, to choose from (the chosen one stays listed). */
  proposers: readonly { id: string; name: string }[];
}) {
  const [, setParams] = useSearchParams();
  const [errors, setErrors] = useState<{ min?: string; max?: string }>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    const min = minorOf(text('min'));
    const max = minorOf(text('max'));
    const found = {
      ...(min === false ? { min: 'Use an amount such as 1,500.00' } : {}),
      ...(max === false ? { max: 'Use an amount such as 1,500.00' } : {}),
      ...(min && max && BigInt(min) > BigInt(max)
        ? { max: 'The largest amount is below the smallest' }
        : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const next = new URLSearchParams();
    next.set('view', filter.view);
    for (const [name, value] of [
      ['status', filter.view === 'waiting' ? '' : text('status')],
      ['kind', text('kind')],
      ['minAmount', min || ''],
      ['maxAmount', max || ''],
      ['proposer', filter.view === 'mine' ? '' : text('proposer')],
      ['olderThanHours', text('age')],
    ] as const) {
      if (value) next.set(name, value);
    }
    setParams(next);
  };

  const on = [
    filter.view !== 'waiting' && filter.status !== 'pending',
    filter.kind,
    filter.minAmount,
    filter.maxAmount,
    filter.proposer,
    filter.olderThanHours,
  ].filter((value) => value !== null && value !== false).length;

  return (
    <PhoneFilters active={on}>
      <form
        role="search"
        aria-label="Filter proposals"
        noValidate
        onSubmit={onSubmit}
        // A new tab or a cleared filter starts the fields afresh.
        key={JSON.stringify(filter)}
        className={`grid gap-3 sm:grid-cols-2 lg:grid-cols-3 ${panelClass}`}
      >
        {filter.view !== 'waiting' && (
          <SelectField label="Status" name="status" defaultValue={filter.status}>
            {APPROVAL_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </SelectField>
        )}
        <SelectField label="Kind" name="kind" defaultValue={filter.kind ?? ''}>
          <option value="">Every kind</option>
          {kinds.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Smallest amount"
          name="min"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={asTyped(filter.minAmount)}
          error={errors.min}
        />
        <TextField
          label="Largest amount"
          name="max"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={asTyped(filter.maxAmount)}
          error={errors.max}
        />
        {filter.view !== 'mine' && (
          <SelectField label="Proposed by" name="proposer" defaultValue={filter.proposer ?? ''}>
            <option value="">Anyone</option>
            {proposers.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </SelectField>
        )}
        <SelectField label="Age" name="age" defaultValue={filter.olderThanHours ?? ''}>
          <option value="">Any age</option>
          {AGES.map(([hours, words]) => (
            <option key={hours} value={hours}>
              {words}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-wrap items-end gap-3 sm:col-span-2 lg:col-span-3">
          <Button type="submit">Apply filters</Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setErrors({});
              setParams(new URLSearchParams({ view: filter.view }));
            }}
          >
            Clear filters
          </Button>
        </div>
      </form>
    </PhoneFilters>
  );
}
