import { CUSTOMER_ACCOUNT_KINDS } from '@bank/contract';
import { Search } from 'lucide-react';
import { Fragment, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { bookAmount } from '../shared/amounts';
import { mutedClass } from '../shared/cells';
import { LoadMore } from '../shared/LoadMore';
import { panelClass } from '../shared/panel';
import { useCustomerAccounts, type AccountSearch } from './api';

const KIND_WORDS: Record<(typeof CUSTOMER_ACCOUNT_KINDS)[number], string> = {
  customer_current: 'Current accounts',
  customer_fixed_deposit: 'Fixed deposits',
};

/**
 * Customers' accounts one by one (there can be many: a page at a time), searched by account
 * number (or its start) or the holder's name, by currency and kind.
 */
export function CustomerAccounts({ currencies }: { currencies: string[] }) {
  const [search, setSearch] = useState<AccountSearch>({});
  const { list, more } = useCustomerAccounts(search);
  const items = list.data ?? [];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: AccountSearch = {};
    for (const name of ['q', 'currency', 'kind'] as const) {
      const value = String(form.get(name) ?? '').trim();
      if (value) next[name] = value;
    }
    setSearch(next);
  }

  return (
    <section aria-labelledby="customer-accounts" className={`${panelClass} flex flex-col gap-3`}>
      <h2 id="customer-accounts" className="text-lg font-semibold">
        Customers’ accounts
      </h2>
      <form
        role="search"
        aria-label="Search customers’ accounts"
        onSubmit={submit}
        className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
      >
        <div className="sm:w-72">
          <TextField
            label="Account number or name"
            name="q"
            type="search"
            maxLength={100}
            hint="The whole number, its first digits, or words of the holder’s name"
          />
        </div>
        <div className="sm:w-36">
          <SelectField label="Currency" name="currency" defaultValue="">
            <option value="">All</option>
            {currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="sm:w-48">
          <SelectField label="Kind" name="kind" defaultValue="">
            <option value="">All</option>
            {CUSTOMER_ACCOUNT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_WORDS[kind]}
              </option>
            ))}
          </SelectField>
        </div>
        <Button type="submit" className="self-start sm:self-auto">
          <Search aria-hidden="true" className="h-4 w-4" />
          Search
        </Button>
      </form>
      {list.isPending ? (
        <Loading label="Loading the accounts…" />
      ) : list.isError ? (
        <LoadFailed
          error={list.error}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : items.length === 0 ? (
        <p className={mutedClass}>
          {Object.keys(search).length > 0
            ? 'No account matches. Check the number, or search by the holder’s name.'
            : 'No customer holds an account yet.'}
        </p>
      ) : (
        <>
          <table className="hidden w-full text-left text-sm md:table">
            <caption className="sr-only">Customers’ accounts</caption>
            <thead className={mutedClass}>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                {['Account number', 'Holder', 'Kind'].map((h) => (
                  <th key={h} scope="col" className="py-2 pr-4 font-semibold">
                    {h}
                  </th>
                ))}
                <th scope="col" className="py-2 text-right font-semibold">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {items.map((a) => (
                <tr key={a.id}>
                  <td className="py-2 pr-4 font-mono whitespace-nowrap">{a.accountNumber}</td>
                  <td className="py-2 pr-4 break-words">
                    {a.holder.name}
                    <span className={`block text-xs ${mutedClass}`}>Customer {a.holder.id}</span>
                  </td>
                  <td className="py-2 pr-4">{a.label}</td>
                  <td className="py-2 text-right font-semibold whitespace-nowrap tabular-nums">
                    {bookAmount(a.balance)} {a.currency}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul
            className="flex flex-col divide-y divide-slate-100 md:hidden dark:divide-slate-800"
            aria-label="Customers’ accounts"
          >
            {items.map((a) => (
              <li key={a.id} className="py-2">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-mono">{a.accountNumber}</span>
                  <span className="font-semibold tabular-nums">
                    {bookAmount(a.balance)} {a.currency}
                  </span>
                </div>
                <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                  {(
                    [
                      ['Holder', `${a.holder.name} (customer ${a.holder.id})`],
                      ['Kind', a.label],
                    ] as const
                  ).map(([term, value]) => (
                    <Fragment key={term}>
                      <dt className={mutedClass}>{term}</dt>
                      <dd className="min-w-0 break-words">{value}</dd>
                    </Fragment>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
          <LoadMore more={more} />
        </>
      )}
    </section>
  );
}
