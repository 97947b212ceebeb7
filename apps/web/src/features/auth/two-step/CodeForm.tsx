import { TOTP_DIGITS } from '@bank/contract';
import { RecoveryCodeField } from '../../../components/second-factor/RecoveryCodeField';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { OtpInput } from '../../../components/ui/OtpInput';
import type { SecondFactor } from '../second-factor/api';

/**
 * The authenticator app's code (sent as soon as the sixth digit is in) or a recovery code; the
 * field empties once sent, ready for another try if this one is refused.
 */
export function CodeForm({
  recovery,
  onSend,
  onIncomplete,
  pending,
  invalid,
  autoFocus,
}: {
  recovery: boolean;
  onSend: (factor: SecondFactor) => void;
  onIncomplete: (message: string) => void;
  pending: boolean;
  invalid: boolean;
  autoFocus: boolean;
}) {
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const send = (factor: SecondFactor) => {
    setCode('');
    setRecoveryCode('');
    onSend(factor);
  };
  const submitCode = (value: string) => {
    if (value.length === TOTP_DIGITS) send({ code: value });
    else onIncomplete(`Enter the ${TOTP_DIGITS}-digit code from your app.`);
  };
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!recovery) submitCode(code);
        else if (recoveryCode.trim()) send({ recoveryCode });
        else onIncomplete('Enter one of your recovery codes.');
      }}
    >
      {recovery ? (
        <RecoveryCodeField value={recoveryCode} onChange={setRecoveryCode} />
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
