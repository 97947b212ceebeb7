import { messageSchema } from '@bank/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function resendVerification(email: string) {
  return api('POST', '/api/v1/auth/resend-verification', {
    body: { email },
    schema: messageSchema,
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
