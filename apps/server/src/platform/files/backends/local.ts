import { constants } from 'node:fs';
import { mkdir, open, readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { isFileKey } from '../keys.js';
import type { BlobBackend } from './types.js';

function isErrno(err: unknown, ...codes: string[]): boolean {
  return err instanceof Error && codes.includes((err as NodeJS.ErrnoException).code ?? '');
}

/**
 * A private folder (DATA_DIR/uploads, outside any web root): <root>/<k[0..2]>/<k[2..4]>/<key>,
 * directories 0700, files 0600, written with fsync, read without following links. One machine
 * only: the embedded default.
 */
export function localBackend(root: string): BlobBackend & { readonly root: string } {
  if (typeof root !== 'string' || !path.isAbsolute(root)) {
    throw new TypeError('localBackend: root must be an absolute path');
  }
  const base = path.resolve(root);
  const dirFor = (key: string) => path.join(base, key.slice(0, 2), key.slice(2, 4));

  return {
    kind: 'local',
    root: base,
    async create(key, blob) {
      const dir = dirFor(key);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const target = path.join(dir, key);
      const handle = await open(target, 'wx', 0o600);
      try {
        await handle.writeFile(blob);
        await handle.sync();
      } catch (err) {
        await handle.close().catch(() => undefined);
        await unlink(target).catch(() => undefined);
        throw err;
      }
      await handle.close();
    },

    async get(key) {
      let handle;
      try {
        handle = await open(path.join(dirFor(key), key), constants.O_RDONLY | constants.O_NOFOLLOW);
      } catch (err) {
        if (isErrno(err, 'ENOENT', 'ELOOP', 'ENOTDIR')) return undefined;
        throw err;
      }
      try {
        if (!(await handle.stat()).isFile()) return undefined;
        return await handle.readFile();
      } finally {
        await handle.close();
      }
    },

    async delete(key) {
      try {
        await unlink(path.join(dirFor(key), key));
      } catch (err) {
        if (isErrno(err, 'ENOENT')) return;
        throw err;
      }
    },

    async *sweepCandidates(before) {
      let levelOne: string[];
      try {
        levelOne = await readdir(base);
      } catch (error) {
        if (isErrno(error, 'ENOENT')) return;
        throw error;
      }
      for (const a of levelOne) {
        for (const b of await readdir(path.join(base, a)).catch(() => [] as string[])) {
          const dir = path.join(base, a, b);
          for (const name of await readdir(dir).catch(() => [] as string[])) {
            if (!isFileKey(name)) continue;
            const info = await stat(path.join(dir, name)).catch(() => null);
            if (info?.isFile() && info.mtimeMs < before.getTime()) yield name;
          }
        }
      }
    },
  };
}
