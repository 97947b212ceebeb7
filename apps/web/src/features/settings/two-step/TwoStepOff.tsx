import { useQuery } from '@tanstack/react-query';
import { Fingerprint, Smartphone } from 'lucide-react';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/api';
import { queries } from '../../../lib/queries';
import { AuthenticatorSetup } from './AuthenticatorSetup';
import { useStartAuthenticator, useTurnOnWithPasskey } from './api';

const choice =
  'flex flex-col gap-3 rounded-lg border border-slate-200 p-4 sm:flex-1 dark:border-slate-700';

/**
 * Two-step sign-in is off: what it does, and its two kinds, a passkey or an authenticator app.
 * Just turned off, the server's confirmation (`turnedOff`) says so in place of the usual words,
 * until the customer starts turning it on again (`onStart`).
 */
export function TwoStepOff({
  account,
  turnedOff,
  onStart,
  onTurnedOn,
}: {
  account: string;
  turnedOff: string | null;
  onStart: () => void;
  onTurnedOn: (recoveryCodes: string[]) => void;
}) {
  const passkeys = useQuery(queries.passkeys());
  const withPasskey = useTurnOnWithPasskey();
  const setup = useStartAuthenticator();
  const hasPasskey = (passkeys.data?.length ?? 0) > 0;
  const error = withPasskey.error ?? setup.error;

  if (setup.data) {
    return (
      <AuthenticatorSetup
        setup={setup.data}
        account={account}
        onTurnedOn={onTurnedOn}
        onCancel={() => setup.reset()}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {turnedOff && <Banner tone="success">{turnedOff}</Banner>}
      <p>
        {!turnedOff && (
          <>
            Two-step sign-in is <strong>off</strong>.{' '}
          </>
        )}
        Turn it on and a browser you have not used before asks for a second step after your
        password, so your password alone is not enough to get in.
      </p>
      {error && <Banner tone="error">{errorMessage(error)}</Banner>}
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className={choice}>
          <p className="flex items-center gap-2 font-semibold">
            <Fingerprint aria-hidden="true" className="h-5 w-5" /> A passkey
          </p>
          <p id="two-step-passkey-hint" className="text-sm text-slate-600 dark:text-slate-400">
            {passkeys.isPending
              ? 'Checking your passkeys…'
              : hasPasskey
                ? 'Your fingerprint, face or screen lock, on a device with one of your passkeys.'
                : 'You have no passkey yet: add one under Passkeys on this page first.'}
          </p>
          <Button
            variant="secondary"
            className="mt-auto"
            disabled={!hasPasskey || setup.isPending}
            loading={withPasskey.isPending}
            aria-describedby="two-step-passkey-hint"
            onClick={() => {
              onStart();
              withPasskey.mutate(undefined, { onSuccess: (r) => onTurnedOn(r.recoveryCodes) });
            }}
          >
            Use my passkey
          </Button>
        </div>
        <div className={choice}>
          <p className="flex items-center gap-2 font-semibold">
            <Smartphone aria-hidden="true" className="h-5 w-5" /> An authenticator app
          </p>
          <p id="two-step-app-hint" className="text-sm text-slate-600 dark:text-slate-400">
            A 6-digit code that changes every 30 seconds, from an app on your phone.
          </p>
          <Button
            variant="secondary"
            className="mt-auto"
            disabled={withPasskey.isPending}
            loading={setup.isPending}
            aria-describedby="two-step-app-hint"
            onClick={() => {
              onStart();
              withPasskey.reset();
              setup.mutate();
            }}
          >
            Use an authenticator app
          </Button>
        </div>
      </div>
    </div>
  );
}
