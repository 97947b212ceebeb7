import {
  customerAccountsPageSchema,
  ledgerCheckListSchema,
  ledgerCheckSchema,
  trialBalanceSchema,
} from '@bank/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { usePagedList, withQuery } from '../shared/queue-pages';

const trialBalanceKey = ['staff', 'trial-balance'] as const;

export const trialBalanceQueries = {
  /** Every account's balance, each currency's sum, the latest check. */
  balances: () =>
    queryOptions({
      queryKey: [...trialBalanceKey, 'balances'],
      queryFn: () => api('GET', '/api/v1/staff/trial-balance', { schema: trialBalanceSchema }),
    }),
  /** The checker's latest runs, newest first. */
  checks: () =>
    queryOptions({
      queryKey: [...trialBalanceKey, 'checks'],
      queryFn: async () =>
        (await api('GET', '/api/v1/staff/ledger-checks', { schema: ledgerCheckListSchema })).items,
    }),
};

export interface AccountSearch {
  q?: string;
  currency?: string;
  kind?: string;
}

/** Customers' accounts with their balances, a page at a time. */
export function useCustomerAccounts(search: AccountSearch) {
  return usePagedList([...trialBalanceKey, 'accounts', search], (cursor) =>
    api('GET', withQuery('/api/v1/staff/trial-balance/customer-accounts', { ...search, cursor }), {
      schema: customerAccountsPageSchema,
    }),
  );
}

/** Runs the ledger check now; afterwards the page reads the balances and checks again. */
export function useRunCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST', '/api/v1/staff/ledger-checks', { schema: ledgerCheckSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trialBalanceKey }),
  });
}
