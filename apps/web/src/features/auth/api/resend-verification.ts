import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function resendVerification(email: string): Promise<{ message: string }> {
  return api<{ message: string }>('POST', '/api/v1/auth/resend-verification', { email });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
