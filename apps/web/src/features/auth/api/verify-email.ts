import { authOutcomeSchema, type AuthOutcome } from '@bank/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export async function verifyEmail(body: { email: string; code: string }): Promise<AuthOutcome> {
  return authOutcomeSchema.parse(await api<unknown>('POST', '/api/v1/auth/verify-email', body));
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
