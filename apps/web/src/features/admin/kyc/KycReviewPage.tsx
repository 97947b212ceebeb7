import type { KycSubmission } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Banner } from '../../../components/ui/Banner';
import { countryName } from '../../../lib/countries';
import { ApiError } from '../../../lib/api';
import { queries } from '../../../lib/queries';
import { formatDateTime } from '../../../lib/format';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { Decision } from './Decision';
import { DocumentView } from './DocumentView';
import { panelClass } from '../panel';
import { PageHeading } from '../../../components/ui/PageHeading';

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
  const outcomeRef = useRef<HTMLDivElement>(null);
  // The decision buttons go away with the decision: focus moves to what happened.
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  return (
    <div className="flex flex-col gap-6">
      <p>
        <Link to="/admin/kyc" className="font-semibold text-brand-700 underline dark:text-brand-50">
          ← Identity checks
        </Link>
      </p>
      {outcome && (
        <div ref={outcomeRef} tabIndex={-1}>
          <Banner tone="success">{outcome}</Banner>
        </div>
      )}
      {submission.isPending ? (
        <Loading label="Loading the submission…" />
      ) : submission.error instanceof ApiError && submission.error.status === 404 ? (
        <>
          <PageHeading title="Submission not found" />
          <p className="text-slate-700 dark:text-slate-300">
            There is no identity check with this number. Go back to the list to pick one.
          </p>
        </>
      ) : submission.isError ? (
        <LoadFailed
          error={submission.error}
          retrying={submission.isFetching}
          onRetry={() => void submission.refetch()}
        />
      ) : (
        <Review submission={submission.data} onDecided={setOutcome} />
      )}
    </div>
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
