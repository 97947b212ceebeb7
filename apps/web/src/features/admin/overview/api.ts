import { overviewSchema } from '@bank/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The back office's landing page: the queues' counts and ages, the ledger's health. */
export const overviewQuery = () =>
  queryOptions({
    queryKey: ['staff', 'overview'],
    queryFn: () => api('GET', '/api/v1/staff/overview', { schema: overviewSchema }),
    // A page left open on a desk keeps counting.
    refetchInterval: 60_000,
  });
