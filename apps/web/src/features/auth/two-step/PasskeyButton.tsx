import { Fingerprint } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/Button';
import { passkeyUnavailableReason } from './passkey-support';

/**
 * "Use your passkey": the browser then asks for the fingerprint, face or screen lock. Where
 * passkeys cannot work (an IP address, an old browser) the button is off and a line says why.
 */
export function PasskeyButton({
  onUse,
  pending,
  variant = 'primary',
}: {
  onUse: () => void;
  pending: boolean;
  /** Secondary beside another way that comes first (the staff's authenticator app). */
  variant?: 'primary' | 'secondary';
}) {
  const reasonId = useId();
  const unavailable = passkeyUnavailableReason();
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant={variant}
        onClick={onUse}
        loading={pending}
        disabled={unavailable !== null}
        aria-describedby={unavailable ? reasonId : undefined}
      >
        <Fingerprint aria-hidden="true" className="h-5 w-5" />
        Use your passkey
      </Button>
      {unavailable && (
        <p id={reasonId} className="text-sm text-amber-900 dark:text-amber-100">
          {unavailable}
        </p>
      )}
    </div>
  );
}
