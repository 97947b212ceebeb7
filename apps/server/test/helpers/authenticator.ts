import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator for the passkey suites: a P-256 key per credential, a signature
 * counter, user verification, and the browser's part (clientDataJSON with the origin it runs
 * at). It answers WebAuthn options as a browser with a platform authenticator would, and can be
 * made to misbehave (another origin, a counter moved backwards) to see the server refuse.
 */

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

interface Credential {
  id: Buffer;
  key: KeyObject;
  userHandle: string;
  counter: number;
}

export interface AuthenticatorOptions {
  origin?: string;
  /** Whether the authenticator verifies the user (fingerprint, PIN); required by the bank. */
  userVerified?: boolean;
  /** Signature counter moves by this each use (0: a synced passkey that keeps none). */
  counterStep?: number;
}

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = [];
  origin: string;
  userVerified: boolean;
  counterStep: number;

  constructor(options: AuthenticatorOptions = {}) {
    this.origin = options.origin ?? 'http://localhost:3000';
    this.userVerified = options.userVerified ?? true;
    this.counterStep = options.counterStep ?? 1;
  }

  private authData(rpId: string, counter: number, attested?: Credential) {
    // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
    const flags = 0x01 | (this.userVerified ? 0x04 : 0) | (attested ? 0x40 : 0);
    const parts: Buffer[] = [sha256(rpId), Buffer.from([flags]), u32(counter)];
    if (attested) {
      const jwk = attested.key.export({ format: 'jwk' }) as { x: string; y: string };
      const cose = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2], // kty: EC2
          [3, -7], // alg: ES256
          [-1, 1], // crv: P-256
          [-2, Buffer.from(jwk.x, 'base64url')],
          [-3, Buffer.from(jwk.y, 'base64url')],
        ]),
      );
      const length = Buffer.alloc(2);
      length.writeUInt16BE(attested.id.length);
      parts.push(Buffer.alloc(16), length, attested.id, Buffer.from(cose));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string) {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }),
    );
  }

  /** Answers registration options (navigator.credentials.create): a new discoverable credential. */
  register(options: { challenge: string; rp: { id?: string }; user: { id: string } }) {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credential: Credential = {
      id: randomBytes(32),
      key: privateKey,
      userHandle: options.user.id,
      counter: 0,
    };
    credential.counter += this.counterStep;
    const authData = this.authData(options.rp.id ?? 'localhost', credential.counter, credential);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    );
    this.credentials.push(credential);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /**
   * Answers authentication options (navigator.credentials.get) with `credential` (by default
   * the first one the options allow, or the first this authenticator holds).
   */
  assert(
    options: { challenge: string; rpId?: string; allowCredentials?: { id: string }[] },
    credential?: Credential,
  ) {
    const allowed = options.allowCredentials?.map((c) => c.id) ?? [];
    const chosen =
      credential ??
      this.credentials.find((c) => allowed.length === 0 || allowed.includes(b64url(c.id)));
    if (!chosen) throw new Error('no credential for these options');
    chosen.counter += this.counterStep;
    const authData = this.authData(options.rpId ?? 'localhost', chosen.counter);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), chosen.key);
    return {
      id: b64url(chosen.id),
      rawId: b64url(chosen.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: chosen.userHandle,
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}

function u32(n: number) {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(n);
  return buffer;
}
