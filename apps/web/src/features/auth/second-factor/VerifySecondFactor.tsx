import { TOTP_DIGITS } from '@bank/contract';
import {
  RecoveryCodeField,
  recoveryCodeProblem,
  recoveryCodeRefusal,
} from '../../../components/second-factor/RecoveryCodeField';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { OtpInput } from '../../../components/ui/OtpInput';
import { useFocusInvalidField } from '../../../hooks/useFocusInvalidField';
import { BANK_NAME } from '../../../lib/brand';
import { ApiError } from '../../../lib/api';
import { PasskeyButton } from '../two-step/PasskeyButton';
import { PASSKEY_DID_NOT_ANSWER, useVerifyPasskey } from '../two-step/api';
import { useVerifySecondFactor, type SecondFactor } from './api';
import { StepHeader } from './StepHeader';
import { useCodeRefusal } from './useCodeRefusal';

const switchStyle = 'min-h-11 self-start font-semibold text-brand-700 underline dark:text-brand-50';

/**
 * Every later staff sign-in: the authenticator app's current code, or (phone lost) one of the
 * recovery codes, or one of their passkeys instead of the app (decision 33). `onVerified` learns
 * how many recovery codes are left; `onPasskey` that a passkey finished the sign-in.
 */
export function VerifySecondFactor({
  onVerified,
  onPasskey,
}: {
  onVerified: (codesLeft: number) => void;
  onPasskey: () => void;
}) {
  const verify = useVerifySecondFactor();
  const passkey = useVerifyPasskey();
  const refusal = useCodeRefusal();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [recoveryError, setRecoveryError] = useState<string | undefined>();
  const { container, focusInvalidField } = useFocusInvalidField<HTMLFormElement>();

  /** A recovery code not taken stays in its field, said there, and the keyboard goes back to it. */
  const refuseRecoveryCode = (message: string) => {
    setFailure(null);
    setRecoveryError(message);
    focusInvalidField();
  };
  const send = (factor: SecondFactor) => {
    setFailure(null);
    setRecoveryError(undefined);
    verify.mutate(factor, {
      onSuccess: ({ recoveryCodesLeft }) => onVerified(recoveryCodesLeft),
      onError: (error) => {
        const onField = 'recoveryCode' in factor ? recoveryCodeRefusal(error) : null;
        if (onField) {
          refuseRecoveryCode(onField);
          return;
        }
        setCode('');
        setFailure(refusal(error));
      },
    });
  };
  const submitRecoveryCode = () => {
    const problem = recoveryCodeProblem(recoveryCode);
    if (problem) refuseRecoveryCode(problem);
    else send({ recoveryCode });
  };
  const submitCode = (value: string) => {
    if (value.length === TOTP_DIGITS) send({ code: value });
    else setFailure(`Enter the ${TOTP_DIGITS}-digit code from your app.`);
  };
  const usePasskey = () => {
    setFailure(null);
    passkey.mutate(undefined, {
      onSuccess: onPasskey,
      // Anything but the server's refusal is the browser's: cancelled, timed out, no passkey.
      onError: (error) =>
        setFailure(error instanceof ApiError ? refusal(error) : PASSKEY_DID_NOT_ANSWER),
    });
  };
  const switchTo = (recovery: boolean) => {
    setUseRecovery(recovery);
    setFailure(null);
    setRecoveryError(undefined);
  };

  return (
    <div className="flex flex-col gap-6">
      <StepHeader icon={ShieldCheck} title="Two-step sign-in" heading="Confirm it’s you">
        {useRecovery
          ? 'Enter one of the recovery codes you saved when you set up your authenticator app.'
          : `Enter the ${TOTP_DIGITS}-digit code your authenticator app shows for ${BANK_NAME}.`}
      </StepHeader>
      {failure && <Banner tone="error">{failure}</Banner>}
      <form
        ref={container}
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (useRecovery) submitRecoveryCode();
          else submitCode(code);
        }}
      >
        {useRecovery ? (
          <RecoveryCodeField
            value={recoveryCode}
            onChange={(value) => {
              setRecoveryCode(value);
              setRecoveryError(undefined);
            }}
            error={recoveryError}
          />
        ) : (
          <OtpInput
            id="second-factor-code"
            label="Code from your app"
            length={TOTP_DIGITS}
            value={code}
            onChange={setCode}
            onComplete={submitCode}
            disabled={verify.isPending}
            invalid={Boolean(failure)}
            autoFocus
          />
        )}
        <Button type="submit" loading={verify.isPending}>
          Verify
        </Button>
      </form>
      <button type="button" className={switchStyle} onClick={() => switchTo(!useRecovery)}>
        {useRecovery ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
      </button>
      {!useRecovery && (
        <>
          <p className="flex items-center gap-3 text-sm text-slate-600 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200 dark:text-slate-400 dark:before:bg-slate-700 dark:after:bg-slate-700">
            or, if you added one
          </p>
          <PasskeyButton variant="secondary" onUse={usePasskey} pending={passkey.isPending} />
        </>
      )}
    </div>
  );
}
