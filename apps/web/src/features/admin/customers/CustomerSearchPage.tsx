import { personName } from '@bank/contract';
import type { CustomerSearchItem, CustomerSearchPage as Page } from '@bank/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { PageHeading } from '../../../components/ui/PageHeading';
import { TextField } from '../../../components/ui/TextField';
import { Email, ItemLink, Missing, mutedClass, When } from '../shared/cells';
import { QueueTable, type QueueColumn } from '../shared/QueueTable';
import { customerQueries } from './api';
import { PagedList } from './PagedList';
import { StandingBadges } from './StandingBadges';

const nameOf = (c: CustomerSearchItem) => personName(c);

function CustomerLink({ customer }: { customer: CustomerSearchItem }) {
  return <ItemLink to={`/admin/customers/${customer.id}`}>{nameOf(customer)}</ItemLink>;
}

function Standing({ customer: c }: { customer: CustomerSearchItem }) {
  return <StandingBadges kycStatus={c.kycStatus} freeze={c.freeze} restricted={c.restricted} />;
}

const orMissing = (value: string | null, said: string) => value ?? <Missing said={said} />;

const COLUMNS: QueueColumn<CustomerSearchItem>[] = [
  {
    header: 'Customer',
    cell: (c) => (
      <>
        <CustomerLink customer={c} />
        <span className={`block text-sm break-words ${mutedClass}`}>
          <Email email={c.email} />
        </span>
      </>
    ),
  },
  { header: 'Username', cell: (c) => c.username },
  {
    header: 'Account number',
    nowrap: true,
    cell: (c) => orMissing(c.accountNumber, 'No account yet'),
  },
  { header: 'Phone', nowrap: true, cell: (c) => orMissing(c.phone, 'No phone') },
  { header: 'Standing', cell: (c) => <Standing customer={c} /> },
  { header: 'Joined', cell: (c) => <When iso={c.createdAt} /> },
];

/** The one box. It follows the search in the address, so Back and Forward refill it. */
function SearchBox({ current, onSearch }: { current: string; onSearch: (q: string) => void }) {
  const [typed, setTyped] = useState(current);
  const [followed, setFollowed] = useState(current);
  if (followed !== current) {
    setFollowed(current);
    setTyped(current);
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(typed.trim());
  }
  return (
    <form
      role="search"
      aria-label="Customers"
      onSubmit={submit}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <div className="grow">
        <TextField
          label="Search customers"
          hint="A name, email, username, phone number or account number"
          type="search"
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      </div>
      <Button type="submit" className="sm:mb-[2px]">
        <Search aria-hidden="true" className="h-4 w-4" />
        Search
      </Button>
    </form>
  );
}

/**
 * `/admin/customers`: one box finds a customer by name, email, username, phone or account
 * number; the search is in the address (`?q=`), so a result page can be shared and the browser's
 * Back returns to it. Without a search, the newest customers.
 */
export function CustomerSearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const results = useInfiniteQuery(customerQueries.search(q));
  const caption = q ? `Customers matching “${q}”` : 'Newest customers';
  return (
    <div className="flex flex-col gap-4">
      <div>
        <PageHeading title="Customers" />
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Find a customer to see their accounts and history, or to act on their account.
        </p>
      </div>
      <SearchBox current={q} onSearch={(next) => setParams(next ? { q: next } : {})} />
      <h2 className="text-lg font-semibold">{caption}</h2>
      <PagedList<Page, CustomerSearchItem>
        query={results}
        loadingLabel="Searching…"
        moreLabel="Show more customers"
        empty={
          q
            ? `No customer matches “${q}”. Check the spelling, or search by their email, phone or account number.`
            : 'No customers yet: they appear here as soon as they sign up.'
        }
      >
        {(items) => (
          <QueueTable
            items={items}
            caption={caption}
            rowKey={(c) => c.id}
            columns={COLUMNS}
            card={(c) => ({
              link: <CustomerLink customer={c} />,
              who: (
                <span className={`text-sm break-words ${mutedClass}`}>
                  <Email email={c.email} />
                </span>
              ),
              details: [
                ['Username', c.username],
                ['Account', orMissing(c.accountNumber, 'No account yet')],
                ['Phone', orMissing(c.phone, 'No phone')],
                ['Standing', <Standing customer={c} />],
                ['Joined', <When iso={c.createdAt} />],
              ],
            })}
          />
        )}
      </PagedList>
    </div>
  );
}
