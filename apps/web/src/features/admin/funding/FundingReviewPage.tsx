import {
  declineFundingSchema,
  formatMoney,
  parseDecimalAmount,
  staffFundingRequestSchema,
  toDecimalString,
  type StaffFundingRequest,
} from '@bank/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { PageHeading } from '../../../components/ui/PageHeading';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { api, ApiError, errorMessage } from '../../../lib/api';
import { fieldErrorsIn } from '../../../lib/apply-field-errors';
import { formatDateTime } from '../../../lib/format';
import { queries, queryKeys } from '../../../lib/queries';
import { panelClass } from '../panel';
import { KIND_LABELS } from './labels';

const linkClass = 'font-semibold text-brand-700 underline dark:text-brand-50';

function proofUrl(id: string) {
  return `/api/v1/staff/funding/requests/${encodeURIComponent(id)}/proof`;
}

/** The proof as stored (re-encoded on intake); each fetch is audited by the server. */
function Proof({ id }: { id: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <figure className={`flex flex-col gap-2 ${panelClass}`}>
      {failed ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-200">
          The proof could not be loaded.
        </p>
      ) : (
        <img
          src={proofUrl(id)}
          alt="Proof of payment"
          onError={() => setFailed(true)}
          className="max-h-96 w-full rounded bg-slate-100 object-contain dark:bg-slate-800"
        />
      )}
      <figcaption className="flex flex-wrap justify-between gap-2 text-sm">
        <span className="font-semibold">Proof of payment</span>
        <a
          href={proofUrl(id)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Open full size, proof of payment (new tab)"
          className={linkClass}
        >
          Open full size
        </a>
      </figcaption>
    </figure>
  );
}

function Decision({ request }: { request: StaffFundingRequest }) {
  const queryClient = useQueryClient();
  const money = (minor: bigint) => formatMoney(minor, request.currency);
  const claimed = BigInt(request.claimedAmount);
  const [received, setReceived] = useState(toDecimalString(claimed));
  const [receivedError, setReceivedError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const parsed = parseDecimalAmount(received.trim().replace(/,(?=\d{3}(\D|$))/g, ''));
  const settle = () => queryClient.invalidateQueries({ queryKey: queryKeys.staffFunding });
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) {
      setAsking(false);
      setOutcome({
        tone: 'error',
        text: `${error.message} The request is shown as it stands now.`,
      });
      return;
    }
    const field = fieldErrorsIn(error, ['receivedAmount']).receivedAmount;
    if (field) {
      setAsking(false);
      setReceivedError(field);
    }
  };
  const confirm = useMutation({
    mutationFn: () =>
      api('POST', `/api/v1/staff/funding/requests/${encodeURIComponent(request.id)}/confirm`, {
        body: { receivedAmount: String(parsed) },
        schema: staffFundingRequestSchema,
      }),
    onSuccess: (done) => {
      setAsking(false);
      setOutcome({
        tone: 'success',
        text: `Confirmed with ${money(BigInt(done.receivedAmount ?? '0'))}. The customer has been told.`,
      });
    },
    onError,
    onSettled: settle,
  });
  const decline = useMutation({
    mutationFn: () =>
      api('POST', `/api/v1/staff/funding/requests/${encodeURIComponent(request.id)}/decline`, {
        body: { reason: reason.trim() },
        schema: staffFundingRequestSchema,
      }),
    onSuccess: () =>
      setOutcome({ tone: 'success', text: 'Declined. The customer has been told why.' }),
    onError: (error) => {
      onError(error);
      const field = fieldErrorsIn(error, ['reason']).reason;
      if (field) setReasonError(field);
    },
    onSettled: settle,
  });

  function askConfirm(event: FormEvent) {
    event.preventDefault();
    if (parsed === null || parsed <= 0n) {
      setReceivedError('Enter the amount that arrived, e.g. 150.00');
      document.getElementById('received')?.focus();
      return;
    }
    setReceivedError(null);
    setAsking(true);
  }
  function sendDecline(event: FormEvent) {
    event.preventDefault();
    const checked = declineFundingSchema.safeParse({ reason });
    if (!checked.success) {
      setReasonError(checked.error.issues[0]?.message ?? 'Give the customer a reason');
      document.getElementById('reason')?.focus();
      return;
    }
    setReasonError(null);
    decline.mutate();
  }

  if (outcome?.tone === 'success' || request.status !== 'pending') {
    return outcome ? <Banner tone={outcome.tone}>{outcome.text}</Banner> : null;
  }
  const differs = parsed !== null && parsed !== claimed;
  return (
    <section aria-labelledby="decision" className={`flex flex-col gap-5 ${panelClass}`}>
      <h2 id="decision" className="text-lg font-semibold">
        Decision
      </h2>
      {outcome && <Banner tone={outcome.tone}>{outcome.text}</Banner>}
      <form onSubmit={askConfirm} noValidate className="flex flex-col gap-3">
        <TextField
          id="received"
          label="Amount received"
          inputMode="decimal"
          autoComplete="off"
          value={received}
          error={receivedError ?? undefined}
          hint={`What actually arrived, in ${request.currency}. The customer claimed ${money(claimed)}.`}
          onChange={(e) => setReceived(e.target.value)}
        />
        <div>
          <Button type="submit">Confirm</Button>
        </div>
      </form>
      <form onSubmit={sendDecline} noValidate className="flex flex-col gap-3">
        <TextAreaField
          id="reason"
          label="Reason for declining"
          value={reason}
          error={reasonError ?? undefined}
          hint="The customer reads this."
          onChange={(e) => setReason(e.target.value)}
        />
        <div>
          <Button type="submit" variant="secondary" loading={decline.isPending}>
            Decline
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Confirm this request?"
        description={
          parsed === null ? (
            ''
          ) : differs ? (
            <>
              The customer claimed {money(claimed)}, but you are confirming{' '}
              <strong>{money(parsed)}</strong>. They will be told both amounts, and {money(parsed)}{' '}
              is what moves.
            </>
          ) : (
            <>{money(parsed)} moves now, and the customer is told. This cannot be undone.</>
          )
        }
        confirmLabel={`Confirm ${parsed === null ? '' : money(parsed)}`}
        onConfirm={() => confirm.mutate()}
        pending={confirm.isPending}
        error={
          confirm.error && !(confirm.error instanceof ApiError && confirm.error.status === 409)
            ? errorMessage(confirm.error)
            : null
        }
      />
    </section>
  );
}

