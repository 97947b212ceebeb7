import { adjustableAccountsSchema, adjustmentProposedSchema } from '@bank/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { uploadForm } from '../../../lib/upload';

const BASE = '/api/v1/staff/adjustments';

/** The bank's accounts an adjustment may name, with their balances and the form's limits. */
export const adjustableAccountsQuery = () =>
  queryOptions({
    queryKey: ['staff', 'adjustments', 'accounts'],
    queryFn: () => api('GET', `${BASE}/accounts`, { schema: adjustableAccountsSchema }),
  });

export interface AdjustmentForm {
  target: 'customer' | 'internal';
  accountNumber: string;
  internalAccount: string;
  direction: 'credit' | 'debit';
  /** Minor units. */
  amount: bigint;
  reason: string;
  evidence: File;
}

/**
 * Sends the proposal with its evidence (progress in percent); `key` makes a resend (a lost
 * answer, a second click) the same proposal.
 */
export function sendAdjustment(
  form: AdjustmentForm,
  key: string,
  onProgress: (percent: number) => void,
) {
  const body = new FormData();
  body.set('target', form.target);
  if (form.target === 'customer') body.set('accountNumber', form.accountNumber.trim());
  else body.set('internalAccount', form.internalAccount);
  body.set('direction', form.direction);
  body.set('amount', form.amount.toString());
  body.set('reason', form.reason);
  body.set('evidence', form.evidence);
  return uploadForm(BASE, body, adjustmentProposedSchema, onProgress, {
    'idempotency-key': key,
  });
}
