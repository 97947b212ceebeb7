import {
  formatMoney,
  formatPerCoin,
  type FundingStatus,
  type StaffFundingRequest,
  personName,
} from '@bank/contract';
import { utcTime } from '../CheckVerdict';
import { DetailSection, type DetailRow } from '../DetailRows';
import { StatusBadge as SharedBadge, type StatusTone } from '../StatusBadge';
import { KIND_LABELS, STATUS_LABELS, SUBJECT_LABELS } from './labels';
import { TransactionId } from './TransactionId';

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

/**
 * What the customer asked and where they say they paid; once decided, the decision. A proposal
 * to confirm it passes `toConfirm` (minor units), shown against the claim.
 */
export function RequestDetails({
  request: r,
  title = 'Request',
  toConfirm,
}: {
  request: StaffFundingRequest;
  title?: string;
  toConfirm?: string | undefined;
}) {
  const balance = r.paidFrom === 'balance';
  const rows: DetailRow[] = [
    ['Kind', KIND_LABELS[r.kind]],
    [
      'Customer',
      <>
        {personName(r.customer)} ({r.customer.username})
        <span className="block text-sm text-slate-700 dark:text-slate-300">{r.customer.email}</span>
      </>,
    ],
  ];
  if (balance) {
    rows.push(['Paid with', 'The available balance, at once (one ledger entry, no proof)']);
  } else {
    rows.push(['Type', r.type]);
    if (r.payToAddress) {
      rows.push(['Paid to', <span className="font-mono text-sm">{r.payToAddress}</span>]);
    }
  }
  if (r.network) rows.push(['Network', r.network]);
  if (r.transactionId) rows.push(['Transaction id', <TransactionId request={r} />]);
  if (r.coinQuote) {
    rows.push([
      'In the coin',
      `About ${r.coinQuote.amount}, at ${formatPerCoin(r.coinQuote.perCoin, r.currency)} a coin (the rate set ${utcTime(r.coinQuote.setAt)}, as the customer was told)`,
    ]);
  } else if (!balance) {
    rows.push(['In the coin', 'Not told: this coin had no rate when the customer asked']);
  }
  if (r.subject) rows.push([SUBJECT_LABELS[r.kind], r.subject]);
  if (r.planTerms) rows.push(['Plan terms', r.planTerms]);
  rows.push([
    balance ? 'Paid' : 'Claimed',
    <span className="font-semibold">{formatMoney(BigInt(r.claimedAmount), r.currency)}</span>,
  ]);
  if (toConfirm !== undefined) {
    rows.push(['To confirm', <span className="font-semibold">{received(r, toConfirm)}</span>]);
  }
  rows.push(['Submitted', utcTime(r.createdAt)]);

  const decision: DetailRow[] = [['Status', STATUS_LABELS[r.status]]];
  if (r.receivedAmount !== null) decision.push(['Received', received(r, r.receivedAmount)]);
  if (r.declineReason) decision.push(['Reason given', r.declineReason]);
  if (r.decidedBy) decision.push(['Decided by', r.decidedBy]);
  else if (balance) decision.push(['Decided by', 'No one: paid by the customer from the balance']);
  if (r.decidedAt) decision.push(['Decided', utcTime(r.decidedAt)]);

  return (
    <>
      <DetailSection title={title} rows={rows} />
      {r.status !== 'pending' && <DetailSection title="Decision taken" rows={decision} />}
    </>
  );
}
