import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { cardClass } from '../../components/ui/card';
import { LoadFailed } from '../../components/ui/QueryStatus';
import { LoadingStatus, SkeletonBlock, SkeletonText } from '../../components/ui/Skeleton';
import { queries } from '../../lib/queries';
import { LedgerRow, PendingRow } from './ActivityRows';

/** How many transactions the home page shows. */
export const RECENT_TRANSACTION_COUNT = 10;

/**
 * The body of the Recent Transactions card: loading, error, empty or the list: money on its way
 * first (pending requests, transfers in progress), then the latest lines. A transfer in progress
 * shows once, at the top: its line in the history waits below until it is decided.
 */
function TransactionList({ shown, held }: { shown: boolean; held: boolean }) {
  const recent = useQuery(queries.recentTransactions(RECENT_TRANSACTION_COUNT));
  if (recent.data && !held) {
    const { pending, items } = recent.data;
    const above = new Set(pending.flatMap((p) => (p.entryId === null ? [] : [p.entryId])));
    const lines = items.filter((t) => !above.has(t.entryId));
    if (pending.length === 0 && lines.length === 0) {
      return <p className="py-2 text-slate-700 dark:text-slate-300">No Transaction History</p>;
    }
    return (
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {pending.map((item) => (
          <PendingRow key={`${item.type}-${item.id}`} item={item} shown={shown} />
        ))}
        {lines.map((transaction) => (
          <LedgerRow key={transaction.id} transaction={transaction} shown={shown} />
        ))}
      </ul>
    );
  }
  if (recent.isError && !held) {
    return (
      <LoadFailed
        error={recent.error}
        retrying={recent.isFetching}
        onRetry={() => void recent.refetch()}
      />
    );
  }
  return (
    <>
      <LoadingStatus label="Loading transactions…" />
      <ul aria-hidden="true" className="divide-y divide-slate-200 dark:divide-slate-800">
        {Array.from({ length: RECENT_TRANSACTION_COUNT }, (_, i) => (
          <PlaceholderRow key={i} />
        ))}
      </ul>
    </>
  );
}

/** A row of the list as it will be drawn (ActivityRows' `Row`), with placeholders for its words. */
function PlaceholderRow() {
  return (
    <li className="-mx-2 flex min-h-14 items-start gap-3 px-2 py-3">
      <SkeletonBlock className="mt-0.5 h-9 w-9 shrink-0 rounded-full" />
      <span className="min-w-0 flex-1">
        <span className="block font-medium">
          <SkeletonText className="w-48" />
        </span>
        <span className="block text-sm">
          <SkeletonText className="w-20" />
        </span>
      </span>
      <span className="flex shrink-0 flex-col items-end gap-1">
        <span className="font-semibold">
          <SkeletonText className="w-20" />
        </span>
        <span className="inline-block px-2 py-0.5 text-xs">
          <SkeletonText className="w-14" />
        </span>
      </span>
      <span className="mt-2 hidden h-4 w-4 shrink-0 sm:block" />
    </li>
  );
}

/**
 * The latest transactions on the account (SPEC "Home": Recent Transactions), money on its way
 * first, each row opening its detail; amounts hidden with the balance. Kept current by the live
 * channel (hooks/useLiveUnreadCount.ts).
 */
export function RecentTransactions({ shown, held = false }: { shown: boolean; held?: boolean }) {
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
          className="inline-flex min-h-11 shrink-0 items-center gap-1 text-sm font-semibold whitespace-nowrap text-brand-700 underline-offset-2 hover:underline dark:text-brand-50"
        >
          View all
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      </div>
      <TransactionList shown={shown} held={held} />
    </section>
  );
}
