/**
 * Signing in with a passkey, fetched when its button is pressed (never with the sign-in page:
 * issue 8's budget): the server's options, the browser's prompt for any passkey of this bank,
 * then the server's outcome, the same as the password sign-in's.
 */
import { authOutcomeSchema, passkeyOptionsSchema, type AuthOutcome } from '@bank/contract';
import { api, errorMessage } from '../../../lib/api';
import { isPasskeyCancelled, passkeyBrowserMessage, signWithPasskey } from '../../../lib/passkeys';

export type PasskeySignin = { outcome: AuthOutcome } | { tone: 'info' | 'error'; message: string };

export async function signInWithPasskey(): Promise<PasskeySignin> {
  try {
    const options = await api('POST', '/api/v1/auth/passkey/options', {
      schema: passkeyOptionsSchema,
    });
    const response = await signWithPasskey(options);
    const outcome = await api('POST', '/api/v1/auth/passkey', {
      schema: authOutcomeSchema,
      body: { response },
    });
    return { outcome };
  } catch (error) {
    const browser = passkeyBrowserMessage(error);
    if (browser) return { tone: isPasskeyCancelled(error) ? 'info' : 'error', message: browser };
    return { tone: 'error', message: errorMessage(error) };
  }
}
