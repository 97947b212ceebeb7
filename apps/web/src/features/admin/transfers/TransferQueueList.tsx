import type { StaffTransfer, TransferStatus } from '@bank/contract';
import { money } from '../../../components/funding/format';
import { countryName } from '../../../lib/countries';
import { Decided, ItemLink, Missing, mutedClass, Person, Reference, When } from '../shared/cells';
import { WaitingCell } from '../shared/second-person';
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

/** The columns of every tab; a decided tab shows when it was submitted only on wide screens. */
const columns = (decided: boolean): QueueColumn<StaffTransfer>[] => [
  { header: 'Transfer', nowrap: true, cell: (t) => <TransferLink transfer={t} /> },
  { header: 'Customer', cell: (t) => <Person name={t.customer.name} email={t.customer.email} /> },
  { header: 'Recipient', cell: (t) => <Recipient transfer={t} /> },
  { header: 'Recipient gets', amount: true, cell: gets },
  { header: 'Submitted', wideOnly: decided, cell: (t) => <When iso={t.submittedAt} /> },
];
/** The in-progress tab: whether a refund waits for a second person. */
const WAITING: QueueColumn<StaffTransfer> = {
  header: 'Decision',
  cell: (t) => (t.proposal ? <WaitingCell proposal={t.proposal} /> : 'To decide'),
};
const decider = (t: StaffTransfer, customer = 'The customer') =>
  t.status === 'cancelled' ? customer : (t.decidedBy ?? <Missing said="Not recorded" />);

/** What a decided tab adds: the payment's reference or why it failed, who decided and when. */
const OUTCOME: Record<Exclude<TransferStatus, 'in_progress'>, QueueColumn<StaffTransfer>> = {
  successful: {
    header: 'Reference',
    cell: (t) => (t.reference ? <Reference text={t.reference} /> : <Missing said="None" />),
  },
  failed: { header: 'Reason given', cell: (t) => t.failureReason ?? <Missing said="None" /> },
  cancelled: { header: 'Refund', cell: () => 'Amount and charge back to the customer' },
};
const BY_WHOM: QueueColumn<StaffTransfer>[] = [
  { header: 'Decided', cell: (t) => <Decided at={t.decidedAt} by={decider(t, 'the customer')} /> },
];

/**
 * The transfers of one status: a table, or a card per transfer on a phone. A decided tab adds
 * the reference or the reason, when and by whom. Long names and banks wrap rather than scroll.
 */
export function TransferQueueList({
  items,
  caption,
  status,
}: {
  items: StaffTransfer[];
  caption: string;
  status: TransferStatus;
}) {
  const decided = status !== 'in_progress';
  return (
    <QueueTable
      items={items}
      caption={caption}
      rowKey={(t) => t.id}
      columns={
        decided ? [...columns(true), OUTCOME[status], ...BY_WHOM] : [...columns(false), WAITING]
      }
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
          ...(t.proposal ? ([['Decision', <WaitingCell proposal={t.proposal} />]] as const) : []),
          ...(decided
            ? ([
                [OUTCOME[status].header, OUTCOME[status].cell(t)],
                ['Decided', <When iso={t.decidedAt} />],
                ['Decided by', decider(t)],
              ] as const)
            : []),
        ],
      })}
    />
  );
}
