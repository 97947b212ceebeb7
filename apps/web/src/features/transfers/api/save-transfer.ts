import { transferSchema, type TransferDetailsInput } from '@bank/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { api } from '../../../lib/api';
import { queries } from '../../../lib/queries';
import { transferPath } from './paths';

/**
 * The send form's details, as a new transfer (POST) or as the new details of a draft being
 * edited (PUT; the server takes it back to the draft stage). A new transfer carries an
 * Idempotency-Key, kept while the details sent stay the same: a retry after a lost answer
 * gets the transfer already made, never a second one.
 */
export function useSaveTransfer(editingId: string | null) {
  const queryClient = useQueryClient();
  const attempt = useRef<{ key: string; body: string } | null>(null);
  return useMutation({
    mutationFn: (fields: TransferDetailsInput) => {
      if (editingId) {
        return api('PUT', transferPath(editingId), { body: fields, schema: transferSchema });
      }
      const body = JSON.stringify(fields);
      if (attempt.current?.body !== body) attempt.current = { key: crypto.randomUUID(), body };
      return api('POST', '/api/v1/transfers', {
        body: fields,
        schema: transferSchema,
        headers: { 'Idempotency-Key': attempt.current.key },
      });
    },
    onSuccess: (transfer) =>
      queryClient.setQueryData(queries.transfer(transfer.id).queryKey, transfer),
  });
}
