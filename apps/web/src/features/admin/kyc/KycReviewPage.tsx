import { kycDeclineSchema, type KycSubmission } from '@bank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { errorMessage } from '../../../lib/api';
import { countryName } from '../../../lib/countries';
import { useKycDecision, useKycSubmission } from '../api/kyc';
import { formatDateTime } from '../format';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { DocumentView } from './DocumentView';
import { panelClass } from '../panel';

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
  const submission = useKycSubmission(id);
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
        <h1 className="text-2xl font-bold">{name}</h1>
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

/** Approve (with a second press to confirm) or decline with a reason the customer will read. */
function Decision({
  submission,
  name,
  onDecided,
}: {
  submission: KycSubmission;
  name: string;
  onDecided: (message: string) => void;
}) {
  const { approve, decline } = useKycDecision(submission.id);
  const [confirming, setConfirming] = useState(false);
  const questionRef = useRef<HTMLParagraphElement>(null);
  const approveRef = useRef<HTMLButtonElement>(null);
  // Focus follows the question, and back to Approve on Cancel, never dropping to the page.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    (confirming ? questionRef : approveRef).current?.focus();
  }, [confirming]);
  const cancel = () => setConfirming(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(kycDeclineSchema), defaultValues: { reason: '' } });
  const busy = approve.isPending || decline.isPending;
  const failure = approve.error ?? decline.error;

  const onApprove = () =>
    approve.mutate(undefined, {
      onSuccess: ({ accountNumber }) =>
        onDecided(
          `Approved. ${name}'s current account ${accountNumber} is open and they have been emailed.`,
        ),
    });
  const onDecline = handleSubmit(({ reason }) =>
    decline.mutate(reason, {
      onSuccess: () =>
        onDecided(`Declined. ${name} has been emailed the reason and may submit again.`),
    }),
  );

  return (
    <section aria-labelledby="kyc-decision" className="flex flex-col gap-4">
      <h2 id="kyc-decision" className="text-lg font-semibold">
        Decision
      </h2>
      {failure && <Banner tone="error">{errorMessage(failure)}</Banner>}
      <div className="grid gap-6 md:grid-cols-2">
        <div className={`flex flex-col gap-3 ${panelClass}`}>
          <h3 className="font-semibold">Approve</h3>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Opens the customer&apos;s current account with a zero balance and emails them.
          </p>
          {confirming ? (
            <div className="flex flex-col gap-3">
              <p ref={questionRef} tabIndex={-1} className="font-semibold">
                Approve {name} and open their account?
              </p>
              {/* Cancel takes the place of Approve, so a double press cannot approve. */}
              <div className="flex flex-wrap gap-3">
                <Button variant="secondary" disabled={busy} onClick={cancel}>
                  Cancel
                </Button>
                <Button loading={approve.isPending} disabled={busy} onClick={onApprove}>
                  Confirm approval
                </Button>
              </div>
            </div>
          ) : (
            <Button ref={approveRef} disabled={busy} onClick={() => setConfirming(true)}>
              Approve
            </Button>
          )}
        </div>
        <form noValidate onSubmit={onDecline} className={`flex flex-col gap-3 ${panelClass}`}>
          <h3 className="font-semibold">Decline</h3>
          <TextAreaField
            label="Reason for the customer"
            required
            maxLength={500}
            hint="The customer reads this at sign-in and in an email, then may submit again."
            error={errors.reason?.message}
            {...register('reason')}
          />
          <Button type="submit" variant="secondary" loading={decline.isPending} disabled={busy}>
            Decline
          </Button>
        </form>
      </div>
    </section>
  );
}
