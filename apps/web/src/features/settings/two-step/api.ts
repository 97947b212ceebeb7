import {
  forgottenBrowsersSchema,
  messageSchema,
  mfaSetupSchema,
  recoveryCodesSchema,
} from '@bank/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queries';

const BASE = '/api/v1/settings/second-factor';

/** A change to two-step sign-in: the status shown beside it is read again afterwards. */
function useSecondFactorChange<V, T>(mutationFn: (value: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.secondFactor }),
  });
}

/** A new authenticator key and its QR code; nothing is on until a code confirms it. */
export function useStartAuthenticator() {
  return useMutation({
    mutationFn: () => api('POST', `${BASE}/authenticator/setup`, { schema: mfaSetupSchema }),
  });
}

/** Turns it on with the app, confirmed by the app's code: answers the ten recovery codes. */
export function useTurnOnWithAuthenticator() {
  return useSecondFactorChange((code: string) =>
    api('POST', `${BASE}/authenticator`, { body: { code }, schema: recoveryCodesSchema }),
  );
}

/** Turns it on with the customer's passkeys (they need one): answers the recovery codes. */
export function useTurnOnWithPasskey() {
  return useSecondFactorChange(() =>
    api('POST', `${BASE}/passkey`, { schema: recoveryCodesSchema }),
  );
}

export function useTurnOff() {
  return useSecondFactorChange((currentPassword: string) =>
    api('POST', `${BASE}/off`, { body: { currentPassword }, schema: messageSchema }),
  );
}

/** Ten new recovery codes; the old ones stop working. */
export function useNewRecoveryCodes() {
  return useSecondFactorChange((currentPassword: string) =>
    api('POST', `${BASE}/recovery-codes`, {
      body: { currentPassword },
      schema: recoveryCodesSchema,
    }),
  );
}

/** Every remembered browser, this one too, asks for the second step again at its next sign-in. */
export function useForgetBrowsers() {
  return useSecondFactorChange(() =>
    api('POST', `${BASE}/forget-browsers`, { schema: forgottenBrowsersSchema }),
  );
}
