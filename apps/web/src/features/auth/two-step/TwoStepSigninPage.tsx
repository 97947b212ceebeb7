import type { AuthOutcome } from '@bank/contract';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { recoveryCodeRefusal } from '../../../components/second-factor/RecoveryCodeField';
import { Banner } from '../../../components/ui/Banner';
import { useFocusInvalidField } from '../../../hooks/useFocusInvalidField';
import { Loading } from '../../../components/ui/QueryStatus';
import { ApiError } from '../../../lib/api';
import { BANK_NAME } from '../../../lib/brand';
import { RequireSession } from '../../../lib/session';
import { routeForOutcome } from '../outcome-route';
import type { SecondFactor } from '../second-factor/api';
import { NotYou } from '../second-factor/NotYou';
import { StepHeader } from '../second-factor/StepHeader';
import { useCodeRefusal } from '../second-factor/useCodeRefusal';
import { PASSKEY_DID_NOT_ANSWER, useVerifyCode, useVerifyPasskey } from './api';
import { CodeForm } from './CodeForm';
import { PasskeyButton } from './PasskeyButton';

type Method = 'passkey' | 'authenticator';

/** The second factor sign-in named; unknown when the page is opened some other way (a bookmark). */
function methodFrom(state: unknown): Method | undefined {
  if (typeof state !== 'object' || state === null || !('method' in state)) return undefined;
  return state.method === 'passkey' || state.method === 'authenticator' ? state.method : undefined;
}

const switchStyle = 'min-h-11 self-start font-semibold text-brand-700 underline dark:text-brand-50';

function lead(method: Method | undefined, recovery: boolean): string {
  if (recovery) {
    return 'Enter one of the recovery codes you saved when you turned on two-step sign-in.';
  }
  if (method === 'passkey') {
    return 'Use your passkey: your device asks for your fingerprint, face or screen lock.';
  }
  const app = `the 6-digit code your authenticator app shows for ${BANK_NAME}`;
  return method === 'authenticator' ? `Enter ${app}.` : `Use your passkey, or enter ${app}.`;
}

function backFromRecovery(method: Method | undefined): string {
  if (method === 'passkey') return 'Use your passkey instead';
  if (method === 'authenticator') return 'Use your authenticator app instead';
  return 'Use your passkey or app instead';
}

/** The second step itself: a passkey, the app's code, or a recovery code. */
function TwoStepChallenge({ method }: { method: Method | undefined }) {
  const navigate = useNavigate();
  const refusal = useCodeRefusal();
  const code = useVerifyCode();
  const passkey = useVerifyPasskey();
  const [recovery, setRecovery] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [recoveryError, setRecoveryError] = useState<string | undefined>();
  const { container, focusInvalidField } = useFocusInvalidField<HTMLDivElement>();
  const pending = code.isPending || passkey.isPending;

  const finish = (outcome: AuthOutcome) => {
    const { to, state } = routeForOutcome(outcome);
    void navigate(to, { replace: true, state });
  };
  /** A recovery code not taken is said on its field, and the keyboard goes back there. */
  const showRecoveryError = (message: string | undefined) => {
    setRecoveryError(message);
    if (message === undefined) return;
    setFailure(null);
    focusInvalidField();
  };
  const sendCode = (factor: SecondFactor) => {
    setFailure(null);
    setRecoveryError(undefined);
    code.mutate(factor, {
      onSuccess: finish,
      onError: (error) => {
        const onField = 'recoveryCode' in factor ? recoveryCodeRefusal(error) : null;
        if (onField) showRecoveryError(onField);
        else setFailure(refusal(error));
      },
    });
  };
  const signInWithPasskey = () => {
    setFailure(null);
    passkey.mutate(undefined, {
      onSuccess: finish,
      // Anything but the server's refusal is the browser's: cancelled, timed out, no passkey.
      onError: (error) =>
        setFailure(error instanceof ApiError ? refusal(error) : PASSKEY_DID_NOT_ANSWER),
    });
  };
  const switchTo = (next: boolean) => {
    setRecovery(next);
    setFailure(null);
    setRecoveryError(undefined);
  };
  const offersPasskey = !recovery && method !== 'authenticator';
  const offersCode = recovery || method !== 'passkey';

  return (
    <div ref={container} className="flex flex-col gap-6">
      <StepHeader icon={ShieldCheck} title="Two-step sign-in" heading="Confirm it’s you">
        {lead(method, recovery)}
      </StepHeader>
      {failure && <Banner tone="error">{failure}</Banner>}
      {offersPasskey && <PasskeyButton onUse={signInWithPasskey} pending={passkey.isPending} />}
      {offersPasskey && offersCode && (
        <p className="flex items-center gap-3 text-sm text-slate-600 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200 dark:text-slate-400 dark:before:bg-slate-700 dark:after:bg-slate-700">
          or
        </p>
      )}
      {offersCode && (
        <CodeForm
          key={recovery ? 'recovery' : 'code'}
          recovery={recovery}
          onSend={sendCode}
          onIncomplete={setFailure}
          pending={pending}
          invalid={Boolean(failure)}
          autoFocus={method === 'authenticator'}
          recoveryError={recoveryError}
          onRecoveryError={showRecoveryError}
        />
      )}
      <button type="button" className={switchStyle} onClick={() => switchTo(!recovery)}>
        {recovery ? backFromRecovery(method) : 'Use a recovery code instead'}
      </button>
    </div>
  );
}

/**
 * `/auth/second-factor`: a customer who turned on two-step sign-in (decision 33) finishes
 * signing in here, in the `second_factor` session the password opened (ten minutes). Sign-in
 * says which factor is on (kept through a reload); opened otherwise, both are offered. The server's
 * answer says where to go next, as the password's would have.
 */
export function TwoStepSigninPage() {
  const method = methodFrom(useLocation().state);
  return (
    <RequireSession scope="second_factor" loading={<Loading label="Loading…" />}>
      {(me) => (
        <div className="flex flex-col gap-6">
          <TwoStepChallenge method={method} />
          <NotYou email={me.email} />
        </div>
      )}
    </RequireSession>
  );
}
