import { inject } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import { createScratchDatabase, type ScratchDatabase } from '../../src/db/scratch.js';

/**
 * A fresh, migrated database for one test suite: an in-memory PGlite by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close). Both
 * are copies of the run's migrated template (vitest.global-setup.ts); without one, migrated here.
 */
export function createTestDatabase(options: { poolSize?: number } = {}): Promise<ScratchDatabase> {
  return createScratchDatabase({
    serverUrl: process.env.TEST_DATABASE_URL,
    prefix: 'bank_test',
    template: inject('scratchTemplates')?.migrated,
    ...options,
  });
}

/**
 * The same, but empty: nothing migrated (for the migration runner's own tests). On PGlite a
 * copy of a database as initdb left it, which is quicker than running initdb.
 */
export function createUnmigratedDatabase(options: { poolSize?: number } = {}): Promise<Database> {
  return createScratchDatabase({
    serverUrl: process.env.TEST_DATABASE_URL,
    prefix: 'bank_test_raw',
    migrate: false,
    template: inject('scratchTemplates')?.empty,
    poolSize: options.poolSize ?? 10,
  });
}

export const engineName = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
