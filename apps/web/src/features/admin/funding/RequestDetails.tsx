import { formatMoney, type FundingStatus, type StaffFundingRequest } from '@bank/contract';
import { utcTime } from '../shared/CheckVerdict';
import { DetailSection, type DetailRow } from '../shared/DetailRows';
import { StatusBadge as SharedBadge, type StatusTone } from '../shared/StatusBadge';
import { KIND_LABELS, STATUS_LABELS, SUBJECT_LABELS } from './labels';

const STATUS_TONES: Record<FundingStatus, StatusTone> = {
  pending: 'waiting',
  confirmed: 'done',
  declined: 'refused',
};

export function StatusBadge({ status }: { status: FundingStatus }) {
  return <SharedBadge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</SharedBadge>;
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

/** What the customer asked and where they say they paid; once decided, the decision. */
export function RequestDetails({ request: r }: { request: StaffFundingRequest }) {
  const rows: DetailRow[] = [
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
    ['Submitted', utcTime(r.createdAt)],
  );

  const decision: DetailRow[] = [['Status', STATUS_LABELS[r.status]]];
  if (r.receivedAmount !== null) decision.push(['Received', received(r, r.receivedAmount)]);
  if (r.declineReason) decision.push(['Reason given', r.declineReason]);
  if (r.decidedBy) decision.push(['Decided by', r.decidedBy]);
  if (r.decidedAt) decision.push(['Decided', utcTime(r.decidedAt)]);

  return (
    <>
      <DetailSection title="Request" rows={rows} />
      {r.status !== 'pending' && <DetailSection title="Decision taken" rows={decision} />}
    </>
  );
}
