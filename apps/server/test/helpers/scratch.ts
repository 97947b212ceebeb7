import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/connection.js';

/**
 * A fresh database with nothing in it, not migrated (mirrors src/db/scratch.ts without the
 * migrate step): an in-memory PGlite by default, or a new database on the PostgreSQL server
 * named by TEST_DATABASE_URL, dropped again on close.
 */
export async function createUnmigratedDatabase(
  options: { poolSize?: number } = {},
): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ engine: 'pglite' });
  const name = `bank_test_raw_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    engine: 'postgres',
    url: url.toString(),
    poolSize: options.poolSize ?? 10,
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
