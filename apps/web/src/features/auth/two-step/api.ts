import { authOutcomeSchema, passkeyOptionsSchema } from '@bank/contract';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useForgetSessionData } from '../../../lib/session';
import type { SecondFactor } from '../second-factor/api';

/** The browser's prompt ended without a passkey's answer (closed, timed out, none here). */
export const PASSKEY_DID_NOT_ANSWER =
  'Your passkey did not answer: the request was cancelled or timed out, or the passkey is not on this device. Try again, or use a recovery code.';

/** The customer's sign-in, finished: whatever was read under the half-open session goes. */
function useFinishSignin<V>(mutationFn: (value: V) => ReturnType<typeof verifyCode>) {
  const forgetSessionData = useForgetSessionData();
  return useMutation({ mutationFn, onSuccess: () => forgetSessionData() });
}

function verifyCode(factor: SecondFactor) {
  return api('POST', '/api/v1/auth/second-factor', { body: factor, schema: authOutcomeSchema });
}

/** The authenticator app's code, or a recovery code: the answer says where to go next. */
export function useVerifyCode() {
  return useFinishSignin(verifyCode);
}

/**
 * The passkey as the second factor: the server's challenge, the browser's passkey prompt, the
 * signed answer. The WebAuthn library is fetched on the first press, never with the page.
 */
async function verifyPasskey() {
  const options = await api('POST', '/api/v1/auth/mfa/passkey/options', {
    schema: passkeyOptionsSchema,
  });
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return api('POST', '/api/v1/auth/mfa/passkey', {
    body: { response },
    schema: authOutcomeSchema,
  });
}

export function useVerifyPasskey() {
  return useFinishSignin(verifyPasskey);
}
