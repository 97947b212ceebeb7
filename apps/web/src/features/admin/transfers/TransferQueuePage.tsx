import { TRANSFER_STATUSES, type TransferStatus } from '@bank/contract';
import { QueuePage } from '../shared/QueuePage';
import { QueueSearch, useQueueSearch } from '../shared/QueueSearch';
import { StatusTabs, useStatusInAddress } from '../shared/StatusTabs';
import { useTransferQueue } from './api';
import { STATUS_LABELS } from './labels';
import { TransferQueueList } from './TransferQueueList';

const EMPTY: Record<TransferStatus, string> = {
  in_progress: 'No transfers are waiting to be sent.',
  successful: 'No transfer has been marked successful yet.',
  failed: 'No transfer has been marked failed yet.',
  cancelled: 'No customer has cancelled a transfer yet.',
};

const ORDER: Record<TransferStatus, string> = {
  in_progress: 'oldest first',
  successful: 'newest decision first',
  failed: 'newest decision first',
  cancelled: 'newest first',
};

/** "2 transfers in progress", "1 successful transfer". */
function counted(count: number, status: TransferStatus): string {
  const noun = count === 1 ? 'transfer' : 'transfers';
  return status === 'in_progress'
    ? `${count} ${noun} in progress`
    : `${count} ${STATUS_LABELS[status].toLowerCase()} ${noun}`;
}

/**
 * `/admin/transfers`: the customers' outgoing bank transfers of one status; decided ones with
 * the reference or the reason, who decided and when; searched by name, email, number or amount.
 */
export function TransferQueuePage() {
  const status = useStatusInAddress(TRANSFER_STATUSES);
  const { q, amount } = useQueueSearch();
  const { list, more } = useTransferQueue(status, q, amount);
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
      search={<QueueSearch label="Search transfers" withAmount />}
      searching={q !== null || amount !== null}
      query={list}
      more={more}
      loadingLabel="Loading the transfers…"
      empty={EMPTY[status]}
      summary={(count) => `${counted(count, status)}, ${ORDER[status]}`}
    >
      {(items) => (
        <TransferQueueList
          items={items}
          caption={`${STATUS_LABELS[status]} transfers, ${ORDER[status]}`}
          status={status}
        />
      )}
    </QueuePage>
  );
}
