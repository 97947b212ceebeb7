import { transactionPageSchema, type Transaction } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** How many transactions the home page shows. */
export const RECENT_TRANSACTION_COUNT = 10;

export async function fetchRecentTransactions(): Promise<Transaction[]> {
  const page = transactionPageSchema.parse(
    await api<unknown>(
      'GET',
      `/api/v1/accounts/current/transactions?limit=${RECENT_TRANSACTION_COUNT}`,
    ),
  );
  return page.items;
}

/** The newest transactions on the current account, newest first. */
export function useRecentTransactions() {
  return useQuery({
    queryKey: ['accounts', 'current', 'transactions', 'recent'],
    queryFn: fetchRecentTransactions,
  });
}
