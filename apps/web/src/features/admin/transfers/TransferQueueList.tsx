import type { StaffTransfer } from '@bank/contract';
import { money } from '../../../components/funding/format';
import { countryName } from '../../../lib/countries';
import { ItemLink, mutedClass, Person, When } from '../shared/cells';
import { QueueTable, type QueueColumn } from '../shared/QueueTable';
import { transferName } from './labels';
import { InternalBadge } from './StatusBadge';

function TransferLink({ transfer }: { transfer: StaffTransfer }) {
  return (
    <ItemLink to={`/admin/transfers/${transfer.id}`} whose={transfer.customer.name}>
      {transferName(transfer)}
    </ItemLink>
  );
}

function Recipient({ transfer: t }: { transfer: StaffTransfer }) {
  return (
    <>
      <span className="block font-medium">{t.accountHolderName}</span>
      <span className={`block ${mutedClass}`}>
        {t.bank}, {countryName(t.country)}
      </span>
      {t.internal && (
        <span className="mt-1 inline-block">
          <InternalBadge />
        </span>
      )}
    </>
  );
}

const gets = (t: StaffTransfer) => money(t.amountReceived, t.currency);

const COLUMNS: QueueColumn<StaffTransfer>[] = [
  { header: 'Transfer', nowrap: true, cell: (t) => <TransferLink transfer={t} /> },
  { header: 'Customer', cell: (t) => <Person name={t.customer.name} email={t.customer.email} /> },
  { header: 'Recipient', cell: (t) => <Recipient transfer={t} /> },
  { header: 'Recipient gets', amount: true, cell: gets },
  { header: 'Submitted', nowrap: true, cell: (t) => <When iso={t.submittedAt} /> },
];
const DECIDED: QueueColumn<StaffTransfer> = {
  header: 'Decided',
  nowrap: true,
  cell: (t) => <When iso={t.decidedAt} />,
};

/**
 * The transfers of one status: a table, or a card per transfer on a phone. `decided` adds when
 * each was decided. Long names and banks wrap rather than scroll.
 */
export function TransferQueueList({
  items,
  caption,
  decided,
}: {
  items: StaffTransfer[];
  caption: string;
  decided: boolean;
}) {
  return (
    <QueueTable
      items={items}
      caption={caption}
      rowKey={(t) => t.id}
      columns={decided ? [...COLUMNS, DECIDED] : COLUMNS}
      card={(t) => ({
        link: <TransferLink transfer={t} />,
        aside: (
          <>
            <span className="sr-only">Recipient gets </span>
            {gets(t)}
          </>
        ),
        who: <Person name={t.customer.name} email={t.customer.email} />,
        details: [
          ['To', <Recipient transfer={t} />],
          ['Submitted', <When iso={t.submittedAt} />],
          ...(decided ? [['Decided', <When iso={t.decidedAt} />] as const] : []),
        ],
      })}
    />
  );
}
