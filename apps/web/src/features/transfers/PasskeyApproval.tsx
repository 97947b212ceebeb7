import type { Transfer, TransferStep } from '@bank/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import { Fingerprint } from 'lucide-react';
import { useState } from 'react';
import { money } from '../../components/funding/format';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { errorMessage } from '../../lib/api';
import { passkeyBlocker } from '../../lib/passkey-support';
import { isPasskeyCancelled, passkeyBrowserMessage } from '../../lib/passkeys';

/**
 * Instead of the emailed code, the customer's passkey (issue 21): the button names the amount
 * and the payee the passkey approves, as the server binds its challenge to them. Offered when
 * the code prompt says the customer has a passkey, or (opened again after a reload, when the
 * prompt is not known) when their list of passkeys has one.
 */
export function PasskeyApproval({
  transfer,
  offered,
  first = false,
  approve,
  busy,
  onAnswer,
  onRefused,
}: {
  transfer: Transfer;
  /** The customer has a passkey (the code prompt said so, or after a reload their list). */
  offered: boolean;
  /** Offered before any code was emailed: the way to approve, not an alternative to a code. */
  first?: boolean;
  approve: UseMutationResult<TransferStep, Error, void>;
  /** Another step is on its way (a code being checked, the submission). */
  busy: boolean;
  onAnswer: (step: TransferStep) => void;
  /** Opens the notice dialog for a refusal that has one; true when it did. */
  onRefused: (error: unknown) => boolean;
}) {
  const [said, setSaid] = useState<{ tone: 'info' | 'error'; text: string; id: number } | null>(
    null,
  );
  if (!offered) return null;
  const blocker = passkeyBlocker();
  const label = `Approve ${money(transfer.amount, transfer.currency)} to ${transfer.accountHolderName}`;

  const say = (tone: 'info' | 'error', text: string) =>
    setSaid((last) => ({ tone, text, id: (last?.id ?? 0) + 1 }));
  const start = () => {
    setSaid(null);
    approve.mutate(undefined, {
      onSuccess: onAnswer,
      onError: (error) => {
        const browser = passkeyBrowserMessage(error);
        if (browser) say(isPasskeyCancelled(error) ? 'info' : 'error', browser);
        else if (!onRefused(error)) say('error', errorMessage(error, 'Something went wrong'));
      },
    });
  };

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {first
          ? 'Approve with your passkey: your fingerprint, face or screen lock. No code needed.'
          : 'You have a passkey: approve with your fingerprint, face or screen lock instead of the code.'}
      </p>
      {said && (
        <Banner key={said.id} tone={said.tone}>
          {said.text}
        </Banner>
      )}
      {blocker ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{blocker}</p>
      ) : (
        <Button
          variant={first ? 'primary' : 'secondary'}
          autoFocus={first}
          className="self-start text-left"
          loading={approve.isPending}
          disabled={busy}
          onClick={start}
        >
          {!approve.isPending && <Fingerprint aria-hidden="true" className="h-5 w-5 shrink-0" />}
          {label}
        </Button>
      )}
    </div>
  );
}
