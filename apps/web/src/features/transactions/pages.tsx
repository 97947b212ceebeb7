import {
  formatReceiptReference,
  normalizeReceiptReference,
  type Transaction,
} from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, BadgeCheck, ShieldAlert } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { money } from '../../components/funding/format';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { cardClass } from '../../components/ui/card';
import { PageHeading } from '../../components/ui/PageHeading';
import { LoadFailed, Loading } from '../../components/ui/QueryStatus';
import { TextField } from '../../components/ui/TextField';
import { TransactionStatus } from '../../components/ui/TransactionStatus';
import { ApiError } from '../../lib/api';
import { queries } from '../../lib/queries';
import { receiptCheckQuery, transactionQuery, transactionReceiptPath } from './api';
import { DetailList, ReceiptButton, when } from './parts';
import { TransferDetail } from './TransferDetail';

const notFound = (error: unknown) => error instanceof ApiError && error.status === 404;

function BackToDashboard() {
  return (
    <Link
      to="/dashboard"
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-50"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Dashboard
    </Link>
  );
}

function NotFound({ what }: { what: string }) {
  return (
    <div className={cardClass}>
      <p>
        There is no {what} with this number in your account. Go back to the dashboard to pick one.
      </p>
    </div>
  );
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <BackToDashboard />
      <PageHeading title={title} />
      {children}
    </div>
  );
}

/** `/dashboard/transfers/:id`: one of the customer's transfers. */
export function TransferDetailPage() {
  const id = useParams().id ?? '';
  const transfer = useQuery(queries.transfer(id));
  let body;
  if (transfer.data) body = <TransferDetail transfer={transfer.data} />;
  else if (transfer.isError && notFound(transfer.error)) body = <NotFound what="transfer" />;
  else if (transfer.isError) {
    body = (
      <LoadFailed
        error={transfer.error}
        retrying={transfer.isFetching}
        onRetry={() => void transfer.refetch()}
      />
    );
  } else body = <Loading label="Loading the transfer…" />;
  return <Frame title="Transfer">{body}</Frame>;
}

function TransactionDetail({ line, reference }: { line: Transaction; reference: string }) {
  const credit = line.transactionType === 'credit';
  return (
    <section aria-labelledby="line-summary" className={cardClass}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <h2 id="line-summary" className="min-w-0 text-lg font-semibold break-words">
          {line.name}
        </h2>
        <div className="flex flex-col items-end gap-1">
          <p className="text-2xl font-bold tabular-nums">
            <span className="sr-only">{credit ? 'Credit' : 'Debit'} </span>
            <span aria-hidden="true">{credit ? '+' : '−'}</span>
            {money(line.amount, line.currency)}
          </p>
          <TransactionStatus status={line.status} />
        </div>
      </div>
      <div className="mt-5">
        <DetailList
          rows={[
            ['Date', when(line.date)],
            ['Type', credit ? 'Money in (credit)' : 'Money out (debit)'],
            ['Balance after', money(line.balanceAfter, line.currency)],
            ['Bank reference', reference],
          ]}
        />
      </div>
      <div className="mt-5 flex flex-wrap gap-3">
        <ReceiptButton path={transactionReceiptPath(line.id)} />
      </div>
    </section>
  );
}

/**
 * `/dashboard/transactions/:id`: one line of the account (the id the history and statements
 * give). A line of one of the customer's transfers shows the transfer.
 */
export function TransactionDetailPage() {
  const id = useParams().id ?? '';
  const detail = useQuery(transactionQuery(id));
  const transferId = detail.data?.transferId ?? null;
  const transfer = useQuery({
    ...queries.transfer(transferId ?? ''),
    enabled: transferId !== null,
  });
  let body;
  if (detail.isError && notFound(detail.error)) body = <NotFound what="transaction" />;
  else if (detail.isError) {
    body = (
      <LoadFailed
        error={detail.error}
        retrying={detail.isFetching}
        onRetry={() => void detail.refetch()}
      />
    );
  } else if (detail.data && transferId === null) {
    body = <TransactionDetail line={detail.data.transaction} reference={detail.data.reference} />;
  } else if (transfer.data) body = <TransferDetail transfer={transfer.data} />;
  else if (transfer.isError) {
    body = (
      <LoadFailed
        error={transfer.error}
        retrying={transfer.isFetching}
        onRetry={() => void transfer.refetch()}
      />
    );
  } else body = <Loading label="Loading the transaction…" />;
  return <Frame title={transferId === null ? 'Transaction' : 'Transfer'}>{body}</Frame>;
}

