import { EMAIL_CODE_LENGTH } from '@bank/contract';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { OtpInput } from '../../components/ui/OtpInput';
import { errorMessage } from '../../lib/api';
import { useVerifyEmail } from './api/verify-email';
import { routeForOutcome } from './outcome-route';
import { ResendCode } from './ResendCode';
import { PageHeading } from '../../components/ui/PageHeading';

/** Enter the emailed code; success signs in and routes by the outcome (SPEC section 4). */
export function VerifyPage() {
  const email = useParams().email ?? '';
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [pendingEmail, setPendingEmail] = useState(false);

  function submit(value: string) {
    setFailure(null);
    setPendingEmail(false);
    if (value.length !== EMAIL_CODE_LENGTH) {
      setFailure(`Enter the ${EMAIL_CODE_LENGTH}-digit code`);
      return;
    }
    verify.mutate(
      { email, code: value },
      {
        onSuccess: (outcome) => {
          if (outcome.next === 'verify_email') {
            setCode('');
            setPendingEmail(true);
            return;
          }
          const { to, state } = routeForOutcome(outcome);
          void navigate(to, { state });
        },
        onError: (error) => {
          setFailure(errorMessage(error));
          setCode('');
        },
      },
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div>
        <PageHeading title="Verify your email" />
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          We sent a {EMAIL_CODE_LENGTH}-digit code to <strong className="break-all">{email}</strong>
          . It is valid for 10 minutes.
        </p>
      </div>
      {failure && <Banner tone="error">{failure}</Banner>}
      {pendingEmail && (
        <Banner tone="warning">Your email is not verified yet. Please enter the new code.</Banner>
      )}
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit(code);
        }}
      >
        <OtpInput
          id="verification-code"
          label="Verification code"
          length={EMAIL_CODE_LENGTH}
          numeric
          value={code}
          onChange={setCode}
          onComplete={submit}
          disabled={verify.isPending}
          invalid={Boolean(failure)}
          autoFocus
        />
        <Button type="submit" loading={verify.isPending}>
          Verify
        </Button>
      </form>
      <ResendCode email={email} />
    </div>
  );
}
