import type { AuditActions } from '@bank/contract';
import { Download, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { panelClass } from '../shared/panel';
import { AUDIT_FILTERS, type AuditFilterName, type AuditFilters } from './filters';

/** Digits or something with an @: the server judges the rest (an id too large, say). */
const PERSON = /^(\d+|[^\s@]+@[^\s@]+)$/;

/** What the form can tell before asking the server; the server's word wins after. */
function problemsOf(filters: AuditFilters): Partial<Record<AuditFilterName, string>> {
  const problems: Partial<Record<AuditFilterName, string>> = {};
  if (filters.actor && filters.actor !== 'system' && !PERSON.test(filters.actor)) {
    problems.actor = 'Give an id (digits), an email address, or system';
  }
  if (filters.customer && !PERSON.test(filters.customer)) {
    problems.customer = 'Give an id (digits) or an email address';
  }
  if (filters.from && filters.to && filters.to < filters.from) {
    problems.to = 'The end of the period is before its start';
  }
  return problems;
}

/**
 * The audit log's filters: who acted, whom it concerned, what was done (one action or a whole
 * area), to what, and the period in whole days (UTC). Searching puts them in the address.
 */
export function AuditFilterForm({
  filters,
  actions,
  serverErrors,
  onSearch,
  onDownload,
  downloading,
}: {
  filters: AuditFilters;
  actions: AuditActions | undefined;
  serverErrors: Partial<Record<AuditFilterName, string>>;
  onSearch: (filters: AuditFilters) => void;
  onDownload: () => void;
  downloading: boolean;
}) {
  const [problems, setProblems] = useState<Partial<Record<AuditFilterName, string>>>({});
  const errors = { ...serverErrors, ...problems };
  const active = Object.keys(filters).length > 0;

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: AuditFilters = {};
    for (const name of AUDIT_FILTERS) {
      const value = String(form.get(name) ?? '').trim();
      if (value) next[name] = value;
    }
    const found = problemsOf(next);
    setProblems(found);
    if (Object.keys(found).length === 0) onSearch(next);
  }

  const field = (name: AuditFilterName) => ({
    name,
    defaultValue: filters[name] ?? '',
    error: errors[name],
  });

  return (
    <form
      role="search"
      aria-label="Search the audit log"
      onSubmit={search}
      noValidate
      className={`${panelClass} flex flex-col gap-4`}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <TextField
          label="Actor"
          hint="Staff or customer: id or email; system for the bank's own jobs"
          autoComplete="off"
          maxLength={254}
          {...field('actor')}
        />
        <TextField
          label="Customer"
          hint="The customer it concerns: id or email"
          autoComplete="off"
          maxLength={254}
          {...field('customer')}
        />
        <SelectField
          label="Action"
          hint={actions ? 'One action, or all of an area' : 'Loading the list of actions…'}
          {...field('action')}
        >
          <option value="">Any action</option>
          {/* A filter in the address that the list does not hold (yet) stays chosen. */}
          {filters.action && !actions && <option value={filters.action}>{filters.action}</option>}
          {actions?.areas.map((area) => (
            <optgroup key={area.area} label={area.label}>
              <option value={area.area}>All: {area.label}</option>
              {area.actions.map((action) => (
                <option key={action.action} value={action.action}>
                  {action.label}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        <TextField
          label="Target"
          hint="What it acted on: an id, or kind and id (transfer:42)"
          autoComplete="off"
          maxLength={200}
          {...field('target')}
        />
        <TextField label="From (UTC)" type="date" hint="The first day" {...field('from')} />
        <TextField label="To (UTC)" type="date" hint="The last day, included" {...field('to')} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">
          <Search aria-hidden="true" className="h-4 w-4" />
          Search
        </Button>
        {active && (
          <Button variant="secondary" onClick={() => onSearch({})}>
            Clear filters
          </Button>
        )}
        <Button variant="secondary" loading={downloading} onClick={onDownload}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Download CSV
        </Button>
      </div>
    </form>
  );
}
