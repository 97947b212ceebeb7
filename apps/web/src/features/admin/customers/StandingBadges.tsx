import type { CustomerKycStatus, FreezeScope } from '@bank/contract';
import { StatusBadge } from '../shared/StatusBadge';
import { FREEZE_BADGE, FREEZE_BLOCKS, KYC_STATUS } from './labels';

/**
 * A customer's standing at a glance: the identity check, a freeze, a restriction notice and a
 * paused PIN, each a badge (a freeze and a restriction in red: money or sign-in is blocked).
 */
export function StandingBadges({
  kycStatus,
  freeze,
  restricted,
  pinPaused = false,
}: {
  kycStatus: CustomerKycStatus;
  freeze: FreezeScope | null;
  restricted: boolean;
  pinPaused?: boolean;
}) {
  const kyc = KYC_STATUS[kycStatus];
  return (
    <span className="flex flex-wrap gap-2">
      <StatusBadge tone={kyc.tone}>{kyc.label}</StatusBadge>
      {freeze && (
        <StatusBadge tone="refused" title={FREEZE_BLOCKS[freeze]}>
          {FREEZE_BADGE[freeze]}
        </StatusBadge>
      )}
      {restricted && (
        <StatusBadge
          tone="refused"
          title="A restriction notice is set: the customer cannot sign in"
        >
          Restricted
        </StatusBadge>
      )}
      {pinPaused && <StatusBadge tone="waiting">PIN paused</StatusBadge>}
    </span>
  );
}
