import {
  TRANSFER_CODE_REQUIRED,
  SUCCESS_REDIRECT_DELAY_MS,
  TRANSFER_SUCCESS,
  type Transfer,
  type TransferNotice,
  type TransferStep,
} from '@bank/contract';
import { ArrowUpRight } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { money } from '../../components/funding/format';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { cardClass } from '../../components/ui/card';
import { Loading } from '../../components/ui/QueryStatus';
import { useDelayedNavigate } from '../../hooks/useDelayedNavigate';
import { errorMessage } from '../../lib/api';
import { useTransferSteps } from './api/transfer-steps';
import { CodeStep, type CodePrompt } from './CodeStep';
import { flowLinkClass, flowPath, RequirePin, TransferFrame, useTransferId } from './layout';
import { NoticeDialog, useRefusalNotice } from '../../components/ui/NoticeDialog';
import { PinStep } from './PinStep';
import { accountEnding } from './SavedBeneficiaries';
import { AlreadySent } from './TransferDetails';
import { TransferLoader } from './TransferLoader';

type Step =
  /** Not confirmed yet: the review comes first. */
  | { kind: 'review' }
  | { kind: 'pin' }
  /** `reopened`: the prompt was made here after a reload, what the server said not known. */
  | { kind: 'code'; prompt: CodePrompt; reopened?: true }
  /** PIN (and code) accepted on an earlier visit, or the submission failed: send it. */
  | { kind: 'send' }
  | { kind: 'done' }
  /** Opened again after it was sent. */
  | { kind: 'sent' };

function firstStep(transfer: Transfer): Step {
  switch (transfer.stage) {
    case 'draft':
      return { kind: 'review' };
    case 'confirmed':
      return { kind: 'pin' };
    case 'pin_verified':
      // Back on the page after the code was emailed (a reload): the code is still the next step.
      if (transfer.awaitingCode) {
        return {
          kind: 'code',
          reopened: true,
          prompt: {
            next: 'code',
            head: TRANSFER_CODE_REQUIRED,
            body: 'Enter the 4-digit code we emailed you for this transfer. If it has expired or not arrived, send a new code.',
            sentTo: 'your email address',
            // Not known after a reload: the code step says in general when a code is asked.
            reasons: [],
            // Not known either: the code step asks the customer's list of passkeys (reopened).
            passkey: false,
            transfer,
          },
        };
      }
      return { kind: 'send' };
    case 'code_verified':
      return { kind: 'send' };
    case 'submitted':
      return { kind: 'sent' };
  }
}

/** What is being authorized, in one sentence with the figures of the review. */
function Summary({ transfer: t }: { transfer: Transfer }) {
  return (
    <section aria-label="Transfer" className={`${cardClass} flex items-start gap-3`}>
      <span className="rounded-full bg-brand-700 p-2 text-white">
        <ArrowUpRight aria-hidden="true" className="h-5 w-5" />
      </span>
      <div className="min-w-0">
        <p className="font-semibold break-words">
          {money(t.amount, t.currency)} to {t.accountHolderName}
        </p>
        <p className="text-sm break-words text-slate-700 dark:text-slate-300">
          {t.bank} · {accountEnding(t.accountNumber)}.{' '}
          {BigInt(t.fee) === 0n
            ? `They receive ${money(t.amountReceived, t.currency)}, with no service charge.`
            : `They receive ${money(t.amountReceived, t.currency)} after the ${money(t.fee, t.currency)} service charge.`}
        </p>
      </div>
    </section>
  );
}

/** A sentence's full stop, unless it ends in one already (a masked name: "Kenneth O."). */
const endSentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

