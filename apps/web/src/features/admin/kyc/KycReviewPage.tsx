import { personName } from '@bank/contract';
import type { KycSubmission } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PageHeading } from '../../../components/ui/PageHeading';
import { countryName } from '../../../lib/countries';
import { utcTime } from '../shared/CheckVerdict';
import { queries } from '../../../lib/queries';
import { DetailSection, type DetailRow } from '../shared/DetailRows';
import { useDecisionOutcome } from '../shared/outcome';
import { ReviewFrame } from '../shared/ReviewFrame';
import { StatusBadge, type StatusTone } from '../shared/StatusBadge';
import { Decision } from './Decision';
import { DocumentView } from '../shared/DocumentView';

const STATUS_LABELS: Record<KycSubmission['status'], string> = {
  pending: 'Waiting for review',
  approved: 'Approved',
  declined: 'Declined',
};
const STATUS_TONES: Record<KycSubmission['status'], StatusTone> = {
  pending: 'waiting',
  approved: 'done',
  declined: 'refused',
};

/** One identity check: the customer's details, their documents, and the decision. */
export function KycReviewPage() {
  const id = useParams().id ?? '';
  const submission = useQuery(queries.staffKycSubmission(id));
  const { outcome, onDecided } = useDecisionOutcome();
  return (
    <ReviewFrame
      back={{ to: '/admin/kyc', label: 'Identity checks' }}
      outcome={outcome}
      noun="submission"
      query={submission}
      loadingLabel="Loading the submission…"
      notFoundTitle="Submission not found"
      notFoundText="There is no identity check with this number. Go back to the list to pick one."
    >
      {(data) => <Review submission={data} onDecided={onDecided} />}
    </ReviewFrame>
  );
}

function Review({
  submission,
  onDecided,
}: {
  submission: KycSubmission;
  onDecided: (message: string) => void;
}) {
  const name = personName(submission);
  const rows: DetailRow[] = [
    ['Email', submission.email],
    ['Username', submission.username],
    ['Country', countryName(submission.country)],
    ['Phone', submission.phone],
    ['Home address', submission.homeAddress],
    ['Document type', submission.documentType],
    ['Submitted', utcTime(submission.submittedAt)],
  ];
  if (submission.reviewedAt) {
    rows.push([
      'Decided',
      `${utcTime(submission.reviewedAt)}${submission.reviewedBy ? ` by ${submission.reviewedBy}` : ''}`,
    ]);
  }
  if (submission.declineReason) rows.push(['Reason given', submission.declineReason]);

  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <PageHeading title={`${name} · Identity check`}>{name}</PageHeading>
        <StatusBadge tone={STATUS_TONES[submission.status]}>
          {STATUS_LABELS[submission.status]}
        </StatusBadge>
      </div>

      <DetailSection title="Details" rows={rows} />

      <section aria-labelledby="kyc-documents" className="flex flex-col gap-2">
        <h2 id="kyc-documents" className="text-lg font-semibold">
          Documents
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          {submission.documents.map((document) => (
            <DocumentView key={document.role} submissionId={submission.id} document={document} />
          ))}
        </div>
      </section>

      {submission.status === 'pending' && (
        <Decision submission={submission} name={name} onDecided={onDecided} />
      )}
    </>
  );
}
