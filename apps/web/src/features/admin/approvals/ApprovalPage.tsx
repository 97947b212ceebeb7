import { formatMoney, type Approval } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PageHeading } from '../../../components/ui/PageHeading';
import { linkClass, When } from '../shared/cells';
import { DetailSection, type DetailRow } from '../shared/DetailRows';
import { useDecisionOutcome } from '../shared/outcome';
import { ReviewFrame } from '../shared/ReviewFrame';
import { holds, useStaffMember } from '../shared/staff-member';
import { StatusBadge } from '../shared/StatusBadge';
import { approvalQuery } from './api';
import { ProofView } from '../shared/funding/ProofView';
import { EvidenceView } from './EvidenceView';
import { FundingRequestSection, fundingRequestOf } from './FundingRequestContext';
import { STATUS_LABELS, STATUS_TONES } from './labels';
import { ProposalDecision } from './ProposalDecision';
import { subjectPage } from './related';

/** How a proposal read again after a 409 stands: decided (or expired) meanwhile, or not yet. */
function meanwhile(a: Approval) {
  if (a.status === 'pending') return null;
  return { as: STATUS_LABELS[a.status].toLowerCase(), by: a.decidedBy?.name ?? null };
}

const DECIDED_WORDS: Record<Approval['status'], string> = {
  pending: '',
  approved: 'Approved by',
  rejected: 'Rejected by',
  withdrawn: 'Withdrawn by',
  expired: 'Expired',
  superseded: 'Overtaken',
};

/** `/admin/approvals/:id`: one proposal, its evidence, and the decision on it. */
export function ApprovalPage() {
  const id = useParams().id ?? '';
  const approval = useQuery(approvalQuery(id));
  const { outcome, onDecided, onConflict } = useDecisionOutcome();
  return (
    <ReviewFrame
      back={{ to: '/admin/approvals', label: 'Approvals' }}
      outcome={outcome}
      noun="proposal"
      meanwhile={meanwhile}
      query={approval}
      loadingLabel="Loading the proposal…"
      notFoundTitle="Proposal not found"
      notFoundText="There is no proposal with this number that you may see. Go back to Approvals to pick one."
    >
      {(data) => <Proposal a={data} onDecided={onDecided} onConflict={onConflict} />}
    </ReviewFrame>
  );
}

function Proposal({
  a,
  onDecided,
  onConflict,
}: {
  a: Approval;
  onDecided: (text: string) => void;
  onConflict: (detail: string) => void;
}) {
  const me = useStaffMember();
  const title = `Proposal ${a.id}`;
  // Links to what it concerns, for those who may open those pages; the words for the others.
  const customer =
    a.customer &&
    (holds(me, 'customers.manage') ? (
      <Link to={`/admin/customers/${a.customer.id}`} className={linkClass}>
        {a.customer.name}
      </Link>
    ) : (
      a.customer.name
    ));
  const subject = subjectPage(a.subject);
  const funding = fundingRequestOf(a);
  const mayReadFunding = holds(me, 'funding.review');
  // A confirmation's evidence is the customer's proof of payment.
  const proof = funding !== null && mayReadFunding && <ProofView requestId={funding} />;
  const evidence = a.evidenceMime ? (
    <EvidenceView approvalId={a.id} />
  ) : (
    funding === null && (
      <p className="text-slate-700 dark:text-slate-300">No evidence file was attached.</p>
    )
  );
  const concerns =
    subject &&
    (holds(me, subject.permission) ? (
      <Link to={subject.to} className={linkClass}>
        {subject.label}
      </Link>
    ) : (
      subject.label
    ));
  const who: DetailRow[] = [
    ['Kind', a.kindLabel],
    ...(a.amount !== null && a.currency !== null
      ? ([['Amount', formatMoney(BigInt(a.amount), a.currency)]] as DetailRow[])
      : []),
    ...(customer ? ([['Customer', customer]] as DetailRow[]) : []),
    ...(concerns ? ([['Concerns', concerns]] as DetailRow[]) : []),
    ['Proposed by', a.proposedBy.name],
    ['Proposed', <When iso={a.proposedAt} />],
    [a.status === 'pending' ? 'Expires' : 'Was due to expire', <When iso={a.expiresAt} />],
  ];
  const decided: DetailRow[] =
    a.status === 'pending'
      ? []
      : [
          ['Outcome', STATUS_LABELS[a.status]],
          ...(a.decidedBy
            ? ([[DECIDED_WORDS[a.status], a.decidedBy.name]] as DetailRow[])
            : ([
                [
                  'Decided by',
                  a.status === 'superseded'
                    ? 'Nobody: what it concerned changed first, and nothing was done (see below)'
                    : 'Nobody: it ran out of time, and nothing was done',
                ],
              ] as DetailRow[])),
          ['When', <When iso={a.decidedAt} />],
          ...(a.decisionNote ? ([['Note', a.decisionNote]] as DetailRow[]) : []),
          ...a.outcome.map((line) => [line.label, line.value] as DetailRow),
        ];
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <PageHeading title={`${title} · Approvals`}>
          {title}: {a.kindLabel}
        </PageHeading>
        <StatusBadge tone={STATUS_TONES[a.status]}>{STATUS_LABELS[a.status]}</StatusBadge>
      </div>
      <p className="text-lg">{a.summary}</p>
      {/* On a phone the file comes right after what it backs; beside it from lg up. */}
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          <DetailSection
            title="What approving does"
            rows={a.details.map((line) => [line.label, line.value])}
          />
          {funding !== null && (
            <FundingRequestSection requestId={funding} approval={a} mayRead={mayReadFunding} />
          )}
        </div>
        {(proof || evidence) && (
          <div className="flex min-w-0 flex-col gap-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
            {proof}
            {evidence}
          </div>
        )}
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1">
          <DetailSection title="Reason" rows={[['Proposer’s reason', a.reason]]} />
          <DetailSection title="Who and when" rows={who} />
          {decided.length > 0 && <DetailSection title="Decision" rows={decided} />}
        </div>
      </div>
      {a.status === 'pending' && (
        <ProposalDecision key={a.id} approval={a} onDecided={onDecided} onConflict={onConflict} />
      )}
    </>
  );
}
