import type { StaffTransfer, StaffTransferDetail } from '@bank/contract';
import { money, percent } from '../../../components/funding/format';
import { utcTime } from '../shared/CheckVerdict';
import { DetailSection, type DetailRow } from '../shared/DetailRows';
import { STATUS_LABELS } from './labels';

/** How the customer authorized it: the PIN, then the emailed code or a passkey (decision 33). */
function authorized({ pinAt, stepUp }: StaffTransferDetail['authorization']) {
  const lines = [pinAt ? `Transaction PIN, ${utcTime(pinAt)}` : 'No PIN recorded'];
  // The code, like the passkey, is bound to the transfer's details: an edit voids it.
  if (stepUp?.method === 'code') {
    lines.push(`Emailed code, bound to this amount and payee, ${utcTime(stepUp.at)}`);
  }
  if (stepUp?.method === 'passkey') {
    lines.push(
      `Passkey “${stepUp.passkey ?? ''}”, bound to this amount and payee, ${utcTime(stepUp.at)}`,
    );
  }
  return (
    <ul className="flex flex-col gap-1">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** Who asked for the transfer, what it cost them, how they authorized it, and when. */
export function CustomerDetails({
  transfer: t,
}: {
  transfer: StaffTransfer & Partial<Pick<StaffTransferDetail, 'authorization'>>;
}) {
  const rows: DetailRow[] = [
    [
      'Customer',
      <>
        <span className="block font-semibold">{t.customer.name}</span>
        <span className="block text-sm text-slate-700 dark:text-slate-300">{t.customer.email}</span>
      </>,
    ],
    ['Their account', <span className="font-mono">{t.customer.accountNumber}</span>],
    ['Debited', <span className="font-semibold">{money(t.amount, t.currency)}</span>],
    ['Service charge', `${money(t.fee, t.currency)} (${percent(t.feeRateBp)})`],
    ['Recipient gets', money(t.amountReceived, t.currency)],
  ];
  if (t.authorization) rows.push(['Authorized with', authorized(t.authorization)]);
  if (t.submittedAt) rows.push(['Submitted', utcTime(t.submittedAt)]);
  return <DetailSection title="Customer" rows={rows} />;
}

/** A decided transfer: how, with what reference or reason, by whom and when. */
export function DecisionTaken({ transfer: t }: { transfer: StaffTransfer }) {
  const rows: DetailRow[] = [['Status', STATUS_LABELS[t.status ?? 'in_progress']]];
  if (t.reference) rows.push(['Reference', <span className="font-mono">{t.reference}</span>]);
  if (t.status === 'failed' || t.status === 'cancelled') {
    rows.push(['Refunded', `${money(t.amount, t.currency)}, service charge included`]);
  }
  if (t.failureReason) rows.push(['Reason given', t.failureReason]);
  if (t.status === 'cancelled') rows.push(['Decided by', 'The customer cancelled it']);
  else if (t.decidedBy) rows.push(['Decided by', t.decidedBy]);
  else if (t.internal) rows.push(['Decided by', 'Settled at once, no staff step']);
  if (t.decidedAt) rows.push(['Decided', utcTime(t.decidedAt)]);
  return <DetailSection title="Decision taken" rows={rows} />;
}
