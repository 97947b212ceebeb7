import { personName } from '@bank/contract';
import type { StaffFundingRequest } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PageHeading } from '../../../components/ui/PageHeading';
import { queries } from '../../../lib/queries';
import { useDecisionOutcome } from '../shared/outcome';
import { ReviewFrame } from '../shared/ReviewFrame';
import { Decision, type Decided } from './Decision';
import { WaitingForSecondPerson } from '../shared/second-person';
import { KIND_LABELS, STATUS_LABELS } from '../shared/funding/labels';
import { ProofView } from '../shared/funding/ProofView';
import { RequestDetails, StatusBadge } from '../shared/funding/RequestDetails';

/** How a request read again after a 409 stands: decided by someone else, or not yet. */
function meanwhile(request: StaffFundingRequest) {
  if (request.status === 'pending') return null;
  return { as: STATUS_LABELS[request.status].toLowerCase(), by: request.decidedBy };
}

/** `/admin/funding/:id`: one request, its proof, and the decision (taken once). */
export function FundingReviewPage() {
  const id = useParams().id ?? '';
  const request = useQuery(queries.staffFundingRequest(id));
  const { outcome, onDecided, onConflict, onProposed } = useDecisionOutcome();
  const onDone = ({ text, approvalId }: Decided) =>
    approvalId === null ? onDecided(text) : onProposed(text, approvalId);
  return (
    <ReviewFrame
      back={{ to: '/admin/funding', label: 'Funding requests' }}
      outcome={outcome}
      noun="request"
      meanwhile={meanwhile}
      query={request}
      loadingLabel="Loading the request…"
      notFoundTitle="Request not found"
      notFoundText="There is no funding request with this number. Go back to the list to pick one."
    >
      {(data) => <Review request={data} onDecided={onDone} onConflict={onConflict} />}
    </ReviewFrame>
  );
}

function Review({
  request: r,
  onDecided,
  onConflict,
}: {
  request: StaffFundingRequest;
  onDecided: (decided: Decided) => void;
  onConflict: (detail: string) => void;
}) {
  const title = `${KIND_LABELS[r.kind]} ${r.id}`;
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <PageHeading title={`${title} · Funding request`}>
          {title}: {personName(r.customer)}
        </PageHeading>
        <StatusBadge status={r.status} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-6">
          <RequestDetails request={r} />
        </div>
        {r.paidFrom === 'crypto' && <ProofView requestId={r.id} />}
      </div>
      {r.status === 'pending' &&
        (r.proposal ? (
          <WaitingForSecondPerson proposal={r.proposal} />
        ) : (
          <Decision key={r.id} request={r} onDecided={onDecided} onConflict={onConflict} />
        ))}
    </>
  );
}
