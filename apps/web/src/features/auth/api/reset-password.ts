import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface ResetPasswordRequest {
  email: string;
  code: string;
  newPassword: string;
}

export function resetPassword(body: ResetPasswordRequest): Promise<{ message: string }> {
  return api<{ message: string }>('POST', '/api/v1/auth/reset', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
