import { authOutcomeSchema, type AuthOutcome } from '@bank/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export async function signin(body: { email: string; password: string }): Promise<AuthOutcome> {
  return authOutcomeSchema.parse(await api<unknown>('POST', '/api/v1/auth/signin', body));
}

export function useSignin() {
  return useMutation({ mutationFn: signin });
}
