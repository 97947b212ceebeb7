import { parseDecimalAmount } from '@bank/contract';
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { tidyAmount } from '../../../components/funding/format';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';

/** A queue's search as its address holds it (`?q=`, `?amount=`), for its API call. */
export function useQueueSearch(): { q: string | null; amount: string | null } {
  const [params] = useSearchParams();
  const q = params.get('q')?.trim() || null;
  const typed = params.get('amount')?.trim();
  const amount = typed ? tidyAmount(typed) : null;
  return { q, amount: amount && parseDecimalAmount(amount) !== null ? amount : null };
}

/**
 * A queue's search box: words of the customer's name or email, or a number (the item's or the
 * customer's), and where the queue holds money, an amount. The search goes in the address (with
 * the tab it was made on), so it survives a reload and the back button; clearing it shows the
 * whole tab again.
 */
export function QueueSearch({
  label,
  withAmount = false,
}: {
  label: string;
  withAmount?: boolean;
}) {
  const [params] = useSearchParams();
  // A new address (a tab, the back button) starts the form again from what it holds.
  return <SearchForm key={params.toString()} label={label} withAmount={withAmount} />;
}

function SearchForm({ label, withAmount }: { label: string; withAmount: boolean }) {
  const [params, setParams] = useSearchParams();
  const [amountError, setAmountError] = useState<string>();
  const active = Boolean(params.get('q') || params.get('amount'));

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const q = String(form.get('q') ?? '').trim();
    const amount = tidyAmount(String(form.get('amount') ?? ''));
    if (amount && parseDecimalAmount(amount) === null) {
      setAmountError('Use an amount such as 250 or 250.00');
      return;
    }
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of [
        ['q', q],
        ['amount', amount],
      ] as const) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      return next;
    });
  }

  function clear() {
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('q');
      next.delete('amount');
      return next;
    });
  }

  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={search}
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
    >
      <div className="sm:w-80">
        <TextField
          label="Search"
          name="q"
          type="search"
          defaultValue={params.get('q') ?? ''}
          hint="Customer name or email, or a number"
          maxLength={100}
        />
      </div>
      {withAmount && (
        <div className="sm:w-44">
          <TextField
            label="Amount"
            name="amount"
            inputMode="decimal"
            defaultValue={params.get('amount') ?? ''}
            hint="Such as 250.00"
            error={amountError}
          />
        </div>
      )}
      <div className="flex gap-2">
        <Button type="submit">
          <Search aria-hidden="true" className="h-4 w-4" />
          Search
        </Button>
        {active && (
          <Button variant="secondary" onClick={clear}>
            Clear search
          </Button>
        )}
      </div>
    </form>
  );
}
