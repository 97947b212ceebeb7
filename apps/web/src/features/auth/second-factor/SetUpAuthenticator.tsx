import { TOTP_DIGITS, type MfaSetup } from '@bank/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { OtpInput } from '../../../components/ui/OtpInput';
import { LoadFailed, Loading } from '../../../components/ui/QueryStatus';
import { useEnrolAuthenticator } from './api';
import { AuthenticatorKey } from '../../../components/second-factor/AuthenticatorKey';
import { StepHeader } from './StepHeader';
import { useCodeRefusal } from './useCodeRefusal';

const stepNumber =
  'flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white';

/**
 * A staff member's first sign-in: add the bank to an authenticator app (QR code, or the key by
 * hand) and prove it with the app's first code. The answer is the recovery codes.
 */
export function SetUpAuthenticator({
  setup,
  account,
  onEnrolled,
}: {
  setup: UseQueryResult<MfaSetup>;
  account: string;
  onEnrolled: (recoveryCodes: string[]) => void;
}) {
  const enrol = useEnrolAuthenticator();
  const refusal = useCodeRefusal();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (value: string) => {
    setFailure(null);
    if (value.length !== TOTP_DIGITS) {
      setFailure(`Enter the ${TOTP_DIGITS}-digit code from your app.`);
      return;
    }
    enrol.mutate(value, {
      onSuccess: ({ recoveryCodes }) => onEnrolled(recoveryCodes),
      onError: (error) => {
        setCode('');
        setFailure(refusal(error));
      },
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <StepHeader icon={ShieldCheck} title="Set up two-step sign-in">
        Staff sign-ins need a second step: a {TOTP_DIGITS}-digit code from an authenticator app on
        your phone. It takes a minute, once.
      </StepHeader>
      <ol className="flex flex-col gap-5">
        <li className="flex gap-3">
          <span aria-hidden="true" className={stepNumber}>
            1
          </span>
          <p>
            Open an authenticator app, for example Google Authenticator, Microsoft Authenticator or
            1Password, and choose to add an account.
          </p>
        </li>
        <li className="flex gap-3">
          <span aria-hidden="true" className={stepNumber}>
            2
          </span>
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <p>Scan this QR code with the app.</p>
            {setup.data ? (
              <>
                {/* White behind the code in both colour schemes, so every camera reads it. */}
                <img
                  src={setup.data.qrDataUrl}
                  alt={`QR code that adds your ${account} sign-in to an authenticator app`}
                  width={192}
                  height={192}
                  className="self-center rounded-lg bg-white p-2 ring-1 ring-slate-200"
                />
                <AuthenticatorKey secret={setup.data.secret} account={account} />
              </>
            ) : setup.isError ? (
              <LoadFailed
                error={setup.error}
                retrying={setup.isFetching}
                onRetry={() => void setup.refetch()}
              />
            ) : (
              <Loading label="Preparing your key…" />
            )}
          </div>
        </li>
        <li className="flex gap-3">
          <span aria-hidden="true" className={stepNumber}>
            3
          </span>
          <form
            noValidate
            className="flex min-w-0 flex-1 flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              submit(code);
            }}
          >
            <p id="enrol-code-hint">Enter the {TOTP_DIGITS}-digit code the app now shows.</p>
            <OtpInput
              id="enrol-code"
              label="Code from the app"
              length={TOTP_DIGITS}
              value={code}
              onChange={setCode}
              onComplete={submit}
              disabled={enrol.isPending || !setup.data}
              invalid={Boolean(failure)}
              describedBy="enrol-code-hint"
            />
            {failure && <Banner tone="error">{failure}</Banner>}
            <Button type="submit" loading={enrol.isPending} disabled={!setup.data}>
              Confirm and continue
            </Button>
          </form>
        </li>
      </ol>
    </div>
  );
}
