import type { Transfer } from '@bank/contract';
import { CheckCircle2, Circle, Clock3, RotateCcw, Send, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { money } from '../../components/funding/format';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { ButtonLink } from '../../components/ui/ButtonLink';
import { cardClass } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { TransactionStatus } from '../../components/ui/TransactionStatus';
import { errorMessage } from '../../lib/api';
import { BANK_NAME } from '../../lib/brand';
import { transferReceiptPath, useCancelTransfer } from './api';
import { DetailList, ReceiptButton, when } from './parts';

const REGIONS = new Intl.DisplayNames(['en'], { type: 'region' });

interface Step {
  title: string;
  text?: ReactNode;
  at: string | null;
  state: 'done' | 'current' | 'refused';
}

/** What became of the transfer, step by step (the last one the state it is in now). */
export function timeline(t: Transfer): Step[] {
  const amount = money(t.amount, t.currency);
  // A payment without a charge (to another Cedar Bank customer) says so, not "after the $0.00
  // service charge".
  const free = BigInt(t.fee) === 0n;
  const steps: Step[] = [
    {
      title: 'Submitted',
      text: free
        ? `${amount} left your account, with no service charge.`
        : `${amount} left your account; ${money(t.amountReceived, t.currency)} to be paid after the ${money(t.fee, t.currency)} service charge.`,
      at: t.submittedAt,
      state: 'done',
    },
  ];
  const refund: Step = {
    title: 'Refunded',
    text: free
      ? `${amount} is back in your account.`
      : `${amount}, service charge included, is back in your account.`,
    at: t.decidedAt,
    state: 'done',
  };
  switch (t.status) {
    case 'in_progress':
      steps.push({
        title: 'Waiting to be sent by the bank',
        text: 'Our staff send it to the recipient’s bank. You can still cancel it until then.',
        at: null,
        state: 'current',
      });
      break;
    case 'successful':
      steps.push(
        t.internal
          ? {
              title: 'Arrived',
              text: `Paid into the recipient’s ${BANK_NAME} account at once.`,
              at: t.decidedAt,
              state: 'done',
            }
          : {
              title: 'Sent by the bank',
              text: `Reference ${t.reference ?? '—'}.`,
              at: t.decidedAt,
              state: 'done',
            },
      );
      break;
    case 'failed':
      steps.push(
        {
          title: 'Failed',
          text: `Reason: ${t.failureReason ?? '—'}`,
          at: t.decidedAt,
          state: 'refused',
        },
        refund,
      );
      break;
    case 'cancelled':
      steps.push({ title: 'Cancelled by you', at: t.decidedAt, state: 'refused' }, refund);
      break;
  }
  return steps;
}

const ICONS = { done: CheckCircle2, current: Clock3, refused: XCircle };
const TONES = {
  done: 'text-green-700 dark:text-green-400',
  current: 'text-amber-700 dark:text-amber-300',
  refused: 'text-red-700 dark:text-red-400',
};

function Timeline({ transfer }: { transfer: Transfer }) {
  const steps = timeline(transfer);
  return (
    <ol className="flex flex-col gap-4">
      {steps.map((step, index) => {
        const Icon = ICONS[step.state] ?? Circle;
        return (
          <li
            key={step.title}
            className="flex gap-3"
            aria-current={index === steps.length - 1 ? 'step' : undefined}
          >
            <Icon aria-hidden="true" className={`mt-0.5 h-5 w-5 shrink-0 ${TONES[step.state]}`} />
            <div className="min-w-0">
              <p className="font-semibold">{step.title}</p>
              {step.text && (
                <p className="text-sm break-words text-slate-700 dark:text-slate-300">
                  {step.text}
                </p>
              )}
              {step.at && (
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  <time dateTime={step.at}>{when(step.at)}</time>
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** Cancel, for a transfer staff have not sent: asked once, the refund shown at once. */
function CancelTransfer({ transfer }: { transfer: Transfer }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelTransfer(transfer.id);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <RotateCcw aria-hidden="true" className="h-5 w-5" />
        Cancel transfer
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) cancel.reset();
        }}
        title="Cancel this transfer?"
        description={`${money(transfer.amount, transfer.currency)}, service charge included, comes back to your account at once. The money is not sent to ${transfer.accountHolderName}.`}
        confirmLabel="Cancel transfer"
        onConfirm={() => cancel.mutate(undefined, { onSuccess: () => setOpen(false) })}
        pending={cancel.isPending}
        error={cancel.isError ? errorMessage(cancel.error) : null}
      />
    </>
  );
}

/** A transfer of the customer: what became of it, the amounts, where it went, what to do. */
export function TransferDetail({ transfer: t }: { transfer: Transfer }) {
  const cancellable = t.status === 'in_progress' && !t.internal;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="transfer-summary" className={cardClass}>
        <h2 id="transfer-summary" className="sr-only">
          Summary
        </h2>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <p className="text-sm text-slate-600 dark:text-slate-400">To</p>
            <p className="text-lg font-semibold break-words">{t.accountHolderName}</p>
            <p className="text-sm break-words text-slate-700 dark:text-slate-300">
              {t.internal ? BANK_NAME : t.bank}
            </p>
          </div>
          <div className="flex flex-col items-end gap-1">
            <p className="text-2xl font-bold tabular-nums">{money(t.amount, t.currency)}</p>
            {t.status && <TransactionStatus status={t.status} />}
          </div>
        </div>
        {t.status === 'cancelled' && (
          <div className="mt-4">
            <Banner tone="success">
              Transfer cancelled: {money(t.amount, t.currency)} is back in your account.
            </Banner>
          </div>
        )}
        <div className="mt-5 flex flex-wrap gap-3">
          {t.stage === 'submitted' && <ReceiptButton path={transferReceiptPath(t.id)} />}
          <ButtonLink
            variant="secondary"
            className="gap-2"
            to={`/dashboard/send?again=${encodeURIComponent(t.id)}`}
          >
            <Send aria-hidden="true" className="h-5 w-5" />
            Send again
          </ButtonLink>
          {cancellable && <CancelTransfer transfer={t} />}
        </div>
      </section>

      <section aria-labelledby="transfer-status" className={cardClass}>
        <h2 id="transfer-status" className="mb-4 text-lg font-semibold">
          Status
        </h2>
        <Timeline transfer={t} />
      </section>

      <section aria-labelledby="transfer-details" className={cardClass}>
        <h2 id="transfer-details" className="mb-4 text-lg font-semibold">
          Details
        </h2>
        <DetailList
          rows={[
            ['Amount', money(t.amount, t.currency)],
            ['Service charge', money(t.fee, t.currency)],
            ['Recipient gets', money(t.amountReceived, t.currency)],
            ['Account holder', t.accountHolderName],
            ['Account number', t.accountNumber],
            ...(t.internal
              ? ([['Bank', BANK_NAME]] as [string, string][])
              : ([
                  ['Bank', t.bank],
                  ['SWIFT/BIC', t.swift],
                  ['Routing number', t.routing],
                  ['Country', REGIONS.of(t.country) ?? t.country],
                ] as [string, string][])),
            ['Note', t.note],
          ]}
        />
      </section>

      <section aria-labelledby="transfer-references" className={cardClass}>
        <h2 id="transfer-references" className="mb-4 text-lg font-semibold">
          References
        </h2>
        <DetailList
          rows={[
            ['Transfer number', t.id],
            ...(t.reference ? ([['Bank reference', t.reference]] as [string, string][]) : []),
            ['Started', when(t.createdAt)],
          ]}
        />
      </section>
    </div>
  );
}
