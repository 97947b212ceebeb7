import type { FixedDeposit } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { dayMonthYear, money, percent } from '../../../../components/funding/format';
import { LoadFailed, Loading } from '../../../../components/ui/QueryStatus';
import { panelClass } from '../../shared/panel';
import { QueueTable, type QueueColumn } from '../../shared/QueueTable';
import { StatusBadge } from '../../shared/StatusBadge';
import { customerQueries } from '../api';
import { SectionFrame } from './SectionFrame';

const COLUMNS: QueueColumn<FixedDeposit>[] = [
  { header: 'Plan', cell: (d) => d.planName },
  { header: 'Account', nowrap: true, cell: (d) => d.accountNumber },
  { header: 'Rate', nowrap: true, cell: (d) => percent(d.annualRateBp) },
  {
    header: 'Term',
    nowrap: true,
    cell: (d) => `${dayMonthYear(d.startDate)} to ${dayMonthYear(d.maturityDate)}`,
  },
  {
    header: 'Status',
    cell: (d) => (
      <StatusBadge tone={d.status === 'active' ? 'waiting' : 'done'}>{d.status}</StatusBadge>
    ),
  },
  { header: 'Principal', amount: true, cell: (d) => money(d.principal, d.currency) },
  { header: 'Accrued', amount: true, cell: (d) => money(d.accrued, d.currency) },
];

/** The customer's fixed deposits, newest first. */
export function FixedDepositsSection({ customerId }: { customerId: string }) {
  const deposits = useQuery(customerQueries.fixedDeposits(customerId));
  return (
    <SectionFrame title="Fixed deposits">
      {deposits.isPending ? (
        <Loading label="Loading the fixed deposits…" />
      ) : deposits.isError ? (
        <LoadFailed
          error={deposits.error}
          retrying={deposits.isFetching}
          onRetry={() => void deposits.refetch()}
        />
      ) : deposits.data.items.length === 0 ? (
        <p className={panelClass}>No fixed deposit yet.</p>
      ) : (
        <QueueTable
          items={deposits.data.items}
          caption="Fixed deposits"
          rowKey={(d) => d.id}
          columns={COLUMNS}
          card={(d) => ({
            link: <span className="font-semibold">{d.planName}</span>,
            aside: money(d.principal, d.currency),
            details: [
              ['Account', d.accountNumber],
              ['Rate', percent(d.annualRateBp)],
              ['Matures', dayMonthYear(d.maturityDate)],
              ['Status', d.status],
              ['Accrued', money(d.accrued, d.currency)],
            ],
          })}
        />
      )}
    </SectionFrame>
  );
}
