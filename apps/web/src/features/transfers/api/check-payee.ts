import { payeeCheckSchema, type PayeeCheckRequestInput } from '@bank/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * Confirmation of payee: the account number of a customer of this bank and the name the
 * customer knows them by; the answer is the holder's masked name, how the name compares, and
 * the token the transfer carries.
 */
export function useCheckPayee() {
  return useMutation({
    mutationFn: (input: PayeeCheckRequestInput) =>
      api('POST', '/api/v1/transfers/payee-checks', { body: input, schema: payeeCheckSchema }),
  });
}
