import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, unlink } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../errors.js';
import type { AcceptedFile } from './intake.js';

/**
 * Private on-disk store for accepted uploads. Must live outside any web root (the caller passes
 * DATA_DIR/uploads). Keys are 128 random bits + extension; the original file name is never part
 * of the path. Layout: <root>/<k[0..2]>/<k[2..4]>/<key>, directories 0700, files 0600.
 */

export const FILE_KEY_PATTERN = /^[0-9a-f]{32}\.(?:jpg|webp|pdf)$/;
const EXTENSIONS = new Set(['jpg', 'webp', 'pdf']);

export interface FileStore {
  /** The folder the files live under. */
  readonly root: string;
  put(file: AcceptedFile): Promise<{ key: string }>;
  read(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
}

export function isFileKey(key: unknown): key is string {
  return typeof key === 'string' && FILE_KEY_PATTERN.test(key);
}

function isErrno(err: unknown, code: string): boolean {
  return err instanceof Error && (err as NodeJS.ErrnoException).code === code;
}

export function createFileStore(root: string): FileStore {
  if (typeof root !== 'string' || !path.isAbsolute(root)) {
    throw new TypeError('createFileStore: root must be an absolute path');
  }
  const base = path.resolve(root);

  function dirFor(key: string): string {
    return path.join(base, key.slice(0, 2), key.slice(2, 4));
  }

  function pathFor(key: string): string {
    if (!isFileKey(key)) throw new AppError('BAD_REQUEST', 'The file reference is not valid.');
    return path.join(dirFor(key), key);
  }

  const notFound = () => new AppError('NOT_FOUND', 'The file was not found.');

  return {
    root: base,
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
      const dir = dirFor(key);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const target = path.join(dir, key);
      // 'wx': never overwrite (a collision of 128 random bits means something is badly wrong).
      const handle = await open(target, 'wx', 0o600);
      try {
        await handle.writeFile(file.data);
        await handle.sync();
      } catch (err) {
        await handle.close().catch(() => undefined);
        await unlink(target).catch(() => undefined);
        throw err;
      }
      await handle.close();
      return { key };
    },

    async read(key) {
      const target = pathFor(key);
      let handle;
      try {
        handle = await open(target, constants.O_RDONLY | constants.O_NOFOLLOW);
      } catch (err) {
        if (isErrno(err, 'ENOENT') || isErrno(err, 'ELOOP') || isErrno(err, 'ENOTDIR')) {
          throw notFound();
        }
        throw err;
      }
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) throw notFound();
        return await handle.readFile();
      } finally {
        await handle.close();
      }
    },

    async remove(key) {
      const target = pathFor(key);
      try {
        await unlink(target);
      } catch (err) {
        // Idempotent: removing something already gone is not an error.
        if (isErrno(err, 'ENOENT')) return;
        throw err;
      }
    },
  };
}
