import {
  passkeyOptionsSchema,
  transferSchema,
  transferStepSchema,
  type TransferStep,
} from '@bank/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { signWithPasskey } from '../../../lib/passkeys';
import { queries, queryKeys } from '../../../lib/queries';
import { transferPath } from './paths';

/** The customer saw the server's charge and agrees: the transfer moves on to the PIN. */
export function useConfirmTransfer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST', `${transferPath(id)}/confirm`, { schema: transferSchema }),
    onSuccess: (transfer) => queryClient.setQueryData(queries.transfer(id).queryKey, transfer),
  });
}

/**
 * The steps after confirm, each answering what comes next (TransferStep): the PIN, the emailed
 * authorization code (or the customer's passkey instead, its challenge bound to this transfer's
 * amount and payee), a new code, and the submission. Each answer's transfer replaces the one
 * read; a submitted transfer moved money, so the account, the transfer list, the beneficiaries
 * (one may have been saved) and the notifications are read again.
 */
export function useTransferSteps(id: string) {
  const queryClient = useQueryClient();
  const path = transferPath(id);
  const post = (step: string, body?: unknown) =>
    api('POST', `${path}/${step}`, { schema: transferStepSchema, body });
  const keep = (step: TransferStep) =>
    queryClient.setQueryData(queries.transfer(id).queryKey, step.transfer);
  return {
    pin: useMutation({ mutationFn: (pin: string) => post('pin', { pin }), onSuccess: keep }),
    code: useMutation({ mutationFn: (code: string) => post('code', { code }), onSuccess: keep }),
    passkey: useMutation({
      mutationFn: async () => {
        const options = await api('POST', `${path}/passkey/options`, {
          schema: passkeyOptionsSchema,
        });
        return post('passkey', { response: await signWithPasskey(options) });
      },
      onSuccess: keep,
    }),
    resend: useMutation({ mutationFn: () => post('code/resend'), onSuccess: keep }),
    submit: useMutation({
      mutationFn: () => post('submit'),
      onSuccess: (step) => {
        keep(step);
        if (step.next !== 'done') return;
        for (const queryKey of [
          queryKeys.account,
          queries.transfers().queryKey,
          queryKeys.beneficiaries,
          queryKeys.notifications,
        ]) {
          void queryClient.invalidateQueries({ queryKey });
        }
      },
    }),
  };
}
