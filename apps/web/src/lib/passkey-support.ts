/**
 * Whether this page can use passkeys, told without loading the WebAuthn library (the sign-in
 * page's budget, issue 8). WebAuthn refuses an address that is a number (IPv4, or IPv6 in its
 * brackets): the server's relying party is a host name. Old browsers lack WebAuthn altogether.
 */
export type PasskeyObstacle = 'ip_address' | 'no_webauthn';

export function passkeyObstacle(
  hostname = window.location.hostname,
  // What @simplewebauthn/browser's browserSupportsWebAuthn() checks.
  hasWebAuthn = typeof window.PublicKeyCredential === 'function',
): PasskeyObstacle | null {
  if (/^[\d.]+$|:/.test(hostname)) return 'ip_address';
  return hasWebAuthn ? null : 'no_webauthn';
}

/** Why passkeys cannot work on this page (null: they can), where one is offered. */
export function passkeyBlocker(): string | null {
  switch (passkeyObstacle()) {
    case 'ip_address':
      return 'Passkeys need the bank’s address to be a name, such as localhost, not a number.';
    case 'no_webauthn':
      return 'This browser cannot use passkeys.';
    case null:
      return null;
  }
}
