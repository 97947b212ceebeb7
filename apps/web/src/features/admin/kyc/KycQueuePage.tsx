import { KYC_STATUSES, type KycQueueItem, type KycReviewStatus, personName } from '@bank/contract';
import { countryName } from '../../../lib/countries';
import { Email, ItemLink, Missing, mutedClass, When } from '../shared/cells';
import { QueuePage } from '../shared/QueuePage';
import { QueueSearch, useQueueSearch } from '../shared/QueueSearch';
import { QueueTable, type QueueColumn } from '../shared/QueueTable';
import { StatusTabs, useStatusInAddress } from '../shared/StatusTabs';
import { useKycQueue } from './api';

const STATUS_LABELS: Record<KycReviewStatus, string> = {
  pending: 'Waiting',
  approved: 'Approved',
  declined: 'Declined',
};

const ORDER: Record<KycReviewStatus, string> = {
  pending: 'oldest first',
  approved: 'newest decision first',
  declined: 'newest decision first',
};

const EMPTY: Record<KycReviewStatus, string> = {
  pending: 'No identity checks are waiting.',
  approved: 'No identity check has been approved yet.',
  declined: 'No identity check has been declined yet.',
};

function ReviewLink({ item }: { item: KycQueueItem }) {
  return <ItemLink to={`/admin/kyc/${item.id}`}>{personName(item)}</ItemLink>;
}

function EmailOf({ item }: { item: KycQueueItem }) {
  return (
    <span className={`block text-sm break-words ${mutedClass}`}>
      <Email email={item.email} />
    </span>
  );
}

const reviewer = (item: KycQueueItem) => item.reviewedBy ?? <Missing said="Not recorded" />;

const COLUMNS: QueueColumn<KycQueueItem>[] = [
  {
    header: 'Customer',
    cell: (item) => (
      <>
        <ReviewLink item={item} />
        <EmailOf item={item} />
      </>
    ),
  },
  { header: 'Document', cell: (item) => item.documentType },
  { header: 'Country', cell: (item) => countryName(item.country) },
  { header: 'Submitted', cell: (item) => <When iso={item.submittedAt} /> },
];
const DECIDED: QueueColumn<KycQueueItem>[] = [
  { header: 'Reviewed', cell: (item) => <When iso={item.reviewedAt} /> },
  { header: 'Reviewed by', cell: reviewer },
];
const REASON: QueueColumn<KycQueueItem> = {
  header: 'Reason given',
  cell: (item) => item.declineReason ?? <Missing said="None" />,
};

/**
 * `/admin/kyc`: identity checks waiting for a decision (oldest first) and those decided, with
 * who decided and when (newest first), searched by name, email or number.
 */
export function KycQueuePage() {
  const status = useStatusInAddress(KYC_STATUSES);
  const { q } = useQueueSearch();
  const { list, more } = useKycQueue(status, q);
  const decided = status !== 'pending';
  const caption = `Identity checks ${STATUS_LABELS[status].toLowerCase()}, ${ORDER[status]}`;
  return (
    <QueuePage
      title="Identity checks"
      intro="Submissions waiting for review, oldest first, and every decision made, with who made it and when."
      tabs={
        <StatusTabs
          label="Identity checks by status"
          path="/admin/kyc"
          statuses={KYC_STATUSES}
          labels={STATUS_LABELS}
          shown={status}
        />
      }
      search={<QueueSearch label="Search identity checks" />}
      searching={q !== null}
      query={list}
      more={more}
      loadingLabel="Loading the queue…"
      empty={EMPTY[status]}
      summary={(count) =>
        status === 'pending'
          ? `${count} waiting, ${ORDER[status]}`
          : `${count} ${STATUS_LABELS[status].toLowerCase()}, ${ORDER[status]}`
      }
    >
      {(items) => (
        <QueueTable
          items={items}
          caption={caption}
          rowKey={(item) => item.id}
          columns={[
            ...COLUMNS,
            ...(decided ? DECIDED : []),
            ...(status === 'declined' ? [REASON] : []),
          ]}
          card={(item) => ({
            link: <ReviewLink item={item} />,
            who: <EmailOf item={item} />,
            details: [
              ['Submitted', <When iso={item.submittedAt} />],
              ['Document', item.documentType],
              ['Country', countryName(item.country)],
              ...(decided
                ? ([
                    ['Reviewed', <When iso={item.reviewedAt} />],
                    ['Reviewed by', reviewer(item)],
                  ] as const)
                : []),
              ...(item.declineReason ? [['Reason given', item.declineReason] as const] : []),
            ],
          })}
        />
      )}
    </QueuePage>
  );
}
