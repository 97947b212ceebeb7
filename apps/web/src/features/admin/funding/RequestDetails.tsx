import { formatMoney, type FundingStatus, type StaffFundingRequest } from '@bank/contract';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format';
import { panelClass } from '../panel';
import { KIND_LABELS, STATUS_LABELS, SUBJECT_LABELS } from './labels';

const STATUS_STYLES: Record<FundingStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  confirmed: 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100',
  declined: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
};

export function StatusBadge({ status }: { status: FundingStatus }) {
  return (
    <span className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLES[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}

/** The received amount, and how it stands against the claim when they differ. */
function received(r: StaffFundingRequest, amount: string): string {
  const money = (minor: bigint) => formatMoney(minor, r.currency);
  const difference = BigInt(amount) - BigInt(r.claimedAmount);
  if (difference === 0n) return `${money(BigInt(amount))}, as claimed`;
  const side = difference < 0n ? 'less' : 'more';
  const size = difference < 0n ? -difference : difference;
  return `${money(BigInt(amount))}, ${money(size)} ${side} than claimed`;
}

function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className={`grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr] ${panelClass}`}>
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-sm text-slate-600 dark:text-slate-400">{term}</dt>
          <dd className="mb-2 wrap-anywhere sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What the customer asked and where they say they paid; once decided, the decision. */
export function RequestDetails({ request: r }: { request: StaffFundingRequest }) {
  const rows: [string, ReactNode][] = [
    ['Kind', KIND_LABELS[r.kind]],
    [
      'Customer',
      <>
        {r.customer.firstName} {r.customer.lastName} ({r.customer.username})
        <span className="block text-sm text-slate-700 dark:text-slate-300">{r.customer.email}</span>
      </>,
    ],
    ['Type', r.type],
    ['Paid to', <span className="font-mono text-sm">{r.payToAddress}</span>],
  ];
  if (r.network) rows.push(['Network', r.network]);
  if (r.subject) rows.push([SUBJECT_LABELS[r.kind], r.subject]);
  if (r.planTerms) rows.push(['Plan terms', r.planTerms]);
  rows.push(
    [
      'Claimed',
      <span className="font-semibold">{formatMoney(BigInt(r.claimedAmount), r.currency)}</span>,
    ],
    ['Submitted', formatDateTime(r.createdAt)],
  );

  const decision: [string, ReactNode][] = [['Status', STATUS_LABELS[r.status]]];
  if (r.receivedAmount !== null) decision.push(['Received', received(r, r.receivedAmount)]);
  if (r.declineReason) decision.push(['Reason given', r.declineReason]);
  if (r.decidedBy) decision.push(['Decided by', r.decidedBy]);
  if (r.decidedAt) decision.push(['Decided', formatDateTime(r.decidedAt)]);

  return (
    <>
      <section aria-labelledby="funding-details" className="flex flex-col gap-2">
        <h2 id="funding-details" className="text-lg font-semibold">
          Request
        </h2>
        <Rows rows={rows} />
      </section>
      {r.status !== 'pending' && (
        <section aria-labelledby="funding-decided" className="flex flex-col gap-2">
          <h2 id="funding-decided" className="text-lg font-semibold">
            Decision taken
          </h2>
          <Rows rows={decision} />
        </section>
      )}
    </>
  );
}
