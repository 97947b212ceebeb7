import { Filter, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import {
  filterErrors,
  filtersQuery,
  isFiltered,
  NO_FILTERS,
  PERIOD_PRESETS,
  type StatementFilterValues,
} from './filters';

/**
 * The period and the filters of the statement. Nothing changes until "Apply filters" (or a
 * period button): the page's address then carries them, and the page reads them from there.
 */
export function StatementFilters({
  applied,
  onApply,
}: {
  applied: StatementFilterValues;
  onApply: (values: StatementFilterValues) => void;
}) {
  const [draft, setDraft] = useState(applied);
  const [errors, setErrors] = useState<Record<string, string>>(() => filterErrors(applied));
  // New filters applied (here, by a link, Back, or "Clear filters"): the form starts again from
  // them. Kept mounted, so the control just used keeps the keyboard focus.
  const appliedQuery = filtersQuery(applied);
  const [shown, setShown] = useState(appliedQuery);
  if (shown !== appliedQuery) {
    setShown(appliedQuery);
    setDraft(applied);
    setErrors(filterErrors(applied));
  }
  /** What a field shows and how it changes the draft. */
  const field = (name: keyof StatementFilterValues) => ({
    value: draft[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setDraft((current) => ({ ...current, [name]: event.target.value })),
  });

  /** Applies the filters when they hold, else says what is wrong (Apply filters, a period). */
  function applyIfValid(values: StatementFilterValues) {
    const found = filterErrors(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(values);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    applyIfValid(draft);
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Statement filters"
      className="flex flex-col gap-4"
    >
      <fieldset className="flex flex-wrap gap-2">
        <legend className="mb-2 text-sm font-semibold">Period</legend>
        {PERIOD_PRESETS.map((preset) => {
          const period = preset.period(new Date());
          const current = period.from === applied.from && period.to === applied.to;
          return (
            <button
              key={preset.label}
              type="button"
              aria-pressed={current}
              // The other filters as they stand in the form, checked like "Apply filters".
              onClick={() => applyIfValid({ ...draft, ...period })}
              className={`min-h-10 rounded-full px-4 text-sm font-medium ring-1 transition ${
                current
                  ? 'bg-brand-700 text-white ring-brand-700'
                  : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-700 dark:hover:bg-slate-800'
              }`}
            >
              {preset.label}
            </button>
          );
        })}
      </fieldset>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-3">
        <TextField label="From" type="date" {...field('from')} />
        <TextField label="To" type="date" {...field('to')} />
        <div className="col-span-2 lg:col-span-1">
          <SelectField label="Type" {...field('type')}>
            <option value="">Credit and debit</option>
            <option value="credit">Credit (money in)</option>
            <option value="debit">Debit (money out)</option>
          </SelectField>
        </div>
        <TextField
          label="Minimum amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          {...field('min')}
        />
        <TextField
          label="Maximum amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          {...field('max')}
        />
        <div className="col-span-2 lg:col-span-1">
          <TextField
            label="Description contains"
            type="search"
            autoComplete="off"
            maxLength={100}
            {...field('q')}
          />
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit">
          <Filter aria-hidden="true" className="h-4 w-4" />
          Apply filters
        </Button>
        {isFiltered(applied) && (
          <Button variant="secondary" onClick={() => onApply(NO_FILTERS)}>
            <X aria-hidden="true" className="h-4 w-4" />
            Clear filters
          </Button>
        )}
      </div>
    </form>
  );
}
