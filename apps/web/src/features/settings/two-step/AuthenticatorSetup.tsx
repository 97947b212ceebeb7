import { TOTP_DIGITS, type MfaSetup } from '@bank/contract';
import { useEffect, useRef, useState } from 'react';
import { AuthenticatorKey } from '../../../components/second-factor/AuthenticatorKey';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { OtpInput } from '../../../components/ui/OtpInput';
import { errorMessage } from '../../../lib/api';
import { useTurnOnWithAuthenticator } from './api';

/**
 * Adding the bank to an authenticator app: scan the QR code (or type the key), then prove it
 * with the app's code. Two-step sign-in is on only once the code is right.
 */
export function AuthenticatorSetup({
  setup,
  account,
  onTurnedOn,
  onCancel,
}: {
  setup: MfaSetup;
  account: string;
  onTurnedOn: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const turnOn = useTurnOnWithAuthenticator();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  // The button that opened this is gone: the keyboard and screen reader start at the first step.
  const start = useRef<HTMLParagraphElement>(null);
  useEffect(() => start.current?.focus(), []);
  const submit = (value: string) => {
    setFailure(null);
    if (value.length !== TOTP_DIGITS) {
      setFailure(`Enter the ${TOTP_DIGITS}-digit code from your app.`);
      return;
    }
    turnOn.mutate(value, {
      onSuccess: ({ recoveryCodes }) => onTurnedOn(recoveryCodes),
      onError: (error) => {
        setCode('');
        setFailure(errorMessage(error));
      },
    });
  };
  return (
    <div className="flex flex-col gap-4">
      <p ref={start} tabIndex={-1} className="focus:outline-none">
        In an authenticator app (for example Google Authenticator, Microsoft Authenticator or
        1Password), add an account and scan this QR code.
      </p>
      {/* White behind the code in both colour schemes, so every camera reads it. */}
      <img
        src={setup.qrDataUrl}
        alt={`QR code that adds your ${account} sign-in to an authenticator app`}
        width={192}
        height={192}
        className="self-center rounded-lg bg-white p-2 ring-1 ring-slate-200"
      />
      <AuthenticatorKey secret={setup.secret} account={account} />
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit(code);
        }}
      >
        <p id="two-step-setup-hint">Then enter the {TOTP_DIGITS}-digit code the app shows.</p>
        <OtpInput
          id="two-step-setup-code"
          label="Code from the app"
          length={TOTP_DIGITS}
          value={code}
          onChange={setCode}
          onComplete={submit}
          disabled={turnOn.isPending}
          invalid={Boolean(failure)}
          describedBy="two-step-setup-hint"
        />
        {failure && <Banner tone="error">{failure}</Banner>}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={turnOn.isPending}>
            Turn on two-step sign-in
          </Button>
          <Button variant="secondary" disabled={turnOn.isPending} onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}
