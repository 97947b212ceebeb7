import type { Transfer } from '@bank/contract';
import { CheckCircle2, Landmark } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { dayMonthYear, money, percent } from '../../components/funding/format';
import { Banner } from '../../components/ui/Banner';
import { cardClass } from '../../components/ui/card';
import { TransactionStatus } from '../../components/ui/TransactionStatus';
import { BANK_NAME } from '../../lib/brand';
import { countryName } from '../../lib/countries';
import { flowLinkClass } from './layout';

const rowClass =
  'flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-slate-200 py-3 last:border-0 dark:border-slate-800';

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className={rowClass}>
      <dt className="text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="min-w-0 font-semibold break-words tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * What the transfer costs, as the server computed it (PRODUCT.md: fees shown before the customer
 * commits): the amount, the service charge with its percent, the amount to be received.
 */
export function AmountBreakdown({ transfer: t }: { transfer: Transfer }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        You send
      </h2>
      <p className="mt-1 text-3xl font-bold tabular-nums">{money(t.amount, t.currency)}</p>
      <dl className="mt-3">
        <Row label="Amount">{money(t.amount, t.currency)}</Row>
        <Row label={`Service charge (${percent(t.feeRateBp)})`}>{money(t.fee, t.currency)}</Row>
        <Row
          label={
            <strong className="text-slate-900 dark:text-slate-50">Amount to be received</strong>
          }
        >
          <span className="text-lg text-green-800 dark:text-green-300">
            {money(t.amountReceived, t.currency)}
          </span>
        </Row>
        <Row label="Available balance">{money(t.availableBalance, t.currency)}</Row>
      </dl>
      {t.internal && (
        <p className="mt-3 flex items-start gap-2 rounded-lg bg-brand-50 p-3 text-sm dark:bg-slate-800">
          <Landmark aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
          To a {BANK_NAME} account: the money arrives at once.
        </p>
      )}
    </section>
  );
}

/** Who receives the money, as the customer typed it (the server tidied the case and spaces). */
export function RecipientDetails({ transfer: t }: { transfer: Transfer }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className="text-lg font-semibold">
        Recipient
      </h2>
      <dl className="mt-1">
        <Row label="Account holder name">{t.accountHolderName}</Row>
        <Row label="Account number">{t.accountNumber}</Row>
        <Row label="Bank">{t.bank}</Row>
        <Row label="SWIFT/BIC code">{t.swift}</Row>
        <Row label="Routing number">{t.routing}</Row>
        <Row label="Country">{countryName(t.country)}</Row>
        <Row label="Currency">{t.currency}</Row>
        <Row label="Note">{t.note}</Row>
      </dl>
      {t.saveBeneficiary && (
        <p className="mt-2 flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <CheckCircle2 aria-hidden="true" className="h-4 w-4 shrink-0 text-green-700" />
          Saved as a beneficiary once sent.
        </p>
      )}
    </section>
  );
}

/** A transfer opened again after it was sent: its status, and the way to a new one. */
export function AlreadySent({ transfer: t }: { transfer: Transfer }) {
  return (
    <div className="flex flex-col gap-3">
      <Banner tone="info">
        This transfer of {money(t.amount, t.currency)} to {t.accountHolderName} was sent
        {t.submittedAt ? ` on ${dayMonthYear(t.submittedAt)}` : ''}.{' '}
        {t.status && (
          <>
            Status: <TransactionStatus status={t.status} />
          </>
        )}
      </Banner>
      <Link to="/dashboard/send" className={flowLinkClass}>
        Make another transfer
      </Link>
    </div>
  );
}
