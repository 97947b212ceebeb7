import { FUNDING_STATUSES, formatMoney, type FundingStatus } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { PageHeading } from '../../../components/ui/PageHeading';
import { formatDateTime } from '../../../lib/format';
import { queries } from '../../../lib/queries';
import { panelClass } from '../panel';
import { KIND_LABELS } from './labels';

const TAB_LABELS: Record<FundingStatus, string> = {
  pending: 'Waiting',
  confirmed: 'Confirmed',
  declined: 'Declined',
};

/** Deposits, payments, fixed deposits and upgrades by status; waiting ones oldest first. */
export function FundingQueuePage() {
  const [params, setParams] = useSearchParams();
  const status = (FUNDING_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as FundingStatus)
    : 'pending';
  const queue = useQuery(queries.staffFundingQueue(status));
  return (
    <div className="flex flex-col gap-4">
      <div>
        <PageHeading title="Funding requests" />
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Crypto deposits, payments, fixed deposits and upgrades. Confirm each with the amount that
          actually arrived, or decline it with a reason the customer will read.
        </p>
      </div>
      <div role="group" aria-label="Show requests" className="flex flex-wrap gap-2">
        {FUNDING_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={s === status}
            onClick={() => setParams(s === 'pending' ? {} : { status: s })}
            className={`min-h-11 rounded-lg px-4 text-sm font-semibold ring-1 ${s === status ? 'bg-brand-700 text-white ring-brand-700' : 'text-brand-700 ring-slate-300 hover:bg-brand-50 dark:text-brand-50 dark:ring-slate-700 dark:hover:bg-slate-800'}`}
          >
            {TAB_LABELS[s]}
          </button>
        ))}
      </div>
      {queue.isPending ? (
        <Loading label="Loading the requests…" />
      ) : queue.isError ? (
        <LoadFailed
          error={queue.error}
          retrying={queue.isFetching}
          onRetry={() => void queue.refetch()}
        />
      ) : queue.data.length === 0 ? (
        <p className={panelClass}>
          {status === 'pending' ? 'No requests are waiting.' : `No ${status} requests yet.`}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={`${TAB_LABELS[status]} requests`}>
          {queue.data.map((item) => (
            <li key={item.id} className={panelClass}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <Link
                    to={`/admin/funding/${item.id}`}
                    className="text-lg font-semibold text-brand-700 underline dark:text-brand-50"
                  >
                    {KIND_LABELS[item.kind]} {item.id}: {item.customer.firstName}{' '}
                    {item.customer.lastName}
                  </Link>
                  <p className="text-sm break-all text-slate-700 dark:text-slate-300">
                    {item.customer.email}
                  </p>
                </div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                  <dt className="text-slate-600 dark:text-slate-400">Claimed</dt>
                  <dd className="font-semibold">
                    {formatMoney(BigInt(item.claimedAmount), item.currency)}
                  </dd>
                  <dt className="text-slate-600 dark:text-slate-400">Paid in</dt>
                  <dd>{item.type}</dd>
                  {item.subject && (
                    <>
                      <dt className="text-slate-600 dark:text-slate-400">For</dt>
                      <dd>{item.subject}</dd>
                    </>
                  )}
                  <dt className="text-slate-600 dark:text-slate-400">Sent</dt>
                  <dd>{formatDateTime(item.createdAt)}</dd>
                </dl>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
