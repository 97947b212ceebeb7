import type { StaffTransferDetail } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PageHeading } from '../../../components/ui/PageHeading';
import { staffTransferQueries } from './api';
import { useDecisionOutcome } from '../shared/outcome';
import { ReviewFrame } from '../shared/ReviewFrame';
import { Decision, type Decided } from './Decision';
import { WaitingForSecondPerson } from '../shared/second-person';
import { DECIDED_AS, transferName } from './labels';
import { PaymentToSend } from './PaymentToSend';
import { InternalBadge, StatusBadge } from './StatusBadge';
import { CustomerDetails, DecisionTaken } from './TransferDetails';

/** How a transfer read again after a 409 stands: decided by someone else, or not yet. */
function meanwhile(transfer: StaffTransferDetail) {
  if (!transfer.status || transfer.status === 'in_progress') return null;
  return { as: DECIDED_AS[transfer.status], by: transfer.decidedBy };
}

/** `/admin/transfers/:id`: one outgoing transfer, what to send, and the decision (taken once). */
export function TransferReviewPage() {
  const id = useParams().id ?? '';
  const transfer = useQuery(staffTransferQueries.transfer(id));
  const { outcome, onDecided, onConflict, onProposed } = useDecisionOutcome();
  const onDone = ({ text, approvalId }: Decided) =>
    approvalId === null ? onDecided(text) : onProposed(text, approvalId);
  return (
    <ReviewFrame
      back={{ to: '/admin/transfers', label: 'Outgoing transfers' }}
      outcome={outcome}
      noun="transfer"
      meanwhile={meanwhile}
      query={transfer}
      loadingLabel="Loading the transfer…"
      notFoundTitle="Transfer not found"
      notFoundText="There is no outgoing transfer with this number. Go back to the list to pick one."
    >
      {(data) => <Review transfer={data} onDecided={onDone} onConflict={onConflict} />}
    </ReviewFrame>
  );
}

function Review({
  transfer: t,
  onDecided,
  onConflict,
}: {
  transfer: StaffTransferDetail;
  onDecided: (decided: Decided) => void;
  onConflict: (detail: string) => void;
}) {
  const title = transferName(t);
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <PageHeading title={`${title} · Outgoing transfers`}>
          {title}: {t.customer.name}
        </PageHeading>
        {t.status && <StatusBadge status={t.status} />}
        {t.internal && <InternalBadge />}
      </div>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <PaymentToSend transfer={t} />
        <div className="flex min-w-0 flex-col gap-6">
          <CustomerDetails transfer={t} />
          {t.status !== null && t.status !== 'in_progress' && <DecisionTaken transfer={t} />}
        </div>
      </div>
      {t.status === 'in_progress' &&
        (t.proposal ? (
          <WaitingForSecondPerson proposal={t.proposal} />
        ) : (
          <Decision key={t.id} transfer={t} onDecided={onDecided} onConflict={onConflict} />
        ))}
    </>
  );
}
