import type { Transfer } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { dayMonthYear, money } from '../../components/funding/format';
import { Button } from '../../components/ui/Button';
import { cardClass } from '../../components/ui/card';
import { LoadFailed, Loading } from '../../components/ui/QueryStatus';
import { TransactionStatus } from '../../components/ui/TransactionStatus';
import { queries } from '../../lib/queries';

/** How many transfers show before "Show all". */
export const RECENT_TRANSFER_COUNT = 5;

/**
 * One transfer: who and where on the left (the name opens its detail) with the date, amount and
 * status on the right; a failed one's reason (the money came back), a successful one's reference.
 */
function TransferRow({ transfer: t }: { transfer: Transfer }) {
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <p className="font-medium break-words">
          <Link
            to={`/dashboard/transfers/${encodeURIComponent(t.id)}`}
            className="text-brand-700 underline-offset-4 hover:underline dark:text-brand-50"
          >
            {t.accountHolderName}
            <span className="sr-only">, transfer details</span>
          </Link>
        </p>
        <p className="text-sm break-words text-slate-700 dark:text-slate-300">
          {t.bank} ·{' '}
          <time dateTime={t.submittedAt ?? t.createdAt}>
            {dayMonthYear(t.submittedAt ?? t.createdAt)}
          </time>
        </p>
        {t.status === 'failed' && t.failureReason && (
          <p className="text-sm text-red-800 dark:text-red-200">
            Reason: {t.failureReason}. The amount and the charge were refunded.
          </p>
        )}
        {t.status === 'cancelled' && (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            You cancelled it. The amount and the charge were refunded.
          </p>
        )}
        {t.status === 'successful' && t.reference && (
          <p className="text-sm break-all text-slate-700 dark:text-slate-300">
            Reference: {t.reference}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <p className="font-semibold tabular-nums">{money(t.amount, t.currency)}</p>
        {t.status && <TransactionStatus status={t.status} />}
      </div>
    </li>
  );
}

/** The customer's submitted transfers, newest first, with their status; or how to start. */
export function RecentTransfers() {
  const transfers = useQuery(queries.transfers());
  const [all, setAll] = useState(false);
  const headingId = useId();
  let body;
  if (transfers.data) {
    const shown = all ? transfers.data : transfers.data.slice(0, RECENT_TRANSFER_COUNT);
    body =
      transfers.data.length === 0 ? (
        <div className="flex items-start gap-3 text-slate-700 dark:text-slate-300">
          <Send aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          <p>No transfers yet. The transfers you send show here with their status.</p>
        </div>
      ) : (
        <>
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {shown.map((t) => (
              <TransferRow key={t.id} transfer={t} />
            ))}
          </ul>
          {transfers.data.length > RECENT_TRANSFER_COUNT && (
            <Button variant="secondary" className="mt-3" onClick={() => setAll(!all)}>
              {all ? 'Show fewer' : `Show all ${transfers.data.length} transfers`}
            </Button>
          )}
        </>
      );
  } else if (transfers.isError) {
    body = (
      <LoadFailed
        error={transfers.error}
        retrying={transfers.isFetching}
        onRetry={() => void transfers.refetch()}
      />
    );
  } else {
    body = <Loading label="Loading your transfers…" />;
  }
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className="mb-3 text-lg font-semibold">
        Recent transfers
      </h2>
      {body}
    </section>
  );
}
