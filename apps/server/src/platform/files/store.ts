import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../errors.js';
import type { BlobBackend } from './backends/types.js';
import type { AcceptedFile } from './intake.js';
import { isFileKey } from './keys.js';
import { createUploadSealer, isSealed } from './sealing.js';

export { FILE_KEY_PATTERN, isFileKey } from './keys.js';

/**
 * The private store for accepted uploads (decision 32): one interface whatever keeps the bytes
 * (a folder, the database, an S3-compatible bucket; the configuration picks). Every upload is
 * sealed before it leaves the process (./sealing.ts) and opened only here; keys are 128 random
 * bits and the extension, never the uploaded name. Who may read a file is decided by the
 * modules that refer to it (owner or staff permission); the store only keeps bytes.
 */
export interface FileStore {
  /** Which backend keeps new uploads. */
  readonly kind: BlobBackend['kind'];
  /** The folder new uploads go to, when the store is the local one. */
  readonly folder: string | undefined;
  put(file: AcceptedFile): Promise<{ key: string }>;
  read(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
  /** Keys written before `before` that the orphan sweep should check against the registry. */
  sweepCandidates(before: Date): AsyncIterable<string>;
}

const EXTENSIONS = new Set(['jpg', 'webp', 'pdf']);

export function createFileStore(options: {
  backend: BlobBackend;
  secretKey: string;
  /**
   * The folder uploads were kept in before this store (DATA_DIR/uploads): read when the backend
   * has no such key, and emptied of a key when it is removed (decision 32, files stored before).
   */
  earlier?: BlobBackend | undefined;
}): FileStore {
  const { backend, earlier } = options;
  const sealer = createUploadSealer(options.secretKey);
  const notFound = () => new AppError('NOT_FOUND', 'The file was not found.');
  const checkKey = (key: string) => {
    if (!isFileKey(key)) throw new AppError('BAD_REQUEST', 'The file reference is not valid.');
  };

  /**
   * A sealed blob is opened (and fails loudly if altered). Uploads written to the folder before
   * sealing existed are plain JPEG, WebP or PDF, which never start with the seal's marker; they
   * are read as they are, from a folder only (the database and the bucket only ever held
   * sealed blobs).
   */
  const unseal = (key: string, blob: Buffer, from: BlobBackend) => {
    if (isSealed(blob)) return sealer.open(key, blob);
    if (from.kind === 'local') return blob;
    throw new Error(`upload ${key} in the ${from.kind} store is not sealed`);
  };

  return {
    kind: backend.kind,
    folder: 'root' in backend && typeof backend.root === 'string' ? backend.root : undefined,
    async put(file) {
      if (!Buffer.isBuffer(file.data) || file.data.length === 0) {
        throw new TypeError('FileStore.put: file data must be a non-empty Buffer');
      }
      if (!EXTENSIONS.has(file.extension)) {
        throw new TypeError('FileStore.put: unsupported extension');
      }
      // Only what acceptUpload produced goes in; a hand-built or modified object is a bug.
      if (createHash('sha256').update(file.data).digest('hex') !== file.sha256) {
        throw new TypeError('FileStore.put: sha256 does not match the data');
      }
      const key = `${randomBytes(16).toString('hex')}.${file.extension}`;
      await backend.create(key, sealer.seal(key, file.data));
      return { key };
    },

    async read(key) {
      checkKey(key);
      const blob = await backend.get(key);
      if (blob) return unseal(key, blob, backend);
      const before = await earlier?.get(key);
      if (before && earlier) return unseal(key, before, earlier);
      throw notFound();
    },

    async remove(key) {
      checkKey(key);
      await backend.delete(key);
      await earlier?.delete(key);
    },

    sweepCandidates(before) {
      return backend.sweepCandidates(before);
    },
  };
}
