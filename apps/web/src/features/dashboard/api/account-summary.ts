import { accountSummarySchema, type AccountSummary } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export async function fetchAccountSummary(): Promise<AccountSummary> {
  return accountSummarySchema.parse(await api<unknown>('GET', '/api/v1/accounts/current'));
}

/** The current account's number, available balance and lifetime totals. */
export function useAccountSummary() {
  return useQuery({ queryKey: ['accounts', 'current'], queryFn: fetchAccountSummary });
}
