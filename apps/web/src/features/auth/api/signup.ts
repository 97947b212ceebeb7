import { signupAcceptedSchema, type SignupRequest } from '@bank/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function signup(body: SignupRequest) {
  return api('POST', '/api/v1/auth/signup', { body, schema: signupAcceptedSchema });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
