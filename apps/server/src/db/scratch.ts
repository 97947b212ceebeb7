import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from './connection.js';
import { migrate } from './migrate.js';

/**
 * A new database (migrated unless told otherwise) for a test suite or a benchmark run: a new database on the
 * PostgreSQL server at `serverUrl` (dropped on close), or, without a URL, a PGlite in memory or
 * under `pgliteDir`.
 */
export async function createScratchDatabase(options: {
  serverUrl?: string | undefined;
  prefix: string;
  poolSize?: number;
  pgliteDir?: string;
  /** false leaves the new database empty (migration tests). */
  migrate?: boolean;
}): Promise<Database> {
  const { serverUrl } = options;
  const migrated = async (database: Database) => {
    if (options.migrate !== false) await migrate(database.db);
    return database;
  };
  if (!serverUrl) {
    return migrated(
      await openDatabase({
        engine: 'pglite',
        ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}),
      }),
    );
  }
  const name = `${options.prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await migrated(
    await openDatabase({
      engine: 'postgres',
      url: url.toString(),
      poolSize: options.poolSize ?? 40,
    }),
  );
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
