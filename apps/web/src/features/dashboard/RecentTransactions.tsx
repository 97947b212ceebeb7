import type { Transaction } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { cardClass } from '../../components/ui/card';
import { TransactionStatus } from '../../components/ui/TransactionStatus';
import { MaskedAmount } from './MaskedAmount';
import { LoadFailed, Loading } from '../../components/ui/QueryStatus';
import { formatDay } from '../../lib/format';
import { queries } from '../../lib/queries';

/** How many transactions the home page shows. */
export const RECENT_TRANSACTION_COUNT = 10;

/** One transaction: name and date on the left; signed amount and status on the right. */
function TransactionRow({ transaction, shown }: { transaction: Transaction; shown: boolean }) {
  const credit = transaction.transactionType === 'credit';
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <p className="font-medium break-words">{transaction.name}</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <time dateTime={transaction.date}>{formatDay(transaction.date)}</time>
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        {/* The sign and the hidden word carry credit/debit; the colour only repeats it. */}
        <p
          className={`font-semibold tabular-nums ${credit ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400'}`}
        >
          <span className="sr-only">{credit ? 'Credit' : 'Debit'} </span>
          <span aria-hidden="true">{credit ? '+' : '−'}</span>
          <MaskedAmount minor={transaction.amount} currency={transaction.currency} shown={shown} />
        </p>
        <TransactionStatus status={transaction.status} />
      </div>
    </li>
  );
}

/** The body of the Recent Transactions card: loading, error, empty or the list. */
function TransactionList({ shown }: { shown: boolean }) {
  const recent = useQuery(queries.recentTransactions(RECENT_TRANSACTION_COUNT));
  if (recent.data) {
    if (recent.data.length === 0) {
      return <p className="py-2 text-slate-700 dark:text-slate-300">No Transaction History</p>;
    }
    return (
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {recent.data.map((transaction) => (
          <TransactionRow key={transaction.id} transaction={transaction} shown={shown} />
        ))}
      </ul>
    );
  }
  if (recent.isError) {
    return (
      <LoadFailed
        error={recent.error}
        retrying={recent.isFetching}
        onRetry={() => void recent.refetch()}
      />
    );
  }
  return <Loading label="Loading transactions…" />;
}

/** The latest transactions on the account (SPEC "Home": Recent Transactions), amounts hidden with the balance. */
export function RecentTransactions({ shown }: { shown: boolean }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <div className="mb-2 flex items-baseline justify-between gap-4">
        <h2 id={headingId} className="text-lg font-bold">
          Recent Transactions
        </h2>
        <Link
          to="/dashboard/statements"
          aria-label="View all transactions in Statements & Report"
          className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-50"
        >
          View all
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      </div>
      <TransactionList shown={shown} />
    </section>
  );
}