const STATUS_WORDS = {
  successful: 'Successful',
  in_progress: 'In progress',
  failed: 'Failed',
  cancelled: 'Cancelled',
} as const;

function CheckResult({ reference }: { reference: string }) {
  const check = useQuery(receiptCheckQuery(reference));
  if (check.isPending) return <Loading label="Checking the receipt…" />;
  if (check.isError) {
    return notFound(check.error) ? (
      <Banner tone="error">
        <span className="flex items-start gap-2">
          <ShieldAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          We did not issue a receipt with the reference {formatReceiptReference(reference)}. Check
          the reference: a receipt that does not match is not one of ours.
        </span>
      </Banner>
    ) : (
      <LoadFailed
        error={check.error}
        retrying={check.isFetching}
        onRetry={() => void check.refetch()}
      />
    );
  }
  const r = check.data;
  const changed = r.status !== r.currentStatus;
  return (
    <section aria-labelledby="receipt-confirmed" className="flex flex-col gap-4">
      <Banner tone="success">
        <span className="flex items-start gap-2">
          <BadgeCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          <span id="receipt-confirmed">
            This receipt was issued by {r.bank}. Compare it with what you were shown.
          </span>
        </span>
      </Banner>
      <DetailList
        rows={[
          ['Reference', r.reference],
          ['Date', when(r.date)],
          ['Amount', money(r.amount, r.currency)],
          ['From', r.payer],
          ['To', r.payee],
          ['Status on the receipt', STATUS_WORDS[r.status]],
          ['Status today', STATUS_WORDS[r.currentStatus]],
          ['Receipt issued', when(r.issuedAt)],
        ]}
      />
      {changed && (
        <Banner tone="warning">
          The status has changed since this receipt was issued: it is now{' '}
          {STATUS_WORDS[r.currentStatus].toLowerCase()}.
        </Banner>
      )}
    </section>
  );
}

/**
 * `/verify` and `/verify/:reference`: anyone (no sign-in) checks a receipt of the bank by its
 * verification reference, and reads back what it says, the parties' names shortened.
 */
export function VerifyReceiptPage() {
  const param = useParams().reference ?? '';
  const navigate = useNavigate();
  const reference = normalizeReceiptReference(param);
  const [typed, setTyped] = useState(param ? formatReceiptReference(param.toUpperCase()) : '');
  const [error, setError] = useState<string | undefined>();
  function submit(event: FormEvent) {
    event.preventDefault();
    const next = normalizeReceiptReference(typed);
    if (!next) {
      setError('A receipt reference has 20 letters and digits, in five groups of four.');
      return;
    }
    setError(undefined);
    setTyped(formatReceiptReference(next));
    void navigate(`/verify/${next}`);
  }
  return (
    <div className="flex flex-col gap-5">
      <PageHeading title="Check a receipt" />
      <p className="text-slate-700 dark:text-slate-300">
        Every receipt we issue carries a verification reference. Enter it to see what the receipt
        should say.
      </p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <TextField
          label="Verification reference"
          name="reference"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setError(undefined);
          }}
          error={error}
          hint="For example 7K3M-9QXD-2HWB-5RTA-8CNE"
          required
        />
        <Button type="submit" className="self-start">
          Check
        </Button>
      </form>
      {reference && <CheckResult key={reference} reference={reference} />}
      {param && !reference && (
        <Banner tone="error">This is not a receipt reference. Check what you typed.</Banner>
      )}
    </div>
  );
}
