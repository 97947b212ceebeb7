import type { FundingKind } from '@bank/contract';

export const KIND_LABELS: Record<FundingKind, string> = {
  deposit: 'Deposit',
  payment: 'Payment',
  fixed_deposit: 'Fixed deposit',
  upgrade: 'Upgrade',
};
