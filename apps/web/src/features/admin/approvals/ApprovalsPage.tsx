import {
  APPROVAL_INBOX_PERMISSIONS,
  APPROVAL_STATUSES,
  formatMoney,
  type Approval,
  type ApprovalStatus,
} from '@bank/contract';
import { Link, useSearchParams } from 'react-router';
import { ItemLink, Missing, When } from '../shared/cells';
import { QueuePage } from '../shared/QueuePage';
import { QueueTable, type QueueColumn } from '../shared/QueueTable';
import { holds, useStaffMember } from '../shared/staff-member';
import { StatusBadge } from '../shared/StatusBadge';
import { VIEWS, useApprovalList, type InboxFilter, type InboxView } from './api';
import { InboxFilters } from './InboxFilters';
import { STATUS_LABELS, STATUS_TONES, VIEW_LABELS } from './labels';

const digits = (value: string | null) => (value && /^\d{1,18}$/.test(value) ? value : null);

/** Permissions that propose but decide nothing: their holders' inbox opens on their own. */
const PROPOSING_ONLY: readonly string[] = ['ledger.adjust.propose'];
const DECIDING = APPROVAL_INBOX_PERMISSIONS.filter((p) => !PROPOSING_ONLY.includes(p));

/** The inbox's tab and filters, as the address says them (anything else is left out). */
function filterOf(params: URLSearchParams, first: InboxView): InboxFilter {
  const view = VIEWS.find((v) => v === params.get('view')) ?? first;
  const status =
    view === 'waiting'
      ? 'pending'
      : (APPROVAL_STATUSES.find((s) => s === params.get('status')) ?? 'pending');
  const kind = params.get('kind');
  return {
    view,
    status,
    kind: kind && /^[a-z][a-z0-9_.]{0,62}$/.test(kind) ? kind : null,
    minAmount: digits(params.get('minAmount')),
    maxAmount: digits(params.get('maxAmount')),
    proposer: view === 'mine' ? null : digits(params.get('proposer')),
    olderThanHours: digits(params.get('olderThanHours')),
  };
}

function ViewTabs({ shown, first }: { shown: InboxView; first: InboxView }) {
  return (
    <nav aria-label="Proposals by whose they are">
      <ul className="flex flex-wrap gap-2">
        {VIEWS.map((view) => (
          <li key={view}>
            <Link
              to={view === first ? '/admin/approvals' : `/admin/approvals?view=${view}`}
              aria-current={view === shown ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold ring-1 sm:px-4 ${
                view === shown
                  ? 'bg-brand-700 text-white ring-brand-700'
                  : 'bg-white text-brand-700 ring-slate-300 hover:bg-brand-50 dark:bg-slate-900 dark:text-brand-50 dark:ring-slate-700 dark:hover:bg-slate-800'
              }`}
            >
              {VIEW_LABELS[view]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const amountOf = (a: Approval) =>
  a.amount === null || a.currency === null ? (
    <Missing said="No amount" />
  ) : (
    formatMoney(BigInt(a.amount), a.currency)
  );

function ProposalLink({ a }: { a: Approval }) {
  return (
    <ItemLink to={`/admin/approvals/${a.id}`} whose={a.kindLabel}>
      Proposal {a.id}
    </ItemLink>
  );
}

const Status = ({ a }: { a: Approval }) => (
  <StatusBadge tone={STATUS_TONES[a.status]}>{STATUS_LABELS[a.status]}</StatusBadge>
);

function columnsFor(status: ApprovalStatus): QueueColumn<Approval>[] {
  const base: QueueColumn<Approval>[] = [
    { header: 'Proposal', nowrap: true, cell: (a) => <ProposalLink a={a} /> },
    { header: 'What', cell: (a) => a.summary },
    { header: 'Amount', amount: true, cell: amountOf },
    { header: 'Proposed by', cell: (a) => a.proposedBy.name },
    { header: 'Proposed', cell: (a) => <When iso={a.proposedAt} /> },
  ];
  if (status === 'pending') {
    return [...base, { header: 'Expires', cell: (a) => <When iso={a.expiresAt} /> }];
  }
  return [
    ...base,
    { header: 'Status', nowrap: true, cell: (a) => <Status a={a} /> },
    {
      header: 'Decided by',
      cell: (a) => a.decidedBy?.name ?? <Missing said="Nobody: it ran out of time" />,
    },
    { header: 'Decided', cell: (a) => <When iso={a.decidedAt} /> },
  ];
}

const EMPTY: Record<InboxView, string> = {
  waiting: 'Nothing is waiting for you.',
  mine: 'You have no proposals with this status.',
  all: 'No proposals with this status.',
};

/**
 * `/admin/approvals`: proposals that wait for a second person. Waiting for me (what I may
 * decide, proposed by others), My proposals (to follow or withdraw), All by status; filtered
 * by kind, amount, proposer and age.
 */
export function ApprovalsPage() {
  const [params] = useSearchParams();
  // Someone who may decide nothing opens on their own proposals.
  const first: InboxView = holds(useStaffMember(), DECIDING) ? 'waiting' : 'mine';
  const filter = filterOf(params, first);
  const query = useApprovalList(filter);
  // The proposers to choose from: those of the same list without that filter (the same query
  // when none is chosen).
  const everyone = useApprovalList({ ...filter, proposer: null });
  const proposers = [
    ...new Map((everyone.data?.items ?? []).map((a) => [a.proposedBy.id, a.proposedBy])).values(),
  ];
  const searching =
    filter.kind !== null ||
    filter.minAmount !== null ||
    filter.maxAmount !== null ||
    filter.proposer !== null ||
    filter.olderThanHours !== null;
  const order = filter.status === 'pending' ? 'oldest first' : 'newest first';
  const caption = `${VIEW_LABELS[filter.view]}: ${STATUS_LABELS[filter.status].toLowerCase()} proposals, ${order}`;
  return (
    <QueuePage
      title="Approvals"
      intro="Money and access changes wait here for a second person. You never decide your own proposals; you may withdraw them while they wait."
      tabs={<ViewTabs shown={filter.view} first={first} />}
      search={
        <InboxFilters filter={filter} kinds={query.data?.kinds ?? []} proposers={proposers} />
      }
      searching={searching}
      query={{
        isPending: query.isPending,
        isError: query.isError,
        error: query.error,
        isFetching: query.isFetching,
        refetch: () => query.refetch(),
        data: query.data?.items,
      }}
      loadingLabel="Loading the proposals…"
      empty={EMPTY[filter.view]}
      summary={(count) =>
        `${count} ${STATUS_LABELS[filter.status].toLowerCase()} ${count === 1 ? 'proposal' : 'proposals'}, ${order}`
      }
    >
      {(items) => (
        <QueueTable
          items={items}
          caption={caption}
          rowKey={(a) => a.id}
          columns={columnsFor(filter.status)}
          card={(a) => ({
            link: <ProposalLink a={a} />,
            aside: amountOf(a),
            who: <span className="block">{a.summary}</span>,
            details: [
              ['Proposed by', a.proposedBy.name],
              ['Proposed', <When iso={a.proposedAt} />],
              ...(a.status === 'pending'
                ? ([['Expires', <When iso={a.expiresAt} />]] as const)
                : ([
                    ['Status', <Status a={a} />],
                    ['Decided by', a.decidedBy?.name ?? 'Nobody: it ran out of time'],
                    ['Decided', <When iso={a.decidedAt} />],
                  ] as const)),
            ],
          })}
        />
      )}
    </QueuePage>
  );
}
