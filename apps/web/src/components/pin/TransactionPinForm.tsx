import { PIN_MISSING, PIN_NETWORK_ERROR, transactionPinSchema } from '@bank/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { queries, queryKeys } from '../../lib/queries';
import { Banner } from '../ui/Banner';
import { Button } from '../ui/Button';
import { PinField } from '../ui/PinField';

/** What a refused PIN says: the network's failure in the spec's words, else the server's. */
function pinFailure(error: unknown): string {
  if (error instanceof ApiError && error.code === 'NETWORK_ERROR') return PIN_NETWORK_ERROR;
  return errorMessage(error, 'Something went wrong');
}

const isNetworkFailure = (error: unknown) =>
  error instanceof ApiError && error.code === 'NETWORK_ERROR';

/**
 * The transaction PIN that authorizes money leaving the balance (spec: pin): four digits,
 * masked. None entered is "Invalid Pin"; a refused PIN shows the server's message (the tries
 * left, or the pause after too many) and the digits are cleared for the next try; a pause in
 * force is said before anything is typed. Used by a transfer's PIN step and by every payment
 * from the balance, so that all of them ask for the PIN alike.
 */
export function TransactionPinForm({
  intro,
  submitLabel,
  busy,
  disabled = false,
  authorize,
  onRefused,
  secondary,
}: {
  /** What the PIN authorizes, in one sentence. */
  intro: ReactNode;
  submitLabel: string;
  /** The PIN (or what follows it) is being sent. */
  busy: boolean;
  /** The PIN can no longer be changed (it was accepted and the money is on its way). */
  disabled?: boolean;
  /** Sends the PIN; resolves once it was accepted, rejects with the refusal. */
  authorize: (pin: string) => Promise<unknown>;
  /** True when the page took care of the refusal (a notice, a field of its form, a session). */
  onRefused: (error: unknown) => boolean;
  /** Beside the submit button (e.g. back to the details). */
  secondary?: ReactNode;
}) {
  const queryClient = useQueryClient();
  const status = useQuery(queries.pinStatus());
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const lockedUntil = status.data?.lockedUntil ?? null;
  const focusField = () => document.getElementById(fieldId)?.focus();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = transactionPinSchema.safeParse(pin);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? PIN_MISSING);
      focusField();
      return;
    }
    setError(null);
    try {
      await authorize(pin);
      setPin('');
    } catch (failure) {
      // A pause began (or is in force): the next visit says so before anything is typed.
      if (failure instanceof ApiError && failure.code === 'PIN_LOCKED') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.pin });
      }
      if (onRefused(failure)) return;
      setError(pinFailure(failure));
      // A network failure leaves the PIN to send again; a refused one is typed afresh.
      if (!isNetworkFailure(failure)) setPin('');
      focusField();
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <span className="rounded-full bg-brand-50 p-2 text-brand-700 dark:bg-slate-800 dark:text-brand-50">
          <KeyRound aria-hidden="true" className="h-6 w-6" />
        </span>
        <p className="text-slate-700 dark:text-slate-300">
          {intro} The bank never asks for your PIN by phone or email.
        </p>
      </div>
      {status.data && !status.data.hasPin && (
        <Banner tone="warning">
          You need a transaction PIN for this.{' '}
          <Link to="/dashboard/pincreation" className="font-semibold underline">
            Create your PIN
          </Link>
        </Banner>
      )}
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
        disabled={disabled}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
        {secondary}
      </div>
    </form>
  );
}
