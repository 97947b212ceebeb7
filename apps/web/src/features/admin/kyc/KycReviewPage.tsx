import type { KycSubmission } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Banner } from '../../../components/ui/Banner';
import { countryName } from '../../../lib/countries';
import { queries } from '../../../lib/queries';
import { formatDateTime } from '../../../lib/format';
import { Decision } from './Decision';
import { DocumentView } from './DocumentView';
import { panelClass } from '../panel';
import { PageHeading } from '../../../components/ui/PageHeading';
import { ReviewFrame } from '../ReviewFrame';

const STATUS_LABELS: Record<KycSubmission['status'], string> = {
  pending: 'Waiting for review',
  approved: 'Approved',
  declined: 'Declined',
};
const STATUS_STYLES: Record<KycSubmission['status'], string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  approved: 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100',
  declined: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
};

/** One identity check: the customer's details, their documents, and the decision. */
export function KycReviewPage() {
  const id = useParams().id ?? '';
  const submission = useQuery(queries.staffKycSubmission(id));
  const [outcome, setOutcome] = useState<string | null>(null);
  return (
    <ReviewFrame
      back={{ to: '/admin/kyc', label: 'Identity checks' }}
      outcome={outcome}
      renderOutcome={(text) => <Banner tone="success">{text}</Banner>}
      query={submission}
      loadingLabel="Loading the submission…"
      notFoundTitle="Submission not found"
      notFoundText="There is no identity check with this number. Go back to the list to pick one."
    >
      {(data) => <Review submission={data} onDecided={setOutcome} />}
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
  const name = `${submission.firstName} ${submission.lastName}`;
  const rows: [string, string][] = [
    ['Email', submission.email],
    ['Username', submission.username],
    ['Country', countryName(submission.country)],
    ['Phone', submission.phone],
    ['Home address', submission.homeAddress],
    ['Document type', submission.documentType],
    ['Submitted', formatDateTime(submission.submittedAt)],
  ];
  if (submission.reviewedAt) {
    rows.push([
      'Decided',
      `${formatDateTime(submission.reviewedAt)}${submission.reviewedBy ? ` by ${submission.reviewedBy}` : ''}`,
    ]);
  }
  if (submission.declineReason) rows.push(['Reason given', submission.declineReason]);

  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <PageHeading title={`${name} · Identity check`}>{name}</PageHeading>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLES[submission.status]}`}
        >
          {STATUS_LABELS[submission.status]}
        </span>
      </div>

      <section aria-labelledby="kyc-details" className="flex flex-col gap-2">
        <h2 id="kyc-details" className="text-lg font-semibold">
          Details
        </h2>
        <dl className={`grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr] ${panelClass}`}>
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-sm text-slate-600 dark:text-slate-400">{term}</dt>
              <dd className="mb-2 break-words sm:mb-0">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

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
