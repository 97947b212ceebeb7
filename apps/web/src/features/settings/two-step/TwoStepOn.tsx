import { RECOVERY_CODE_COUNT, type SecondFactorStatus } from '@bank/contract';
import { useEffect, useRef, useState } from 'react';
import { FEW_RECOVERY_CODES } from '../../../components/second-factor/recovery-codes';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { formatDay } from '../../../lib/format';
import { useNewRecoveryCodes, useTurnOff } from './api';
import { PasswordDialog } from './PasswordDialog';
import { RememberedBrowsers } from './RememberedBrowsers';

const METHOD_NAMES = { passkey: 'Your passkey', authenticator: 'An authenticator app' };

/**
 * Two-step sign-in is on: with what, since when, recovery codes left; new codes, or off; the
 * browsers that skip it, to be forgotten.
 */
export function TwoStepOn({
  status,
  onNewCodes,
  onTurnedOff,
  takeFocus = false,
}: {
  status: SecondFactorStatus & { method: 'passkey' | 'authenticator' };
  /** Shown in place of the recovery codes just saved: the keyboard carries on from here. */
  takeFocus?: boolean;
  onNewCodes: (recoveryCodes: string[]) => void;
  onTurnedOff: (message: string) => void;
}) {
  const [asking, setAsking] = useState<'codes' | 'off' | null>(null);
  const renew = useNewRecoveryCodes();
  const turnOff = useTurnOff();
  const left = status.recoveryCodesLeft;
  const start = useRef<HTMLDListElement>(null);
  useEffect(() => {
    if (takeFocus) start.current?.focus();
  }, [takeFocus]);
  const open = (which: 'codes' | 'off') => {
    renew.reset();
    turnOff.reset();
    setAsking(which);
  };
  return (
    <div className="flex flex-col gap-4">
      <dl
        ref={start}
        tabIndex={-1}
        className="grid grid-cols-1 gap-x-6 gap-y-2 focus:outline-none sm:grid-cols-[auto_1fr]"
      >
        <dt className="text-sm text-slate-600 dark:text-slate-400">Second step</dt>
        <dd className="font-medium">{METHOD_NAMES[status.method]}</dd>
        {status.enabledAt && (
          <>
            <dt className="text-sm text-slate-600 dark:text-slate-400">On since</dt>
            <dd className="font-medium">
              <time dateTime={status.enabledAt}>{formatDay(status.enabledAt)}</time>
            </dd>
          </>
        )}
        <dt className="text-sm text-slate-600 dark:text-slate-400">Recovery codes left</dt>
        <dd className="font-medium">
          {left} of {RECOVERY_CODE_COUNT}
        </dd>
      </dl>
      {left <= FEW_RECOVERY_CODES && (
        <Banner tone="warning">
          {left === 0 ? 'You have no recovery codes left.' : `Only ${left} recovery codes left.`}{' '}
          Make new ones, so that losing your {status.method === 'passkey' ? 'passkey' : 'phone'}{' '}
          does not lock you out.
        </Banner>
      )}
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => open('codes')}>
          New recovery codes
        </Button>
        <Button variant="secondary" onClick={() => open('off')}>
          Turn off
        </Button>
      </div>
      <RememberedBrowsers count={status.rememberedBrowsers} />
      <PasswordDialog
        open={asking === 'codes'}
        onOpenChange={(next) => setAsking(next ? 'codes' : null)}
        title="New recovery codes"
        description="Ten new codes replace your recovery codes: the old ones stop working. Enter your password to continue."
        confirmLabel="Make new codes"
        pending={renew.isPending}
        error={renew.error}
        onConfirm={(password) =>
          renew.mutate(password, {
            onSuccess: ({ recoveryCodes }) => {
              setAsking(null);
              onNewCodes(recoveryCodes);
            },
          })
        }
      />
      <PasswordDialog
        open={asking === 'off'}
        onOpenChange={(next) => setAsking(next ? 'off' : null)}
        title="Turn off two-step sign-in"
        description="Signing in will ask for your password only, and your recovery codes stop working. Enter your password to continue."
        confirmLabel="Turn off"
        pending={turnOff.isPending}
        error={turnOff.error}
        onConfirm={(password) =>
          turnOff.mutate(password, {
            onSuccess: ({ message }) => {
              setAsking(null);
              onTurnedOff(message);
            },
          })
        }
      />
    </div>
  );
}
