import { authOutcomeSchema, type verifyEmailSchema } from '@bank/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { useForgetSessionData } from '../../../lib/session';

export function verifyEmail(body: z.input<typeof verifyEmailSchema>) {
  return api('POST', '/api/v1/auth/verify-email', { body, schema: authOutcomeSchema });
}

/** A new session starts: whatever was read under an earlier one is forgotten first. */
export function useVerifyEmail() {
  const forgetSessionData = useForgetSessionData();
  return useMutation({ mutationFn: verifyEmail, onSuccess: () => forgetSessionData() });
}
