import { RESEND_COOLDOWN_MS } from '@bank/contract';
import { useState } from 'react';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { errorMessage } from '../../lib/api';
import { useResendVerification } from './api/resend-verification';
import { useCooldown } from '../../hooks/useCooldown';

type Result = { tone: 'success' | 'error'; text: string };

/**
 * "Resend code", resting for the cool-down after each code sent (SPEC sections 8, 9). The
 * server answers "Code Sent" alike for every address (it tells nobody which addresses wait for
 * a code), so only a refusal of the request itself (a rate limit, an outage) is an error.
 */
export function ResendCode({ email }: { email: string }) {
  const resend = useResendVerification();
  const cooldown = useCooldown(RESEND_COOLDOWN_MS);
  const [result, setResult] = useState<Result | null>(null);

  function requestCode() {
    setResult(null);
    resend.mutate(email, {
      onSuccess: ({ message }) => {
        setResult({ tone: 'success', text: message || 'Code Sent' });
        cooldown.start();
      },
      onError: (error) =>
        setResult({ tone: 'error', text: errorMessage(error, 'Something went wrong') }),
    });
  }

  return (
    <div className="flex flex-col gap-3">
      {result && <Banner tone={result.tone}>{result.text}</Banner>}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          onClick={requestCode}
          loading={resend.isPending}
          disabled={cooldown.active}
        >
          Resend code
        </Button>
        {cooldown.active && (
          <span className="text-sm text-slate-600 dark:text-slate-400">
            You can ask for another code in {cooldown.secondsLeft} s.
          </span>
        )}
      </div>
    </div>
  );
}
