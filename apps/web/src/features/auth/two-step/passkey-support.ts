import { passkeyObstacle } from '../../../lib/passkey-support';

/**
 * Why this browser cannot use a passkey at the second step, or null when it can try; the
 * recovery code is the way on.
 */
export function passkeyUnavailableReason(
  hostname = window.location.hostname,
  hasWebAuthn = typeof window.PublicKeyCredential === 'function',
): string | null {
  switch (passkeyObstacle(hostname, hasWebAuthn)) {
    case 'ip_address':
      return 'Passkeys work only when the bank is opened by its name, not by an IP address such as this one. Open it by its name, or use a recovery code.';
    case 'no_webauthn':
      return 'This browser cannot use passkeys. Try an up-to-date browser, or use a recovery code.';
    case null:
      return null;
  }
}