/** `/admin/funding/:id`: one request, its proof, and the decision (taken once). */
export function FundingReviewPage() {
  const { id = '' } = useParams();
  const request = useQuery(queries.staffFundingRequest(id));
  if (request.isPending) return <Loading label="Loading the request…" />;
  if (!request.data) {
    return (
      <LoadFailed
        error={request.error}
        retrying={request.isFetching}
        onRetry={() => void request.refetch()}
      />
    );
  }
  const r = request.data;
  const money = (minor: string) => formatMoney(BigInt(minor), r.currency);
  return (
    <div className="flex max-w-4xl flex-col gap-5">
      <Link to="/admin/funding" className={`${linkClass} self-start text-sm`}>
        All funding requests
      </Link>
      <PageHeading title={`${KIND_LABELS[r.kind]} ${r.id}`}>
        {KIND_LABELS[r.kind]} {r.id}: {r.customer.firstName} {r.customer.lastName}
      </PageHeading>
      <div className="grid gap-5 lg:grid-cols-2">
        <dl className={`grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm ${panelClass}`}>
          <dt className="text-slate-600 dark:text-slate-400">Status</dt>
          <dd className="font-semibold capitalize">{r.status}</dd>
          <dt className="text-slate-600 dark:text-slate-400">Customer</dt>
          <dd className="break-all">
            {r.customer.firstName} {r.customer.lastName} ({r.customer.username}), {r.customer.email}
          </dd>
          <dt className="text-slate-600 dark:text-slate-400">Claimed</dt>
          <dd className="font-semibold">{money(r.claimedAmount)}</dd>
          {r.receivedAmount && (
            <>
              <dt className="text-slate-600 dark:text-slate-400">Received</dt>
              <dd className="font-semibold">{money(r.receivedAmount)}</dd>
            </>
          )}
          <dt className="text-slate-600 dark:text-slate-400">Paid in</dt>
          <dd>
            {r.type}
            {r.network ? ` (${r.network})` : ''}
          </dd>
          <dt className="text-slate-600 dark:text-slate-400">To address</dt>
          <dd className="font-mono break-all">{r.payToAddress}</dd>
          {r.subject && (
            <>
              <dt className="text-slate-600 dark:text-slate-400">For</dt>
              <dd>{r.subject}</dd>
            </>
          )}
          {r.planTerms && (
            <>
              <dt className="text-slate-600 dark:text-slate-400">Plan terms</dt>
              <dd>{r.planTerms}</dd>
            </>
          )}
          <dt className="text-slate-600 dark:text-slate-400">Sent</dt>
          <dd>{formatDateTime(r.createdAt)}</dd>
          {r.decidedAt && (
            <>
              <dt className="text-slate-600 dark:text-slate-400">Decided</dt>
              <dd>
                {formatDateTime(r.decidedAt)}
                {r.decidedBy ? ` by ${r.decidedBy}` : ''}
              </dd>
            </>
          )}
          {r.declineReason && (
            <>
              <dt className="text-slate-600 dark:text-slate-400">Reason</dt>
              <dd>{r.declineReason}</dd>
            </>
          )}
        </dl>
        <Proof id={r.id} />
      </div>
      <Decision key={r.id} request={r} />
    </div>
  );
}
