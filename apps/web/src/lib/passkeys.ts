/**
 * The browser's side of passkeys (WebAuthn) through @simplewebauthn/browser, which is fetched
 * the first time a passkey button is pressed, never with a page (the sign-in page's budget).
 * The server's options go to the browser as they are; its answer goes back to the server.
 */
import type { PasskeyOptions } from '@bank/contract';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';

const webAuthn = () => import('@simplewebauthn/browser');

/** Asks the browser to make a passkey with the server's registration options. */
export async function makePasskey(options: PasskeyOptions): Promise<RegistrationResponseJSON> {
  const { startRegistration } = await webAuthn();
  return startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
}

/** Asks the browser to sign the server's challenge with one of the person's passkeys. */
export async function signWithPasskey(
  options: PasskeyOptions,
): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await webAuthn();
  return startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
}

/** The browser's prompt closed without a passkey: cancelled, timed out or refused by the person. */
export const PASSKEY_CANCELLED =
  'No passkey was used: the request was cancelled or timed out. Try again when you are ready.';

/** The DOMException's name: the library's WebAuthnError carries it, and the original as cause. */
function errorName(error: unknown): string | null {
  const { name, cause } = (error ?? {}) as { name?: unknown; cause?: { name?: unknown } };
  if (typeof cause?.name === 'string') return cause.name;
  return typeof name === 'string' ? name : null;
}

/**
 * What the person reads when the browser's part failed, or null when the error is not the
 * browser's (a refusal from the server: the caller shows its words). A cancelled prompt is said
 * calmly: people close it on purpose.
 */
export function passkeyBrowserMessage(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return 'This device already holds a passkey for your account. You can use it to sign in.';
  }
  switch (errorName(error)) {
    case 'NotAllowedError':
    case 'AbortError':
      return PASSKEY_CANCELLED;
    case 'InvalidStateError':
      return 'This device already holds a passkey for your account. You can use it to sign in.';
    case 'SecurityError':
      return 'This browser refused the passkey for this address. Open the bank at its usual address and try again.';
    case 'NotSupportedError':
    case 'ConstraintError':
      return 'This device cannot make a passkey of the kind the bank needs (one that checks your fingerprint, face or screen lock).';
  }
  if (error instanceof Error && /WebAuthn is not supported/.test(error.message)) {
    return 'This browser cannot use passkeys. Try an up-to-date Chrome, Edge, Firefox or Safari.';
  }
  return null;
}

/** The cancelled prompt: said as information, not as a failure. */
export function isPasskeyCancelled(error: unknown): boolean {
  return passkeyBrowserMessage(error) === PASSKEY_CANCELLED;
}
