import { FUNDING_STATUSES, type FundingStatus } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/ui/PageHeading';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { queries } from '../../../lib/queries';
import { panelClass } from '../panel';
import { statusIn, StatusTabs } from '../StatusTabs';
import { FundingQueueList } from './FundingQueueList';
import { STATUS_LABELS } from './labels';

const EMPTY: Record<FundingStatus, string> = {
  pending: 'No requests are waiting.',
  confirmed: 'No request has been confirmed yet.',
  declined: 'No request has been declined yet.',
};

const ORDER: Record<FundingStatus, string> = {
  pending: 'oldest first',
  confirmed: 'newest first',
  declined: 'newest first',
};

/** `/admin/funding`: deposits, payments, fixed deposits and upgrades of one status. */
export function FundingQueuePage() {
  const [params] = useSearchParams();
  const status = statusIn(params, FUNDING_STATUSES);
  const queue = useQuery(queries.staffFundingQueue(status));
  const label = `${STATUS_LABELS[status]} requests, ${ORDER[status]}`;
  return (
    <div className="flex flex-col gap-4">
      <div>
        <PageHeading title="Funding requests" />
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Crypto deposits, payments, fixed deposits and upgrades. Confirm each with the amount that
          actually arrived, or decline it with a reason the customer reads.
        </p>
      </div>
      <StatusTabs
        label="Requests by status"
        path="/admin/funding"
        statuses={FUNDING_STATUSES}
        labels={STATUS_LABELS}
        shown={status}
      />
      {queue.isPending ? (
        <Loading label="Loading the requests…" />
      ) : queue.isError ? (
        <LoadFailed
          error={queue.error}
          retrying={queue.isFetching}
          onRetry={() => void queue.refetch()}
        />
      ) : queue.data.length === 0 ? (
        <p className={panelClass}>{EMPTY[status]}</p>
      ) : (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {queue.data.length === 1
              ? `1 ${status} request`
              : `${queue.data.length} ${status} requests`}
            , {ORDER[status]}
          </p>
          <FundingQueueList items={queue.data} caption={label} />
        </>
      )}
    </div>
  );
}
