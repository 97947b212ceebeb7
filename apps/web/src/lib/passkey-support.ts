/**
 * Whether this page can use passkeys, told without loading the WebAuthn library (the sign-in
 * page's budget, issue 8): null when it can, else why not. WebAuthn refuses an address that is
 * a number (IPv4, or IPv6 with its colons): the server's relying party is a host name.
 */
export function passkeyBlocker(): string | null {
  if (/^[\d.]+$|:/.test(location.hostname)) {
    return 'Passkeys need the bank’s address to be a name, such as localhost, not a number.';
  }
  // What @simplewebauthn/browser's browserSupportsWebAuthn() checks.
  return typeof window.PublicKeyCredential === 'function'
    ? null
    : 'This browser cannot use passkeys.';
}
