import { authOutcomeSchema, type AuthOutcome } from '@bank/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useForgetSessionData } from '../../../lib/session';

export async function signin(body: { email: string; password: string }): Promise<AuthOutcome> {
  return authOutcomeSchema.parse(await api<unknown>('POST', '/api/v1/auth/signin', body));
}

/** A new session starts: whatever was read under an earlier one is forgotten first. */
export function useSignin() {
  const forgetSessionData = useForgetSessionData();
  return useMutation({ mutationFn: signin, onSuccess: () => forgetSessionData() });
}
