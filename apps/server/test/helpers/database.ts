import type { Database } from '../../src/db/connection.js';
import { createScratchDatabase } from '../../src/db/scratch.js';

/**
 * A fresh, migrated database for one test suite: an in-memory PGlite by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 */
export function createTestDatabase(options: { poolSize?: number } = {}): Promise<Database> {
  return createScratchDatabase({
    serverUrl: process.env.TEST_DATABASE_URL,
    prefix: 'bank_test',
    ...options,
  });
}

/** The same, but empty: nothing migrated (for the migration runner's own tests). */
export function createUnmigratedDatabase(options: { poolSize?: number } = {}): Promise<Database> {
  return createScratchDatabase({
    serverUrl: process.env.TEST_DATABASE_URL,
    prefix: 'bank_test_raw',
    migrate: false,
    poolSize: options.poolSize ?? 10,
  });
}

export const engineName = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
