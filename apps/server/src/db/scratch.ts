import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type Database } from './connection.js';
import { migrate } from './migrate.js';
import { PGliteDialect } from './pglite-dialect.js';
import type { DB } from './schema.js';

/**
 * A database that scratch databases are copied from, made once per test run instead of once
 * per suite: copying skips PGlite's initdb, which costs seconds per database, and, from a
 * migrated template, the migrations. On PGlite it is a data folder dumped to a tarball; on
 * PostgreSQL a database that CREATE DATABASE … TEMPLATE copies. Plain data, so that vitest can
 * hand it from its global setup to the test workers.
 */
export type ScratchTemplate =
  { engine: 'pglite'; file: string } | { engine: 'postgres'; serverUrl: string; database: string };

export interface ScratchDatabase extends Database {
  /** On PostgreSQL, where another process (a command-line tool under test) reaches it. */
  url?: string;
}

/**
 * A new database (migrated unless told otherwise, or a copy of a template) for a test suite
 * or a benchmark run: a new database on the PostgreSQL server at `serverUrl` (dropped on
 * close), or, without a URL, a PGlite in memory or under `pgliteDir`.
 */
export async function createScratchDatabase(options: {
  serverUrl?: string | undefined;
  prefix: string;
  poolSize?: number;
  pgliteDir?: string;
  /** false leaves a new database empty (migration tests). */
  migrate?: boolean;
  /**
   * Start as a copy of this instead, as it is: a copy is not migrated here, whatever `migrate`
   * says. It must be for the same engine, and on PostgreSQL on the same server.
   */
  template?: ScratchTemplate | undefined;
}): Promise<ScratchDatabase> {
  const { serverUrl, template } = options;
  if (template && template.engine !== (serverUrl ? 'postgres' : 'pglite')) {
    throw new Error(`a ${template.engine} template cannot make a database on the other engine`);
  }
  const ready = async (database: Database) => {
    // A copy still gets one round trip, as migrating gave every database before: Kysely starts
    // its driver on the first query and its destroy() does nothing until then, so a copy that
    // nobody had queried would keep answering after `db.destroy()`.
    if (template) await sql`select 1`.execute(database.db);
    else if (options.migrate !== false) await migrate(database.db);
    return database;
  };
  if (!serverUrl) {
    return ready(
      await openDatabase({
        engine: 'pglite',
        ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}),
        ...(template?.engine === 'pglite'
          ? { snapshot: new Blob([await readFile(template.file)]) }
          : {}),
      }),
    );
  }
  const name = `${options.prefix}_${randomBytes(6).toString('hex')}`;
  if (template?.engine === 'postgres') {
    if (template.serverUrl !== serverUrl) {
      throw new Error('a PostgreSQL template is copied on its own server only');
    }
    await adminQuery(serverUrl, `create database ${name} template ${template.database}`);
  } else {
    await adminQuery(serverUrl, `create database ${name}`);
  }
  const url = databaseUrl(serverUrl, name);
  const database = await ready(
    await openDatabase({ engine: 'postgres', url, poolSize: options.poolSize ?? 40 }),
  );
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * Dumps a new in-memory PGlite's data folder twice: as initdb left it (`empty`, for the
 * migration runner's tests) and migrated (`migrated`). One initdb serves both. Each file is
 * written whole or not at all (a temporary name, then a rename), so that another test run
 * reading the same file never sees half of it.
 */
export async function createPgliteTemplates(files: {
  empty: string;
  migrated: string;
}): Promise<{ empty: ScratchTemplate; migrated: ScratchTemplate }> {
  const pglite = await PGlite.create();
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  const dump = async (file: string) => {
    // Flushed to the data files, so that each copy starts without replaying the WAL.
    await pglite.exec('checkpoint');
    // gzip: a tenth of the size (about 5 MB instead of 40) and no slower to load.
    const tarball = await pglite.dumpDataDir('gzip');
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
    try {
      await writeFile(partial, new Uint8Array(await tarball.arrayBuffer()));
      await rename(partial, file);
    } finally {
      await rm(partial, { force: true });
    }
  };
  try {
    await dump(files.empty);
    await migrate(db);
    await dump(files.migrated);
  } finally {
    await db.destroy();
  }
  return {
    empty: { engine: 'pglite', file: files.empty },
    migrated: { engine: 'pglite', file: files.migrated },
  };
}

/**
 * Creates and migrates a database named `name` on the server, then closes it to connections:
 * CREATE DATABASE … TEMPLATE refuses a source that anyone is connected to, and nothing but
 * copying should touch it. Drop it with `dropPostgresTemplate`.
 */
export async function createPostgresTemplate(
  serverUrl: string,
  name: string,
): Promise<ScratchTemplate> {
  await adminQuery(serverUrl, `create database ${name}`);
  const template: ScratchTemplate = { engine: 'postgres', serverUrl, database: name };
  try {
    const database = await openDatabase({
      engine: 'postgres',
      url: databaseUrl(serverUrl, name),
      poolSize: 1,
    });
    try {
      await migrate(database.db);
    } finally {
      await database.close();
    }
    await adminQuery(
      serverUrl,
      `alter database ${name} with is_template true allow_connections false`,
    );
  } catch (error) {
    await dropPostgresTemplate(template);
    throw error;
  }
  return template;
}

export async function dropPostgresTemplate(template: ScratchTemplate): Promise<void> {
  if (template.engine !== 'postgres') return;
  // A database marked as a template cannot be dropped until unmarked. This fails only when
  // there is no such database (its creation failed), which the drop below then allows.
  await adminQuery(
    template.serverUrl,
    `alter database ${template.database} with is_template false`,
  ).catch(() => undefined);
  await adminQuery(template.serverUrl, `drop database if exists ${template.database} with (force)`);
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
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
