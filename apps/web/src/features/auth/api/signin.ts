import { authOutcomeSchema, type signinSchema } from '@bank/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { useForgetSessionData } from '../../../lib/session';

/** Email and password, and the emailed code once the server asked for it (`signin_code`). */
export type SigninRequest = z.input<typeof signinSchema>;

export function signin(body: SigninRequest) {
  return api('POST', '/api/v1/auth/signin', { body, schema: authOutcomeSchema });
}

/** A new session starts: whatever was read under an earlier one is forgotten first. */
export function useSignin() {
  const forgetSessionData = useForgetSessionData();
  return useMutation({ mutationFn: signin, onSuccess: () => forgetSessionData() });
}
