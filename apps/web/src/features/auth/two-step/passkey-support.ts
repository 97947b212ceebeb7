/** An IPv4 address, or an IPv6 one as `location.hostname` gives it (in brackets). */
const IP_ADDRESS = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

/**
 * Why this browser cannot use a passkey here, or null when it can try: WebAuthn binds a passkey
 * to a host name, so a page opened at an IP address never gets one, and old browsers lack it.
 */
export function passkeyUnavailableReason(
  hostname = window.location.hostname,
  hasWebAuthn = typeof window.PublicKeyCredential === 'function',
): string | null {
  if (IP_ADDRESS.test(hostname)) {
    return 'Passkeys work only when the bank is opened by its name, not by an IP address such as this one. Open it by its name, or use a recovery code.';
  }
  if (!hasWebAuthn) {
    return 'This browser cannot use passkeys. Try an up-to-date browser, or use a recovery code.';
  }
  return null;
}
