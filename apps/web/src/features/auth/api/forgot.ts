import { messageSchema, type emailOnlySchema } from '@bank/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export function forgot(body: z.input<typeof emailOnlySchema>) {
  return api('POST', '/api/v1/auth/forgot', { body, schema: messageSchema });
}

export function useForgot() {
  return useMutation({ mutationFn: forgot });
}
