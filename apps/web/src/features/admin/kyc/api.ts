import {
  kycApprovedSchema,
  kycDeclinedSchema,
  kycQueueSchema,
  type KycReviewStatus,
} from '@bank/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queries';
import { usePagedList, withQuery } from '../shared/queue-pages';

/** Approve or decline; either way the queue and the submission are read again. */
export function useKycDecision(id: string) {
  const queryClient = useQueryClient();
  const path = `/api/v1/staff/kyc/submissions/${encodeURIComponent(id)}`;
  // Read again after any answer: a refusal (e.g. decided meanwhile by a colleague) changes the page too.
  const onSettled = () => queryClient.invalidateQueries({ queryKey: queryKeys.staffKyc });
  return {
    approve: useMutation({
      mutationFn: () => api('POST', `${path}/approve`, { schema: kycApprovedSchema }),
      onSettled,
    }),
    decline: useMutation({
      mutationFn: (reason: string) =>
        api('POST', `${path}/decline`, { body: { reason }, schema: kycDeclinedSchema }),
      onSettled,
    }),
  };
}

/**
 * The identity checks of one status, a page at a time: waiting oldest first, decided newest
 * decision first; `q` searches the customer's name, email or a number.
 */
export function useKycQueue(status: KycReviewStatus, q: string | null) {
  return usePagedList([...queryKeys.staffKyc, 'queue', status, q], (cursor) =>
    api('GET', withQuery('/api/v1/staff/kyc/queue', { status, q, cursor }), {
      schema: kycQueueSchema,
    }),
  );
}
