import type { StaffRole } from '@bank/contract';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';

/** Narrows the staff list to a name or address and a role; both are kept in the address. */
export function StaffFilters({ roles }: { roles: StaffRole[] | undefined }) {
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const [role, setRole] = useState(params.get('role') ?? '');
  const filtered = params.has('q') || params.has('role');

  const apply = (next: { q: string; role: string }) => {
    const updated = new URLSearchParams(params);
    for (const [name, value] of Object.entries(next)) {
      if (value.trim()) updated.set(name, value.trim());
      else updated.delete(name);
    }
    setParams(updated);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply({ q, role });
  };
  const clear = () => {
    setQ('');
    setRole('');
    apply({ q: '', role: '' });
  };

  return (
    <form
      role="search"
      aria-label="Find staff"
      onSubmit={onSubmit}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <div className="sm:flex-1">
        <TextField
          label="Name or email"
          type="search"
          maxLength={100}
          autoComplete="off"
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
      </div>
      <div className="sm:w-56">
        <SelectField label="Role" value={role} onChange={(event) => setRole(event.target.value)}>
          <option value="">Any role</option>
          {(roles ?? []).map((r) => (
            <option key={r.name} value={r.name}>
              {r.label}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="flex gap-2">
        <Button type="submit">Search</Button>
        {filtered && (
          <Button variant="secondary" onClick={clear}>
            Clear
          </Button>
        )}
      </div>
    </form>
  );
}
