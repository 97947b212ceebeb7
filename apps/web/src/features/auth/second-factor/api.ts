import { mfaVerifiedSchema, recoveryCodesSchema } from '@bank/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** What finishes a staff sign-in: the app's current code, or one of the recovery codes. */
export type SecondFactor = { code: string } | { recoveryCode: string };

/** Confirms the authenticator app with its first code: the answer is the recovery codes (once). */
export function useEnrolAuthenticator() {
  return useMutation({
    mutationFn: (code: string) =>
      api('POST', '/api/v1/auth/mfa/enrol', { body: { code }, schema: recoveryCodesSchema }),
  });
}

/** Finishes the sign-in; the answer says how many recovery codes are left. */
export function useVerifySecondFactor() {
  return useMutation({
    mutationFn: (factor: SecondFactor) =>
      api('POST', '/api/v1/auth/mfa/verify', { body: factor, schema: mfaVerifiedSchema }),
  });
}
