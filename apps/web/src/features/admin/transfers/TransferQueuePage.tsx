import { TRANSFER_STATUSES, type TransferStatus } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/ui/PageHeading';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { staffTransferQueries } from '../api/transfers';
import { panelClass } from '../panel';
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

function statusIn(params: URLSearchParams): TransferStatus {
  const asked = params.get('status');
  return TRANSFER_STATUSES.find((status) => status === asked) ?? 'in_progress';
}

/** In progress, Successful, Failed: links (the status is in the address), the shown one marked. */
function StatusLinks({ shown }: { shown: TransferStatus }) {
  return (
    <nav aria-label="Transfers by status">
      <ul className="flex flex-wrap gap-2">
        {TRANSFER_STATUSES.map((status) => (
          <li key={status}>
            <Link
              to={
                status === 'in_progress' ? '/admin/transfers' : `/admin/transfers?status=${status}`
              }
              aria-current={status === shown ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold ring-1 ${
                status === shown
                  ? 'bg-brand-700 text-white ring-brand-700'
                  : 'text-brand-700 ring-slate-300 hover:bg-brand-50 dark:text-brand-50 dark:ring-slate-700 dark:hover:bg-slate-800'
              }`}
            >
              {STATUS_LABELS[status]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** `/admin/transfers`: the customers' outgoing bank transfers of one status. */
export function TransferQueuePage() {
  const [params] = useSearchParams();
  const status = statusIn(params);
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
      <StatusLinks shown={status} />
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
