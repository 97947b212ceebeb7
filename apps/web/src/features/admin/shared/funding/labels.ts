import type { FundingKind, FundingStatus } from '@bank/contract';

export const KIND_LABELS: Record<FundingKind, string> = {
  deposit: 'Deposit',
  payment: 'Payment',
  fixed_deposit: 'Fixed deposit',
  upgrade: 'Upgrade',
};

export const STATUS_LABELS: Record<FundingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  declined: 'Declined',
};

/** What the subject of a request is: the purpose of a payment, the plan otherwise. */
export const SUBJECT_LABELS: Record<FundingKind, string> = {
  deposit: 'For',
  payment: 'Purpose',
  fixed_deposit: 'Plan',
  upgrade: 'Plan',
};
