import { TRANSFER_STATUSES, type TransferStatus } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/ui/PageHeading';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { staffTransferQueries } from '../api/transfers';
import { panelClass } from '../panel';
import { statusIn, StatusTabs } from '../StatusTabs';
import { STATUS_LABELS } from './labels';
import { TransferQueueList } from './TransferQueueList';

const EMPTY: Record<TransferStatus, string> = {
  in_progress: 'No transfers are waiting to be sent.',
  successful: 'No transfer has been marked successful yet.',
  failed: 'No transfer has been marked failed yet.',
};

const ORDER: Record<TransferStatus, string> = {
  in_progress: 'oldest first',
  successful: 'newest first',
  failed: 'newest first',
};

/** "2 transfers in progress", "1 successful transfer". */
function counted(count: number, status: TransferStatus): string {
  const noun = count === 1 ? 'transfer' : 'transfers';
  return status === 'in_progress'
    ? `${count} ${noun} in progress`
    : `${count} ${STATUS_LABELS[status].toLowerCase()} ${noun}`;
}

/** `/admin/transfers`: the customers' outgoing bank transfers of one status. */
export function TransferQueuePage() {
  const [params] = useSearchParams();
  const status = statusIn(params, TRANSFER_STATUSES);
  const queue = useQuery(staffTransferQueries.queue(status));
  const label = `${STATUS_LABELS[status]} transfers, ${ORDER[status]}`;
  return (
    <div className="flex flex-col gap-4">
      <div>
        <PageHeading title="Outgoing transfers" />
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Bank transfers customers have sent, already debited from their accounts. Send each
          payment, then mark it successful with its reference, or failed with a reason: a failed
          transfer is refunded to the customer.
        </p>
      </div>
      <StatusTabs
        label="Transfers by status"
        path="/admin/transfers"
        statuses={TRANSFER_STATUSES}
        labels={STATUS_LABELS}
        shown={status}
      />
      {queue.isPending ? (
        <Loading label="Loading the transfers…" />
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
            {counted(queue.data.length, status)}, {ORDER[status]}
          </p>
          <TransferQueueList
            items={queue.data}
            caption={label}
            decided={status !== 'in_progress'}
          />
        </>
      )}
    </div>
  );
}
