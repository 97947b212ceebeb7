import type { StaffTransfer } from '@bank/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { money } from '../../../../components/funding/format';
import { ItemLink, mutedClass, When } from '../../shared/cells';
import { QueueTable, type QueueColumn } from '../../shared/QueueTable';
import { useStaffMember } from '../../shared/staff-member';
import { StatusBadge } from '../../shared/StatusBadge';
import { customerQueries } from '../api';
import { TRANSFER_STATUS } from '../labels';
import { PagedList } from '../PagedList';
import { SectionFrame } from './SectionFrame';

function Status({ transfer: t }: { transfer: StaffTransfer }) {
  if (!t.status) return null;
  const status = TRANSFER_STATUS[t.status];
  return <StatusBadge tone={status.tone}>{status.label}</StatusBadge>;
}

function Recipient({ transfer: t }: { transfer: StaffTransfer }) {
  return (
    <>
      <span className="block font-medium">{t.accountHolderName}</span>
      <span className={`block text-sm ${mutedClass}`}>
        {t.internal ? 'Inside the bank' : t.bank}, {t.accountNumber}
      </span>
    </>
  );
}

/** The customer's submitted transfers, newest first. */
export function TransfersSection({ customerId }: { customerId: string }) {
  const transfers = useInfiniteQuery(customerQueries.list(customerId, 'transfers'));
  const processes = useStaffMember().permissions.includes('transfers.process');
  const title = (t: StaffTransfer) =>
    processes ? (
      <ItemLink to={`/admin/transfers/${t.id}`}>Transfer {t.id}</ItemLink>
    ) : (
      `Transfer ${t.id}`
    );
  const columns: QueueColumn<StaffTransfer>[] = [
    { header: 'Transfer', nowrap: true, cell: title },
    { header: 'To', cell: (t) => <Recipient transfer={t} /> },
    { header: 'Status', cell: (t) => <Status transfer={t} /> },
    { header: 'Amount', amount: true, cell: (t) => money(t.amount, t.currency) },
    { header: 'Submitted', cell: (t) => <When iso={t.submittedAt} /> },
  ];
  return (
    <SectionFrame title="Transfers">
      <PagedList
        query={transfers}
        loadingLabel="Loading the transfers…"
        empty="No transfer sent yet."
      >
        {(items: StaffTransfer[]) => (
          <QueueTable
            items={items}
            caption="Transfers"
            rowKey={(t) => t.id}
            columns={columns}
            card={(t) => ({
              link: title(t),
              aside: money(t.amount, t.currency),
              who: <Recipient transfer={t} />,
              details: [
                ['Status', <Status transfer={t} />],
                ['Submitted', <When iso={t.submittedAt} />],
                ...(t.failureReason ? [['Why it failed', t.failureReason] as const] : []),
              ],
            })}
          />
        )}
      </PagedList>
    </SectionFrame>
  );
}
