import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Every stored upload is sealed, whichever store keeps it (decision 32): AES-256-GCM under a key
 * derived from SECRET_KEY for this one use (HKDF, as platform/security/seal.ts does for staff
 * TOTP keys), with the storage key as associated data, so that a blob copied under another key,
 * cut short or altered does not open. A copy of the database, the bucket or the data folder
 * alone shows nothing. Layout: "CBU1" | 12-byte IV | 16-byte tag | ciphertext.
 */
const MAGIC = Buffer.from('CBU1', 'latin1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SEAL_OVERHEAD = MAGIC.length + IV_BYTES + TAG_BYTES;

export interface UploadSealer {
  seal(storageKey: string, data: Buffer): Buffer;
  /** The data, or throws when the blob is not this key's sealed blob. */
  open(storageKey: string, sealed: Buffer): Buffer;
}

/** True for bytes in the sealed layout (uploads kept before sealing are JPEG, WebP or PDF). */
export function isSealed(blob: Buffer): boolean {
  return blob.length > SEAL_OVERHEAD && blob.subarray(0, MAGIC.length).equals(MAGIC);
}

export function createUploadSealer(secretKey: string): UploadSealer {
  const key = Buffer.from(hkdfSync('sha256', secretKey, 'cedar-bank-seal', 'uploads', 32));
  return {
    seal(storageKey, data) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(storageKey, 'latin1'));
      const body = Buffer.concat([cipher.update(data), cipher.final()]);
      return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]);
    },
    open(storageKey, sealed) {
      if (!isSealed(sealed)) throw new Error('not a sealed upload');
      const iv = sealed.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
      const tag = sealed.subarray(MAGIC.length + IV_BYTES, SEAL_OVERHEAD);
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(storageKey, 'latin1'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed.subarray(SEAL_OVERHEAD)), decipher.final()]);
    },
  };
}