/** The spec's success, and the way home (taken by itself after 3 s). */
function Done({ transfer: t }: { transfer: Transfer }) {
  return (
    <div className="flex flex-col gap-3">
      <Banner tone="success">
        <strong>{TRANSFER_SUCCESS}</strong>
      </Banner>
      <p className="text-slate-700 dark:text-slate-300">
        {t.status === 'successful'
          ? endSentence(`${money(t.amountReceived, t.currency)} has reached ${t.accountHolderName}`)
          : `${money(t.amount, t.currency)} has left your balance. We will tell you in Notifications and by email once the transfer is complete.`}{' '}
        Taking you to your dashboard…
      </p>
      <Link to="/dashboard" replace className={flowLinkClass}>
        Go to the dashboard now
      </Link>
    </div>
  );
}

/**
 * The steps after the review: the PIN, the emailed code when the server asks for it, then the
 * submission, made by itself once the server is ready for it. Any refusal with a notice (a
 * limit, a restriction, the balance, a flow that expired) opens the notice dialog, whose Okay
 * returns to the send form with these details.
 */
function Authorize({ transfer }: { transfer: Transfer }) {
  const navigate = useNavigate();
  const steps = useTransferSteps(transfer.id);
  const refusalNotice = useRefusalNotice();
  const goHome = useDelayedNavigate(SUCCESS_REDIRECT_DELAY_MS);
  const [step, setStep] = useState<Step>(() => firstStep(transfer));
  const [notice, setNotice] = useState<TransferNotice | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function onRefused(error: unknown): boolean {
    const refusal = refusalNotice(error);
    if (refusal) setNotice(refusal);
    return refusal !== null;
  }

  function submit() {
    setFailure(null);
    steps.submit.mutate(undefined, {
      onSuccess: onAnswer,
      onError: (error) => {
        if (onRefused(error)) return;
        setFailure(errorMessage(error, 'Something went wrong'));
        setStep({ kind: 'send' });
      },
    });
  }

  function onAnswer(answer: TransferStep) {
    if (answer.next === 'code') {
      setStep({ kind: 'code', prompt: answer });
    } else if (answer.next === 'ready') {
      submit();
    } else {
      setStep({ kind: 'done' });
      goHome('/dashboard', { replace: true });
    }
  }

  if (step.kind === 'review') return <Navigate to={flowPath.confirm(transfer.id)} replace />;
  if (step.kind === 'sent') return <AlreadySent transfer={transfer} />;

  const sending = steps.submit.isPending;
  let body;
  if (step.kind === 'done') {
    body = <Done transfer={transfer} />;
  } else if (step.kind === 'pin') {
    body = (
      <PinStep verify={steps.pin} sending={sending} onAnswer={onAnswer} onRefused={onRefused} />
    );
  } else if (step.kind === 'code') {
    body = (
      <CodeStep
        prompt={step.prompt}
        reopened={step.reopened ?? false}
        verify={steps.code}
        resend={steps.resend}
        approve={steps.passkey}
        sending={sending}
        onAnswer={onAnswer}
        onRefused={onRefused}
      />
    );
  } else {
    body = (
      <div className="flex flex-col gap-4">
        {failure && <Banner tone="error">{failure}</Banner>}
        <p className="text-slate-700 dark:text-slate-300">
          Your PIN was accepted. The transfer is ready to send.
        </p>
        <Button onClick={submit} loading={sending} className="self-start">
          Send transfer
        </Button>
      </div>
    );
  }

  return (
    <>
      <Summary transfer={transfer} />
      <section aria-label="Authorize the transfer" className={`${cardClass} flex flex-col gap-4`}>
        {body}
        {sending && <Loading label="Sending your transfer…" />}
      </section>
      <NoticeDialog notice={notice} onOkay={() => void navigate(flowPath.edit(transfer.id))} />
    </>
  );
}

/** send/pin?id= (spec: pin): the PIN, maybe the emailed code, and the submission. */
export function TransferPinPage() {
  const id = useTransferId();
  if (!id) return <Navigate to="/dashboard/send" replace />;
  return (
    <TransferFrame title="Authorize transfer" step={2} width="max-w-lg">
      <RequirePin>
        <TransferLoader id={id}>{(transfer) => <Authorize transfer={transfer} />}</TransferLoader>
      </RequirePin>
    </TransferFrame>
  );
}
