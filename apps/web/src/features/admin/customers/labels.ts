import type {
  CustomerKycStatus,
  CustomerSession,
  CustomerSigninProtection,
  FreezeScope,
} from '@bank/contract';
import type { StatusTone } from '../shared/StatusBadge';

/** The identity check's state as staff read it, and what it means for them. */
export const KYC_STATUS: Record<CustomerKycStatus, { label: string; tone: StatusTone }> = {
  not_verified: { label: 'Identity not checked', tone: 'neutral' },
  pending: { label: 'Identity check waiting', tone: 'waiting' },
  approved: { label: 'Identity verified', tone: 'done' },
  declined: { label: 'Identity check declined', tone: 'refused' },
};

/** A freeze as a badge. */
export const FREEZE_BADGE: Record<FreezeScope, string> = {
  debits: 'Debits frozen',
  credits: 'Credits frozen',
  both: 'Frozen',
};

/** What a freeze blocks, in a sentence. */
export const FREEZE_BLOCKS: Record<FreezeScope, string> = {
  debits: 'Money cannot leave the account (transfers, fixed deposits from the balance, upgrades).',
  credits: 'Money cannot arrive (payments from other customers, confirmed deposits).',
  both: 'Money can neither leave nor arrive.',
};

export const SESSION_STATE: Record<CustomerSession['state'], { label: string; tone: StatusTone }> =
  {
    active: { label: 'Signed in', tone: 'done' },
    signed_out: { label: 'Signed out', tone: 'neutral' },
    expired: { label: 'Expired', tone: 'neutral' },
  };

/** The second step a customer's sign-in asks for, in the words of their Settings. */
export const SIGNIN_FACTOR: Record<
  NonNullable<CustomerSigninProtection['twoStep']>['method'],
  string
> = {
  authenticator: 'Authenticator app',
  passkey: 'Passkey',
};

export const ACCOUNT_KIND = {
  customer_current: 'Current account',
  customer_fixed_deposit: 'Fixed deposit',
} as const;

export const FUNDING_KIND = {
  deposit: 'Crypto deposit',
  payment: 'Payment',
  fixed_deposit: 'Fixed deposit',
  upgrade: 'Upgrade',
} as const;

export const FUNDING_TONE = { pending: 'waiting', confirmed: 'done', declined: 'refused' } as const;

export const TRANSFER_STATUS = {
  in_progress: { label: 'In progress', tone: 'waiting' },
  successful: { label: 'Successful', tone: 'done' },
  failed: { label: 'Failed', tone: 'refused' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
} as const satisfies Record<string, { label: string; tone: StatusTone }>;
