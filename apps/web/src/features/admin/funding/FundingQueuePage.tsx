import { FUNDING_STATUSES, type FundingStatus } from '@bank/contract';
import { QueuePage } from '../shared/QueuePage';
import { QueueSearch, useQueueSearch } from '../shared/QueueSearch';
import { StatusTabs, useStatusInAddress } from '../shared/StatusTabs';
import { useFundingQueue } from './api';
import { FundingQueueList } from './FundingQueueList';
import { STATUS_LABELS } from '../shared/funding/labels';

const EMPTY: Record<FundingStatus, string> = {
  pending: 'No requests are waiting.',
  confirmed: 'No request has been confirmed yet.',
  declined: 'No request has been declined yet.',
};

const ORDER: Record<FundingStatus, string> = {
  pending: 'oldest first',
  confirmed: 'newest decision first',
  declined: 'newest decision first',
};

/**
 * `/admin/funding`: deposits, payments, fixed deposits and upgrades of one status; decided ones
 * with the decision, who made it and when; searched by name, email, number or amount.
 */
export function FundingQueuePage() {
  const status = useStatusInAddress(FUNDING_STATUSES);
  const { q, amount } = useQueueSearch();
  const { list, more } = useFundingQueue(status, q, amount);
  return (
    <QueuePage
      title="Funding requests"
      intro="Crypto deposits, payments, fixed deposits and upgrades. Confirm each with the amount that actually arrived, or decline it with a reason the customer reads."
      tabs={
        <StatusTabs
          label="Requests by status"
          path="/admin/funding"
          statuses={FUNDING_STATUSES}
          labels={STATUS_LABELS}
          shown={status}
        />
      }
      search={<QueueSearch label="Search funding requests" withAmount />}
      searching={q !== null || amount !== null}
      query={list}
      more={more}
      loadingLabel="Loading the requests…"
      empty={EMPTY[status]}
      summary={(count) =>
        `${count} ${status} ${count === 1 ? 'request' : 'requests'}, ${ORDER[status]}`
      }
    >
      {(items) => (
        <FundingQueueList
          items={items}
          caption={`${STATUS_LABELS[status]} requests, ${ORDER[status]}`}
          status={status}
        />
      )}
    </QueuePage>
  );
}
