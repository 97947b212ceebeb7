import { messageSchema, type resetPasswordSchema } from '@bank/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export function resetPassword(body: z.input<typeof resetPasswordSchema>) {
  return api('POST', '/api/v1/auth/reset', { body, schema: messageSchema });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
