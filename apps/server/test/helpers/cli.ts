import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';
import { createScratchDatabase } from '../../src/db/scratch.js';
import type { Executor } from '../../src/ledger/index.js';
import { createTestDatabase, engineName } from './database.js';

/** Runs a command-line tool as a process; rejects with its exit `code`, `stdout` and `stderr`. */
export const run = promisify(execFile);

/** The database the tool is pointed at, and a way to work on it between two runs of the tool. */
export interface Target {
  env: NodeJS.ProcessEnv;
  use<T>(fn: (db: Executor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * On PGlite, a data folder: only one process may have it open, so each step opens and closes
 * it around the tool's own run. On PostgreSQL, a database of its own that stays open.
 */
export async function openTarget(dataDir: string): Promise<Target> {
  if (engineName === 'postgres') {
    const database = await createTestDatabase({ poolSize: 2 });
    if (!database.url) throw new Error('a PostgreSQL scratch database has a URL');
    return {
      env: { DATABASE_URL: database.url },
      use: (fn) => fn(database.db),
      close: () => database.close(),
    };
  }
  // The run's migrated template unpacked into the folder: seconds quicker than initdb on disk.
  const seed = await createScratchDatabase({
    prefix: 'cli',
    pgliteDir: dataDir,
    template: inject('scratchTemplates')?.migrated,
  });
  await seed.close();
  return {
    env: { DATABASE_URL: '' },
    use: async (fn) => {
      const database = await openDatabase({ engine: 'pglite', dataDir });
      try {
        return await fn(database.db);
      } finally {
        await database.close();
      }
    },
    close: async () => undefined,
  };
}
