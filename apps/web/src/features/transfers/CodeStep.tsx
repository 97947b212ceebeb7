import {
  RESEND_COOLDOWN_MS,
  TRANSFER_CODE_LENGTH,
  TRANSFER_CODE_REQUIRED,
  transferCodeSchema,
  type TransferCodeReason,
  type TransferStep,
} from '@bank/contract';
import { useQuery, type UseMutationResult } from '@tanstack/react-query';
import { Fingerprint, Mail, MailCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { OtpInput } from '../../components/ui/OtpInput';
import { useCooldown } from '../../hooks/useCooldown';
import { ApiError, errorMessage } from '../../lib/api';
import { queries } from '../../lib/queries';
import { PasskeyApproval } from './PasskeyApproval';

/** The server's prompt for the emailed code (spec: requiresanother, head and body). */
export type CodePrompt = Extract<TransferStep, { next: 'code' }>;

type Message = { tone: 'success' | 'error'; text: string };

const REASON_WORDS: Record<TransferCodeReason, string> = {
  large_amount: 'a large amount',
  new_beneficiary: 'a payee you have not paid before',
  daily_total: 'today’s total above your limit for the PIN alone',
};

/**
 * Why the code was asked for, in one short line: the server's reasons, or (opened again after
 * a reload, when they are not known) when a code is asked for at all.
 */
export function codeReasonLine(reasons: readonly TransferCodeReason[]): string {
  if (reasons.length === 0) {
    return 'We ask for a code for a large amount, a payee you have not paid before, or a high total for the day.';
  }
  const words = reasons.map((reason) => REASON_WORDS[reason]);
  const last = words.pop() as string;
  return `Why a code: ${words.length > 0 ? `${words.join(', ')} and ${last}` : last}.`;
}

const REOPENED_WITH_PASSKEY =
  'Approve this transfer with your passkey. If you asked for a code by email, enter it below; if none has arrived or it has expired, send a new code.';

const promptIconClass = 'mt-0.5 h-5 w-5 shrink-0 text-brand-700 dark:text-brand-50';

/**
 * The transfer authorization code (spec: "Transfer Authorization Code is required", 4 digits):
 * the server's words, where the code went, the boxes, Confirm, and "Send a new code" after a
 * pause. A refused code is cleared; once codes are paused for the day, nothing more is asked.
 * A customer with a passkey is offered it first, with no code sent (`sentTo` null): the boxes
 * appear once they ask for the code by email instead.
 */
export function CodeStep({
  prompt,
  reopened = false,
  verify,
  resend,
  approve,
  sending,
  onAnswer,
  onRefused,
}: {
  prompt: CodePrompt;
  /** Opened again after a reload: whether the customer has a passkey is not known. */
  reopened?: boolean;
  verify: UseMutationResult<TransferStep, Error, string>;
  resend: UseMutationResult<TransferStep, Error, void>;
  /** Approving with the customer's passkey instead of the code. */
  approve: UseMutationResult<TransferStep, Error, void>;
  sending: boolean;
  onAnswer: (step: TransferStep) => void;
  onRefused: (error: unknown) => boolean;
}) {
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<(Message & { id: number }) | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [paused, setPaused] = useState(false);
  // No code was emailed yet: the customer's passkey is offered first, the code when asked for.
  const sentTo = prompt.sentTo;
  // Opened again after a reload: a customer with a passkey may not have asked for a code at all.
  // The one place that knows whether the customer has a passkey: the prompt, or their list.
  const passkeys = useQuery({ ...queries.passkeys(), enabled: reopened });
  const listed = reopened && Boolean(passkeys.data?.length);
  const body = listed ? REOPENED_WITH_PASSKEY : prompt.body;
  // A code has just been sent: another can be asked for after the same pause as elsewhere.
  const cooldown = useCooldown(RESEND_COOLDOWN_MS, { running: sentTo !== null });
  const id = useId();
  const hintId = `${id}-hint`;

  const say = (next: Message) => setMessage((last) => ({ ...next, id: (last?.id ?? 0) + 1 }));
  const refuse = (error: unknown) => {
    if (onRefused(error)) return;
    if (error instanceof ApiError && error.code === 'CODES_PAUSED') setPaused(true);
    say({ tone: 'error', text: errorMessage(error, 'Something went wrong') });
  };

  const send = (value: string) => {
    if (verify.isPending) return;
    if (!transferCodeSchema.safeParse({ code: value }).success) {
      setInvalid(true);
      say({ tone: 'error', text: `Enter the ${TRANSFER_CODE_LENGTH}-digit code` });
      return;
    }
    setInvalid(false);
    setMessage(null);
    verify.mutate(value, {
      onSuccess: onAnswer,
      onError: (error) => {
        setCode('');
        setInvalid(true);
        refuse(error);
        document.getElementById(id)?.focus();
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(code);
  };

  const newCode = () => {
    setMessage(null);
    resend.mutate(undefined, {
      onSuccess: (step) => {
        setCode('');
        cooldown.start();
        say({ tone: 'success', text: 'Code Sent' });
        onAnswer(step);
      },
      onError: refuse,
    });
  };

  const busy = verify.isPending || sending;
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-xl font-bold">{TRANSFER_CODE_REQUIRED}</h2>
      <div className="flex items-start gap-3 rounded-lg bg-brand-50 p-3 text-slate-800 dark:bg-slate-800 dark:text-slate-200">
        {sentTo === null ? (
          <Fingerprint aria-hidden="true" className={promptIconClass} />
        ) : (
          <MailCheck aria-hidden="true" className={promptIconClass} />
        )}
        <div id={hintId} className="flex flex-col gap-1">
          {prompt.head !== TRANSFER_CODE_REQUIRED && <p className="font-semibold">{prompt.head}</p>}
          <p className="font-semibold">{codeReasonLine(prompt.reasons)}</p>
          <p>{body}</p>
          {/* Said once: the server's words may already name where the code went. */}
          {sentTo !== null && !body.includes(sentTo) && !reopened && (
            <p>
              We sent it to <strong className="break-all">{sentTo}</strong>. It works once, for 10
              minutes.
            </p>
          )}
        </div>
      </div>
      <PasskeyApproval
        // A code asked for by email starts afresh: what the passkey said before is no longer news.
        key={sentTo ?? 'no code'}
        transfer={prompt.transfer}
        offered={prompt.passkey || listed}
        first={sentTo === null}
        approve={approve}
        busy={busy || resend.isPending}
        onAnswer={onAnswer}
        onRefused={onRefused}
      />
      {message && (
        <Banner key={message.id} tone={message.tone}>
          {message.text}
        </Banner>
      )}
      {sentTo === null ? (
        <div className="flex flex-col items-start gap-2 border-t border-slate-200 pt-4 text-sm dark:border-slate-700">
          <p className="text-slate-700 dark:text-slate-300">
            Cannot use your passkey here? We can email you a 4-digit code instead.
          </p>
          <Button
            variant="secondary"
            onClick={newCode}
            loading={resend.isPending}
            disabled={busy || paused || approve.isPending}
          >
            <Mail aria-hidden="true" className="h-5 w-5 shrink-0" />
            Email me a code instead
          </Button>
        </div>
      ) : (
        <>
          <form noValidate onSubmit={submit} className="flex flex-col gap-4">
            <OtpInput
              id={id}
              label="Authorization code"
              length={TRANSFER_CODE_LENGTH}
              value={code}
              onChange={setCode}
              onComplete={send}
              disabled={sending || paused || approve.isPending}
              invalid={invalid}
              describedBy={hintId}
              autoFocus
            />
            <Button
              type="submit"
              loading={busy}
              disabled={paused || approve.isPending}
              className="self-start"
            >
              Confirm
            </Button>
          </form>
          <div className="flex flex-col items-start gap-2 text-sm">
            <Button
              variant="secondary"
              onClick={newCode}
              loading={resend.isPending}
              disabled={cooldown.active || busy || paused || approve.isPending}
            >
              Send a new code
            </Button>
            {cooldown.active && !paused && (
              <span className="text-slate-600 dark:text-slate-400">
                You can ask for another code in {cooldown.secondsLeft} s.
              </span>
            )}
          </div>
        </>
      )}
    </div>
  );
}
