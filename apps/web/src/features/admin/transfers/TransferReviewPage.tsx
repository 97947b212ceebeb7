import type { StaffTransfer } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Banner } from '../../../components/ui/Banner';
import { PageHeading } from '../../../components/ui/PageHeading';
import { staffTransferQueries } from '../api/transfers';
import { ReviewFrame } from '../ReviewFrame';
import { Decision } from './Decision';
import { DECIDED_AS, transferName } from './labels';
import { PaymentToSend } from './PaymentToSend';
import { InternalBadge, StatusBadge } from './StatusBadge';
import { CustomerDetails, DecisionTaken } from './TransferDetails';

type Outcome =
  | { kind: 'decided'; text: string }
  /** A refusal with 409: the server's words, until the reloaded transfer shows the decision. */
  | { kind: 'conflict'; detail: string };

/** The outcome above the transfer; a 409 reads as "someone else decided" once that shows. */
function OutcomeBanner({ outcome, transfer }: { outcome: Outcome; transfer?: StaffTransfer }) {
  if (outcome.kind === 'decided') return <Banner tone="success">{outcome.text}</Banner>;
  if (!transfer?.status || transfer.status === 'in_progress') {
    return <Banner tone="error">{outcome.detail}</Banner>;
  }
  const by = transfer.decidedBy ? ` by ${transfer.decidedBy}` : '';
  return (
    <Banner tone="warning">
      Someone else decided this transfer first: it was {DECIDED_AS[transfer.status]}
      {by}. Your decision was not applied; the transfer below is as it stands now.
    </Banner>
  );
}

/** `/admin/transfers/:id`: one outgoing transfer, what to send, and the decision (taken once). */
export function TransferReviewPage() {
  const id = useParams().id ?? '';
  const transfer = useQuery(staffTransferQueries.transfer(id));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  return (
    <ReviewFrame
      back={{ to: '/admin/transfers', label: 'Outgoing transfers' }}
      outcome={outcome}
      renderOutcome={(o) => <OutcomeBanner outcome={o} transfer={transfer.data} />}
      query={transfer}
      loadingLabel="Loading the transfer…"
      notFoundTitle="Transfer not found"
      notFoundText="There is no outgoing transfer with this number. Go back to the list to pick one."
    >
      {(data) => (
        <Review
          transfer={data}
          onDecided={(text) => setOutcome({ kind: 'decided', text })}
          onConflict={(detail) => setOutcome({ kind: 'conflict', detail })}
        />
      )}
    </ReviewFrame>
  );
}

function Review({
  transfer: t,
  onDecided,
  onConflict,
}: {
  transfer: StaffTransfer;
  onDecided: (text: string) => void;
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
      {t.status === 'in_progress' && (
        <Decision key={t.id} transfer={t} onDecided={onDecided} onConflict={onConflict} />
      )}
    </>
  );
}
