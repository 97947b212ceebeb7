import {
  receiptVerificationSchema,
  transactionDetailSchema,
  transferSchema,
  type Transfer,
} from '@bank/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queries, queryKeys } from '../../lib/queries';

/** One line of the account, with the customer's transfer it belongs to (if any). */
export const transactionQuery = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.account, 'transaction', id],
    queryFn: () =>
      api('GET', `/api/v1/transactions/${encodeURIComponent(id)}`, {
        schema: transactionDetailSchema,
      }),
  });

/** What the bank's public page confirms about a receipt (no session needed). */
export const receiptCheckQuery = (reference: string) =>
  queryOptions({
    queryKey: ['receipts', 'check', reference],
    queryFn: () =>
      api('GET', `/api/v1/receipts/${encodeURIComponent(reference)}`, {
        schema: receiptVerificationSchema,
      }),
    retry: false,
  });

export const transferReceiptPath = (id: string) =>
  `/api/v1/transfers/${encodeURIComponent(id)}/receipt.pdf`;
export const transactionReceiptPath = (id: string) =>
  `/api/v1/transactions/${encodeURIComponent(id)}/receipt.pdf`;

/**
 * Cancels a transfer staff have not sent: the refund posts at once. The transfer, the account
 * (balance, history) and the notifications are read again.
 */
export function useCancelTransfer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api('POST', `/api/v1/transfers/${encodeURIComponent(id)}/cancel`, { schema: transferSchema }),
    onSuccess: (transfer: Transfer) =>
      queryClient.setQueryData(queries.transfer(id).queryKey, transfer),
    onSettled: () =>
      Promise.all(
        [queryKeys.transfers, queryKeys.account, queryKeys.notifications].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
