import { TOTP_DIGITS } from '@bank/contract';
import {
  RecoveryCodeField,
  recoveryCodeProblem,
} from '../../../components/second-factor/RecoveryCodeField';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { OtpInput } from '../../../components/ui/OtpInput';
import type { SecondFactor } from '../second-factor/api';

/**
 * The authenticator app's code (sent as soon as the sixth digit is in; the boxes empty once
 * sent, ready for another try if this one is refused) or a recovery code (checked before it is
 * sent; a refused one stays in its field, with `recoveryError` under it, to be corrected).
 */
export function CodeForm({
  recovery,
  onSend,
  onIncomplete,
  pending,
  invalid,
  autoFocus,
  recoveryError,
  onRecoveryError,
}: {
  recovery: boolean;
  onSend: (factor: SecondFactor) => void;
  onIncomplete: (message: string) => void;
  pending: boolean;
  invalid: boolean;
  autoFocus: boolean;
  recoveryError: string | undefined;
  /** The recovery code as typed is not one (a message), or was changed since (undefined). */
  onRecoveryError: (message: string | undefined) => void;
}) {
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const submitCode = (value: string) => {
    if (value.length !== TOTP_DIGITS) {
      onIncomplete(`Enter the ${TOTP_DIGITS}-digit code from your app.`);
      return;
    }
    setCode('');
    onSend({ code: value });
  };
  const submitRecoveryCode = () => {
    const problem = recoveryCodeProblem(recoveryCode);
    if (problem) onRecoveryError(problem);
    else onSend({ recoveryCode });
  };
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (recovery) submitRecoveryCode();
        else submitCode(code);
      }}
    >
      {recovery ? (
        <RecoveryCodeField
          value={recoveryCode}
          onChange={(value) => {
            setRecoveryCode(value);
            if (recoveryError) onRecoveryError(undefined);
          }}
          error={recoveryError}
        />
      ) : (
        <OtpInput
          id="two-step-code"
          label="Code from your authenticator app"
          length={TOTP_DIGITS}
          value={code}
          onChange={setCode}
          onComplete={submitCode}
          disabled={pending}
          invalid={invalid}
          autoFocus={autoFocus}
        />
      )}
      <Button type="submit" loading={pending}>
        Verify
      </Button>
    </form>
  );
}
