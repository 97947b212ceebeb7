import { formatMoney, type FundingStatus, type StaffFundingItem, personName } from '@bank/contract';
import { Decided, ItemLink, Missing, Numbered, Person, When } from '../shared/cells';
import { WaitingCell } from '../shared/second-person';
import { SameTransactionId } from '../shared/funding/TransactionId';
import { QueueTable, type QueueColumn } from '../shared/QueueTable';
import { KIND_LABELS, SUBJECT_LABELS } from '../shared/funding/labels';

const nameOf = (item: StaffFundingItem) => personName(item.customer);

function ReviewLink({ item }: { item: StaffFundingItem }) {
  return (
    <ItemLink to={`/admin/funding/${item.id}`} whose={nameOf(item)}>
      <Numbered label={KIND_LABELS[item.kind]} id={item.id} />
    </ItemLink>
  );
}

/** "5c504e…2060": a transaction id short enough for a table cell (the request shows it whole). */
function shortId(id: string) {
  return id.length > 14 ? `${id.slice(0, 8)}…${id.slice(-4)}` : id;
}

/**
 * The coin, and the transaction id the customer gave, shortened (whole in its title and on the
 * request's page), flagged when other requests gave it too.
 */
function PaidIn({ item }: { item: StaffFundingItem }) {
  return (
    <>
      {item.type}
      {item.transactionId && (
        <span
          title={item.transactionId}
          className="block font-mono text-xs whitespace-nowrap text-slate-600 dark:text-slate-400"
        >
          <span className="sr-only">Transaction id starting </span>
          {shortId(item.transactionId)}
        </span>
      )}
      <SameTransactionId ids={item.sameTransactionIdOn} compact />
    </>
  );
}

function claimed(item: StaffFundingItem) {
  return formatMoney(BigInt(item.claimedAmount), item.currency);
}

function received(item: StaffFundingItem) {
  return item.receivedAmount === null ? (
    <Missing said="Not recorded" />
  ) : (
    formatMoney(BigInt(item.receivedAmount), item.currency)
  );
}

/** The pending tab: whether a confirmation waits for a second person. */
const WAITING: QueueColumn<StaffFundingItem> = {
  header: 'Decision',
  cell: (item) => (item.proposal ? <WaitingCell proposal={item.proposal} /> : 'To decide'),
};

const decider = (item: StaffFundingItem) => item.decidedBy ?? <Missing said="Not recorded" />;

/** The columns of every tab; a decided tab shows when it was submitted only on wide screens. */
const columns = (decided: boolean): QueueColumn<StaffFundingItem>[] => [
  { header: 'Request', cell: (item) => <ReviewLink item={item} /> },
  {
    header: 'Customer',
    cell: (item) => <Person name={nameOf(item)} email={item.customer.email} />,
  },
  { header: 'Type', cell: (item) => <PaidIn item={item} /> },
  { header: 'Purpose or plan', cell: (item) => item.subject ?? <Missing said="None" /> },
  { header: 'Claimed', amount: true, cell: claimed },
  { header: 'Submitted', wideOnly: decided, cell: (item) => <When iso={item.createdAt} /> },
];

/** What a decided tab adds: what arrived or why not, who decided and when. */
const DECIDED: Record<Exclude<FundingStatus, 'pending'>, QueueColumn<StaffFundingItem>[]> = {
  confirmed: [{ header: 'Received', amount: true, cell: received }],
  declined: [{ header: 'Reason given', cell: (item) => item.declineReason ?? '' }],
};
const BY_WHOM: QueueColumn<StaffFundingItem>[] = [
  { header: 'Decided', cell: (item) => <Decided at={item.decidedAt} by={decider(item)} /> },
];

/** The requests of one status: a table, or a card per request on a phone. */
export function FundingQueueList({
  items,
  caption,
  status,
}: {
  items: StaffFundingItem[];
  caption: string;
  status: FundingStatus;
}) {
  const decided = status !== 'pending';
  return (
    <QueueTable
      items={items}
      caption={caption}
      rowKey={(item) => item.id}
      columns={
        decided ? [...columns(true), ...DECIDED[status], ...BY_WHOM] : [...columns(false), WAITING]
      }
      card={(item) => ({
        link: <ReviewLink item={item} />,
        aside: claimed(item),
        who: <Person name={nameOf(item)} email={item.customer.email} />,
        details: [
          ['Type', <PaidIn item={item} />],
          ...(item.subject ? [[SUBJECT_LABELS[item.kind], item.subject] as const] : []),
          ['Submitted', <When iso={item.createdAt} />],
          ...(item.proposal
            ? ([['Decision', <WaitingCell proposal={item.proposal} />]] as const)
            : []),
          ...(status === 'confirmed' ? [['Received', received(item)] as const] : []),
          ...(status === 'declined' ? [['Reason given', item.declineReason ?? ''] as const] : []),
          ...(decided
            ? ([
                ['Decided', <When iso={item.decidedAt} />],
                ['Decided by', decider(item)],
              ] as const)
            : []),
        ],
      })}
    />
  );
}
