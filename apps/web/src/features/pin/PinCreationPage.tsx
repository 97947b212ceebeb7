import {
  PIN_CREATED,
  PIN_LENGTH,
  PIN_MISMATCH,
  PIN_MISSING,
  PIN_TOO_EASY,
  isGuessablePin,
  SUCCESS_REDIRECT_DELAY_MS,
  messageSchema,
} from '@bank/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { cardClass } from '../../components/ui/card';
import { PageHeading } from '../../components/ui/PageHeading';
import { PinField } from '../../components/ui/PinField';
import { LoadFailed, Loading } from '../../components/ui/QueryStatus';
import { useDelayedNavigate } from '../../hooks/useDelayedNavigate';
import { api, errorMessage } from '../../lib/api';
import { queries, queryKeys } from '../../lib/queries';

/**
 * PIN creation (spec: pincreation): four digits, Confirm, the same four again. A match saves
 * it and returns to the dashboard after 3 s; a mismatch starts again with the spec's message.
 */
export function PinCreationPage() {
  const status = useQuery(queries.pinStatus());
  const queryClient = useQueryClient();
  const goHome = useDelayedNavigate(SUCCESS_REDIRECT_DELAY_MS);
  const [step, setStep] = useState<'enter' | 'confirm'>('enter');
  const [pin, setPin] = useState('');
  const [confirmPin, setConfirmPin] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: () =>
      api('POST', '/api/v1/pin', { schema: messageSchema, body: { pin, confirmPin } }),
    onSuccess: () => {
      // The digits are not kept in memory once they are saved.
      setPin('');
      setConfirmPin('');
      void queryClient.invalidateQueries({ queryKey: queryKeys.pin });
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
      goHome('/dashboard', { replace: true });
    },
  });
  const done = create.isSuccess;

  if (status.isPending) return <Loading label="Checking your PIN…" />;
  if (status.isError) {
    return (
      <LoadFailed
        error={status.error}
        retrying={status.isFetching}
        onRetry={() => void status.refetch()}
      />
    );
  }
  if (status.data.hasPin && !done) return <Navigate to="/dashboard" replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 'enter') {
      if (pin.length !== PIN_LENGTH) {
        setError(pin.length === 0 ? PIN_MISSING : `Enter ${PIN_LENGTH} digits`);
        return;
      }
      if (isGuessablePin(pin)) {
        setError(PIN_TOO_EASY);
        setPin('');
        return;
      }
      setError(undefined);
      setStep('confirm');
      return;
    }
    if (confirmPin !== pin) {
      setError(PIN_MISMATCH);
      setPin('');
      setConfirmPin('');
      setStep('enter');
      return;
    }
    setError(undefined);
    create.mutate();
  };

  return (
    <div className="mx-auto flex max-w-lg flex-col gap-6">
      <PageHeading title="Create your transaction PIN" />
      <section className={cardClass}>
        <div className="mb-4 flex items-start gap-3">
          <span className="rounded-full bg-brand-50 p-2 text-brand-700 dark:bg-slate-800 dark:text-brand-50">
            <KeyRound aria-hidden="true" className="h-6 w-6" />
          </span>
          <p className="text-slate-700 dark:text-slate-300">
            Your {PIN_LENGTH}-digit PIN confirms every transfer. Avoid digits that are easy to
            guess, such as your birth year or 1234, and never share them: the bank will never ask
            for your PIN.
          </p>
        </div>
        {done ? (
          <Banner tone="success">{PIN_CREATED}</Banner>
        ) : (
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            {error && <Banner tone="error">{error}</Banner>}
            {create.isError && (
              <Banner tone="error">{errorMessage(create.error, 'Something went wrong')}</Banner>
            )}
            {step === 'enter' ? (
              <PinField
                key="enter"
                label="Enter PIN"
                value={pin}
                onChange={(typed) => {
                  // A message about the PIN goes as soon as the PIN typed is a good one.
                  if (typed.length === PIN_LENGTH && !isGuessablePin(typed)) setError(undefined);
                  setPin(typed);
                }}
                autoFocus
              />
            ) : (
              <PinField
                key="confirm"
                label="Re-enter PIN"
                value={confirmPin}
                onChange={(typed) => {
                  if (create.isError) create.reset();
                  setConfirmPin(typed);
                }}
                autoFocus
              />
            )}
            <Button type="submit" loading={create.isPending} className="self-start">
              Confirm
            </Button>
            <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
              Step {step === 'enter' ? 1 : 2} of 2
            </p>
          </form>
        )}
      </section>
    </div>
  );
}
