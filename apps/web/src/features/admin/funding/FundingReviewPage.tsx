import type { StaffFundingRequest } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Banner } from '../../../components/ui/Banner';
import { PageHeading } from '../../../components/ui/PageHeading';
import { queries } from '../../../lib/queries';
import { ReviewFrame } from '../ReviewFrame';
import { Decision } from './Decision';
import { KIND_LABELS, STATUS_LABELS } from './labels';
import { ProofView } from './ProofView';
import { RequestDetails, StatusBadge } from './RequestDetails';

type Outcome =
  | { kind: 'decided'; text: string }
  /** A refusal with 409: the server's words, until the reloaded request shows the decision. */
  | { kind: 'conflict'; detail: string };

/** The outcome above the request; a 409 reads as "someone else decided" once that shows. */
function OutcomeBanner({ outcome, request }: { outcome: Outcome; request?: StaffFundingRequest }) {
  if (outcome.kind === 'decided') return <Banner tone="success">{outcome.text}</Banner>;
  if (!request || request.status === 'pending') {
    return <Banner tone="error">{outcome.detail}</Banner>;
  }
  const by = request.decidedBy ? ` by ${request.decidedBy}` : '';
  return (
    <Banner tone="warning">
      Someone else decided this request first: it was {STATUS_LABELS[request.status].toLowerCase()}
      {by}. Your decision was not applied; the request below is as it stands now.
    </Banner>
  );
}

/** `/admin/funding/:id`: one request, its proof, and the decision (taken once). */
export function FundingReviewPage() {
  const id = useParams().id ?? '';
  const request = useQuery(queries.staffFundingRequest(id));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  return (
    <ReviewFrame
      back={{ to: '/admin/funding', label: 'Funding requests' }}
      outcome={outcome}
      renderOutcome={(o) => <OutcomeBanner outcome={o} request={request.data} />}
      query={request}
      loadingLabel="Loading the request…"
      notFoundTitle="Request not found"
      notFoundText="There is no funding request with this number. Go back to the list to pick one."
    >
      {(data) => (
        <Review
          request={data}
          onDecided={(text) => setOutcome({ kind: 'decided', text })}
          onConflict={(detail) => setOutcome({ kind: 'conflict', detail })}
        />
      )}
    </ReviewFrame>
  );
}

function Review({
  request: r,
  onDecided,
  onConflict,
}: {
  request: StaffFundingRequest;
  onDecided: (text: string) => void;
  onConflict: (detail: string) => void;
}) {
  const title = `${KIND_LABELS[r.kind]} ${r.id}`;
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <PageHeading title={`${title} · Funding request`}>
          {title}: {r.customer.firstName} {r.customer.lastName}
        </PageHeading>
        <StatusBadge status={r.status} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-6">
          <RequestDetails request={r} />
        </div>
        <ProofView requestId={r.id} />
      </div>
      {r.status === 'pending' && (
        <Decision key={r.id} request={r} onDecided={onDecided} onConflict={onConflict} />
      )}
    </>
  );
}
