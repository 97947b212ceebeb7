import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import { buildTestApp, type TestAppOptions } from './app.js';
import { createTestDatabase } from './database.js';

export interface TestSuite {
  database: Database;
  app: FastifyInstance;
}

/**
 * One fresh database and the real app on it for a test file: opened before its tests, closed
 * after. Read `suite.app` and `suite.database` inside tests (they exist once `beforeAll` ran).
 */
export function useTestApp(options: TestAppOptions = {}): TestSuite {
  const suite = {} as TestSuite;
  beforeAll(async () => {
    suite.database = await createTestDatabase();
    suite.app = await buildTestApp(suite.database, options);
    await suite.app.ready();
  });
  afterAll(async () => {
    await suite.app?.close();
    await suite.database?.close();
  });
  return suite;
}
