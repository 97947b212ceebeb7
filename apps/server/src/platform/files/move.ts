import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { BlobBackend } from './backends/types.js';
import { isFileKey } from './keys.js';
import { createUploadSealer, isSealed } from './sealing.js';

/**
 * Copies the uploads kept in the folder (DATA_DIR/uploads) into the configured store under the
 * same keys, sealed (decision 32). Only registered files (a stored_files row whose sha256 the
 * bytes match) are copied; what is already there is left alone, so the command can run again
 * after an interruption. With `removeAfter`, a file is removed from the folder once its copy
 * has been read back and opened. One file in memory at a time (at most 8 MB).
 */
export async function moveFolderUploads(options: {
  db: Kysely<DB>;
  folder: BlobBackend;
  target: BlobBackend;
  secretKey: string;
  removeAfter: boolean;
  log?: (line: string) => void;
}): Promise<{ copied: number; present: number; removed: number; skipped: string[] }> {
  const { db, folder, target } = options;
  const sealer = createUploadSealer(options.secretKey);
  const result = { copied: 0, present: 0, removed: 0, skipped: [] as string[] };
  // Every key in the folder, whatever its age (the sweep's listing, with a cut-off far ahead).
  const far = new Date(Date.now() + 365 * 24 * 3600_000);
  for await (const key of folder.sweepCandidates(far)) {
    if (!isFileKey(key)) continue;
    const row = await db
      .selectFrom('stored_files')
      .select(['sha256'])
      .where('storage_key', '=', key)
      .executeTakeFirst();
    const blob = await folder.get(key);
    if (!row || !blob) {
      result.skipped.push(`${key}: no stored_files row (left for the sweep)`);
      continue;
    }
    const data = isSealed(blob) ? sealer.open(key, blob) : blob;
    if (createHash('sha256').update(data).digest('hex') !== row.sha256) {
      result.skipped.push(`${key}: its bytes do not match the recorded sha256`);
      continue;
    }
    const existing = await target.get(key);
    if (existing) {
      result.present++;
    } else {
      await target.create(key, sealer.seal(key, data));
      result.copied++;
    }
    if (options.removeAfter) {
      const back = (await target.get(key)) as Buffer;
      if (!sealer.open(key, back).equals(data)) throw new Error(`${key}: copy reads back wrong`);
      await folder.delete(key);
      result.removed++;
    }
    options.log?.(`${key} ${existing ? 'already there' : 'copied'}`);
  }
  return result;
}
