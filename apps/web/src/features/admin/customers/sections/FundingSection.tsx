import type { FundingRequest } from '@bank/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { money } from '../../../../components/funding/format';
import { ItemLink, Missing, When } from '../../shared/cells';
import { QueueTable, type QueueColumn } from '../../shared/QueueTable';
import { useStaffMember } from '../../shared/staff-member';
import { StatusBadge } from '../../shared/StatusBadge';
import { customerQueries } from '../api';
import { FUNDING_KIND, FUNDING_TONE } from '../labels';
import { PagedList } from '../PagedList';
import { SectionFrame } from './SectionFrame';

const nameOf = (r: FundingRequest) => `${FUNDING_KIND[r.kind]} ${r.id}`;

function Received({ request: r }: { request: FundingRequest }) {
  return r.receivedAmount ? (
    <>{money(r.receivedAmount, r.currency)}</>
  ) : (
    <Missing said="Nothing received yet" />
  );
}

/** The customer's crypto deposits, payments, fixed deposits and upgrades, newest first. */
export function FundingSection({ customerId }: { customerId: string }) {
  const requests = useInfiniteQuery(customerQueries.list(customerId, 'funding-requests'));
  // A reviewer opens the request's own page; others read it here.
  const reviews = useStaffMember().permissions.includes('funding.review');
  const title = (r: FundingRequest) =>
    reviews ? <ItemLink to={`/admin/funding/${r.id}`}>{nameOf(r)}</ItemLink> : nameOf(r);
  const columns: QueueColumn<FundingRequest>[] = [
    { header: 'Request', nowrap: true, cell: title },
    { header: 'Paid in', cell: (r) => r.type },
    { header: 'For', cell: (r) => r.subject ?? <Missing said="Nothing more" /> },
    {
      header: 'Status',
      cell: (r) => <StatusBadge tone={FUNDING_TONE[r.status]}>{r.status}</StatusBadge>,
    },
    { header: 'Claimed', amount: true, cell: (r) => money(r.claimedAmount, r.currency) },
    { header: 'Received', amount: true, cell: (r) => <Received request={r} /> },
    { header: 'Sent', cell: (r) => <When iso={r.createdAt} /> },
  ];
  return (
    <SectionFrame title="Funding requests">
      <PagedList
        query={requests}
        loadingLabel="Loading the funding requests…"
        empty="No funding request yet: none of crypto deposit, payment, fixed deposit or upgrade."
      >
        {(items: FundingRequest[]) => (
          <QueueTable
            items={items}
            caption="Funding requests"
            rowKey={(r) => r.id}
            columns={columns}
            card={(r) => ({
              link: title(r),
              aside: money(r.claimedAmount, r.currency),
              details: [
                ['Status', <StatusBadge tone={FUNDING_TONE[r.status]}>{r.status}</StatusBadge>],
                ['Paid in', r.type],
                ['Received', <Received request={r} />],
                ['Sent', <When iso={r.createdAt} />],
                ...(r.declineReason ? [['Reason', r.declineReason] as const] : []),
              ],
            })}
          />
        )}
      </PagedList>
    </SectionFrame>
  );
}
