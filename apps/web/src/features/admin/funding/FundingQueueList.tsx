import { formatMoney, type StaffFundingItem } from '@bank/contract';
import { ItemLink, Missing, Person, When } from '../shared/cells';
import { QueueTable } from '../shared/QueueTable';
import { KIND_LABELS, SUBJECT_LABELS } from './labels';

const nameOf = (item: StaffFundingItem) => `${item.customer.firstName} ${item.customer.lastName}`;

function ReviewLink({ item }: { item: StaffFundingItem }) {
  return (
    <ItemLink to={`/admin/funding/${item.id}`} whose={nameOf(item)}>
      {KIND_LABELS[item.kind]} {item.id}
    </ItemLink>
  );
}

function claimed(item: StaffFundingItem) {
  return formatMoney(BigInt(item.claimedAmount), item.currency);
}

/** The requests of one status: a table, or a card per request on a phone. */
export function FundingQueueList({
  items,
  caption,
}: {
  items: StaffFundingItem[];
  caption: string;
}) {
  return (
    <QueueTable
      items={items}
      caption={caption}
      rowKey={(item) => item.id}
      columns={[
        { header: 'Request', nowrap: true, cell: (item) => <ReviewLink item={item} /> },
        {
          header: 'Customer',
          cell: (item) => <Person name={nameOf(item)} email={item.customer.email} />,
        },
        { header: 'Type', cell: (item) => item.type },
        { header: 'Purpose or plan', cell: (item) => item.subject ?? <Missing said="None" /> },
        { header: 'Claimed', amount: true, cell: claimed },
        { header: 'Submitted', nowrap: true, cell: (item) => <When iso={item.createdAt} /> },
      ]}
      card={(item) => ({
        link: <ReviewLink item={item} />,
        aside: claimed(item),
        who: <Person name={nameOf(item)} email={item.customer.email} />,
        details: [
          ['Type', item.type],
          ...(item.subject ? [[SUBJECT_LABELS[item.kind], item.subject] as const] : []),
          ['Submitted', <When iso={item.createdAt} />],
        ],
      })}
    />
  );
}
