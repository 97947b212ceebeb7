import {
  staffTransferQueueSchema,
  staffTransferDetailSchema,
  type StaffTransferDetail,
  type TransferStatus,
} from '@bank/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { usePagedList, withQuery } from '../shared/queue-pages';

/**
 * The staff processing of outgoing transfers: queue and transfers, under one prefix. Kept with
 * the back office rather than in lib/queries.ts: nothing outside it reads them.
 */
export const staffTransfersKey = ['staff', 'transfers'] as const;

function transferPath(id: string): string {
  return `/api/v1/staff/transfers/${encodeURIComponent(id)}`;
}

/**
 * The transfers of one status, a page at a time: in progress oldest first, decided ones newest
 * decision first; `q` searches the customer's name, email or a number, `amount` the amount sent.
 */
export function useTransferQueue(status: TransferStatus, q: string | null, amount: string | null) {
  return usePagedList([...staffTransfersKey, 'queue', status, q, amount], (cursor) =>
    api('GET', withQuery('/api/v1/staff/transfers', { status, q, amount, cursor }), {
      schema: staffTransferQueueSchema,
    }),
  );
}

export const staffTransferQueries = {
  transfer: (id: string) =>
    queryOptions({
      queryKey: [...staffTransfersKey, 'transfer', id],
      queryFn: () => api('GET', transferPath(id), { schema: staffTransferDetailSchema }),
    }),
};

/**
 * Mark successful with the reference of the payment as sent, or failed with a reason (the
 * server refunds the customer). The answer is the decided transfer, shown at once; either way,
 * a refusal included (e.g. a colleague decided first), the queue and the transfer are read again.
 */
export function useTransferDecision(id: string) {
  const queryClient = useQueryClient();
  const path = transferPath(id);
  const onSuccess = (decided: StaffTransferDetail) =>
    queryClient.setQueryData(staffTransferQueries.transfer(id).queryKey, decided);
  const onSettled = () => queryClient.invalidateQueries({ queryKey: staffTransfersKey });
  return {
    complete: useMutation({
      mutationFn: (reference: string) =>
        api('POST', `${path}/complete`, { body: { reference }, schema: staffTransferDetailSchema }),
      onSuccess,
      onSettled,
    }),
    fail: useMutation({
      mutationFn: (reason: string) =>
        api('POST', `${path}/fail`, { body: { reason }, schema: staffTransferDetailSchema }),
      onSuccess,
      onSettled,
    }),
  };
}
