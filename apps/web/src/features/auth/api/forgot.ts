import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function forgot(body: { email: string }): Promise<{ message: string }> {
  return api<{ message: string }>('POST', '/api/v1/auth/forgot', body);
}

export function useForgot() {
  return useMutation({ mutationFn: forgot });
}
