import { authOutcomeSchema, type AuthOutcome } from '@bank/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useForgetSessionData } from '../../../lib/session';

export async function verifyEmail(body: { email: string; code: string }): Promise<AuthOutcome> {
  return authOutcomeSchema.parse(await api<unknown>('POST', '/api/v1/auth/verify-email', body));
}

/** A new session starts: whatever was read under an earlier one is forgotten first. */
export function useVerifyEmail() {
  const forgetSessionData = useForgetSessionData();
  return useMutation({ mutationFn: verifyEmail, onSuccess: () => forgetSessionData() });
}
