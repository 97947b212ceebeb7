import type { SignupRequest } from '@bank/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface SignupResponse {
  email: string;
  message: string;
}

export function signup(body: SignupRequest): Promise<SignupResponse> {
  return api<SignupResponse>('POST', '/api/v1/auth/signup', body);
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
