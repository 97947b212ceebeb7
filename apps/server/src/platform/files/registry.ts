import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../clock.js';
import { defineJob } from '../jobs/types.js';
import type { FileStore } from './store.js';

/**
 * Registers a stored file. Call it in the transaction that keeps the file (with the row that
 * refers to it): a file on disk whose transaction never committed has no row, and the sweep
 * removes it once it is old enough that no upload can still be under way.
 */
export async function registerStoredFile(
  db: Kysely<DB>,
  file: { key: string; purpose: string; bytes: number; sha256: string },
) {
  await db
    .insertInto('stored_files')
    .values({
      storage_key: file.key,
      purpose: file.purpose,
      bytes: file.bytes,
      sha256: file.sha256,
    })
    .execute();
}

export const ORPHAN_SWEEP_JOB = 'files.sweep_orphans';
/** No upload takes this long (requests time out after a minute): older unregistered files are leftovers. */
export const ORPHAN_AGE_MS = 60 * 60_000;

/**
 * Removes files that a crash left in the store without a row (killed between writing the file
 * and committing its transaction). Only files older than ORPHAN_AGE_MS, so an upload in progress
 * is never touched; checked against the registry in batches. Returns how many went.
 */
export async function sweepOrphanFiles(options: {
  db: Kysely<DB>;
  files: FileStore;
  clock: Clock;
}): Promise<number> {
  const cutoff = options.clock.now().getTime() - ORPHAN_AGE_MS;
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const known = await options.db
      .selectFrom('stored_files')
      .select('storage_key')
      .where('storage_key', 'in', batch)
      .execute();
    const registered = new Set(known.map((r) => r.storage_key));
    for (const key of batch) {
      if (registered.has(key)) continue;
      await options.files.remove(key);
      removed++;
    }
    batch = [];
  };
  for await (const key of options.files.sweepCandidates(new Date(cutoff))) {
    batch.push(key);
    if (batch.length >= 500) await flush();
  }
  await flush();
  return removed;
}

export function orphanSweepJob(options: {
  db: Kysely<DB>;
  files: FileStore;
  clock: Clock;
  logger?: { info(obj: object, msg: string): void };
}) {
  return defineJob({
    kind: ORPHAN_SWEEP_JOB,
    payload: z.object({}),
    maxAttempts: 3,
    async run() {
      const removed = await sweepOrphanFiles(options);
      if (removed > 0) options.logger?.info({ removed }, 'orphan uploads removed');
    },
  });
}
