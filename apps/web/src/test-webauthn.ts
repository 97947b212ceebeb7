/**
 * A browser with passkeys, for web tests: `navigator.credentials` answering as an authenticator
 * would (the real @simplewebauthn/browser turns its answers into JSON), or refusing as a closed
 * prompt does. `removeWebAuthn` puts jsdom back as it was (no WebAuthn).
 */
import { vi } from 'vitest';

const bytes = (text: string) => new TextEncoder().encode(text).buffer;

/** What `navigator.credentials.create` gives for a new passkey. */
export function madeCredential() {
  return {
    id: 'Y3JlZGVudGlhbC1vbmUtMTIzNDU2',
    rawId: bytes('credential-one-123456'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: bytes('{"type":"webauthn.create"}'),
      attestationObject: bytes('attestation-object'),
      getTransports: () => ['internal'],
    },
    getClientExtensionResults: () => ({}),
  };
}

/** What `navigator.credentials.get` gives when a passkey signed the challenge. */
export function signedAssertion() {
  return {
    id: 'Y3JlZGVudGlhbC1vbmUtMTIzNDU2',
    rawId: bytes('credential-one-123456'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: bytes('{"type":"webauthn.get"}'),
      authenticatorData: bytes('authenticator-data'),
      signature: bytes('signature'),
      userHandle: bytes('user-7'),
    },
    getClientExtensionResults: () => ({}),
  };
}

/** The browser's answer when the person closes its prompt (or it times out). */
export const promptClosed = () =>
  new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');

/** Options as the server sends them (the fields the library reads). */
export const REGISTRATION_OPTIONS = {
  challenge: 'Y2hhbGxlbmdlLW9uZQ',
  rp: { name: 'Cedar Bank', id: 'localhost' },
  user: { id: 'dXNlci03', name: 'ada@example.com', displayName: 'Ada Lovelace' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
  excludeCredentials: [],
};
export const AUTHENTICATION_OPTIONS = {
  challenge: 'Y2hhbGxlbmdlLXR3bw',
  rpId: 'localhost',
  allowCredentials: [],
  userVerification: 'required',
};

export function fakeWebAuthn() {
  const create = vi.fn(async (_options: unknown): Promise<unknown> => madeCredential());
  const get = vi.fn(async (_options: unknown): Promise<unknown> => signedAssertion());
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: { create, get } });
  return { create, get };
}

export function removeWebAuthn() {
  Reflect.deleteProperty(navigator, 'credentials');
  vi.unstubAllGlobals();
}
