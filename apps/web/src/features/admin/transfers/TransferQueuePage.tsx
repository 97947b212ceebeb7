import { TRANSFER_STATUSES, type TransferStatus } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { QueuePage } from '../shared/QueuePage';
import { StatusTabs, useStatusInAddress } from '../shared/StatusTabs';
import { staffTransferQueries } from './api';
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
  const status = useStatusInAddress(TRANSFER_STATUSES);
  const queue = useQuery(staffTransferQueries.queue(status));
  return (
    <QueuePage
      title="Outgoing transfers"
      intro="Bank transfers customers have sent, already debited from their accounts. Send each payment, then mark it successful with its reference, or failed with a reason: a failed transfer is refunded to the customer."
      tabs={
        <StatusTabs
          label="Transfers by status"
          path="/admin/transfers"
          statuses={TRANSFER_STATUSES}
          labels={STATUS_LABELS}
          shown={status}
        />
      }
      query={queue}
      loadingLabel="Loading the transfers…"
      empty={EMPTY[status]}
      summary={(count) => `${counted(count, status)}, ${ORDER[status]}`}
    >
      {(items) => (
        <TransferQueueList
          items={items}
          caption={`${STATUS_LABELS[status]} transfers, ${ORDER[status]}`}
          decided={status !== 'in_progress'}
        />
      )}
    </QueuePage>
  );
}
