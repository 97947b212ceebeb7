import { PIN_NETWORK_ERROR, transferPinSchema, type TransferStep } from '@bank/contract';
import { useQuery, type UseMutationResult } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { PinField } from '../../components/ui/PinField';
import { ApiError, errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { queries } from '../../lib/queries';

/** What a refused PIN says: the network's failure in the spec's words, else the server's. */
function pinFailure(error: unknown): string {
  if (error instanceof ApiError && error.code === 'NETWORK_ERROR') return PIN_NETWORK_ERROR;
  return errorMessage(error, 'Something went wrong');
}

/**
 * The transaction PIN (spec: pin): four digits, masked. None entered is "Invalid Pin"; a refused
 * PIN shows the server's message (tries left, or the rest after too many) and the digits are
 * cleared for the next try.
 */
export function PinStep({
  verify,
  sending,
  onAnswer,
  onRefused,
}: {
  verify: UseMutationResult<TransferStep, Error, string>;
  /** The PIN was accepted and the transfer is on its way. */
  sending: boolean;
  onAnswer: (step: TransferStep) => void;
  /** True when the page took care of the refusal (a notice, an ended session). */
  onRefused: (error: unknown) => boolean;
}) {
  const status = useQuery(queries.pinStatus());
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const lockedUntil = status.data?.lockedUntil ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = transferPinSchema.safeParse({ pin });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Invalid Pin');
      return;
    }
    setError(null);
    verify.mutate(pin, {
      onSuccess: (step) => {
        setPin('');
        onAnswer(step);
      },
      onError: (failure) => {
        if (onRefused(failure)) return;
        setError(pinFailure(failure));
        // A network failure leaves the PIN to send again; a refused one is typed afresh.
        if (!(failure instanceof ApiError && failure.code === 'NETWORK_ERROR')) setPin('');
        document.getElementById(fieldId)?.focus();
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <span className="rounded-full bg-brand-50 p-2 text-brand-700 dark:bg-slate-800 dark:text-brand-50">
          <KeyRound aria-hidden="true" className="h-6 w-6" />
        </span>
        <p className="text-slate-700 dark:text-slate-300">
          Enter your 4-digit transaction PIN to authorize this transfer. The bank never asks for
          your PIN by phone or email.
        </p>
      </div>
      {lockedUntil && !error && (
        <Banner tone="warning">
          After too many wrong PINs, PIN use is paused until {formatDateTime(lockedUntil)}.{' '}
          <Link to="/dashboard/settings" className="font-semibold underline">
            Forgot your PIN? Reset it in Settings.
          </Link>
        </Banner>
      )}
      {error && <Banner tone="error">{error}</Banner>}
      <PinField
        id={fieldId}
        label="Transaction PIN"
        value={pin}
        onChange={setPin}
        autoFocus
        disabled={sending}
      />
      <Button type="submit" loading={verify.isPending || sending} className="self-start">
        Confirm
      </Button>
    </form>
  );
}
