import type { AuthOutcome } from '@bank/contract';
import { useState } from 'react';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { passkeyBlocker } from '../../../lib/passkey-support';

/** Lucide's KeyRound (ISC licence), written out: lucide's runtime stays off this page. */
function KeyIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className="h-5 w-5"
    >
      <path d="M2.586 17.414A2 2 0 0 0 2 18.828V21a1 1 0 0 0 1 1h3a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h1a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h.172a2 2 0 0 0 1.414-.586l.814-.814a6.5 6.5 0 1 0-4-4z" />
      <circle cx="16.5" cy="7.5" r=".5" fill="currentColor" />
    </svg>
  );
}

/**
 * "Sign in with a passkey", under the password form: the WebAuthn code is fetched when pressed
 * (./passkey-signin). `onOutcome` goes where the password sign-in would. A prompt closed
 * without a passkey is said calmly; where passkeys cannot work, why, instead of the button.
 */
export function PasskeySignin({
  onOutcome,
  disabled,
}: {
  onOutcome: (outcome: AuthOutcome) => void;
  disabled: boolean;
}) {
  const [pending, setPending] = useState(false);
  const [said, setSaid] = useState<{ tone: 'info' | 'error'; message: string } | null>(null);
  const blocker = passkeyBlocker();
  if (blocker) {
    return (
      <p className="flex min-h-11 items-center justify-center text-center text-sm text-slate-600 dark:text-slate-400">
        {blocker}
      </p>
    );
  }
  const start = async () => {
    setSaid(null);
    setPending(true);
    try {
      const result = await (await import('./passkey-signin')).signInWithPasskey();
      if ('outcome' in result) onOutcome(result.outcome);
      else setSaid(result);
    } catch {
      setSaid({ tone: 'error', message: 'Something went wrong. Please try again.' });
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="flex flex-col gap-3">
      {said && <Banner tone={said.tone}>{said.message}</Banner>}
      <Button
        variant="secondary"
        loading={pending}
        disabled={disabled}
        onClick={() => void start()}
      >
        {!pending && <KeyIcon />}
        Sign in with a passkey
      </Button>
    </div>
  );
}
