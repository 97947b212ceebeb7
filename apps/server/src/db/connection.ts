import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.js';
import type { DB } from './schema.js';

export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | {
      engine: 'postgres';
      url: string;
      poolSize?: number;
      onIdleError?: (error: Error) => void;
    }
  /** `dataDir` undefined keeps the database in memory (tests). */
  | { engine: 'pglite'; dataDir?: string };

const INT8_OID = 20;

/**
 * Opens PGlite (embedded, files under the data folder) or PostgreSQL. Both return bigint columns
 * as JS bigint, so money never passes through a float.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.engine === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 20,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID
            ? (value: string) => BigInt(value)
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle connection dropped by the server (restart, failover) must not end the process; the
    // pool replaces it and the next query reports any lasting outage.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }

  let pgdata: string | undefined;
  let unlock = () => {};
  if (options.dataDir) {
    pgdata = path.join(options.dataDir, 'pgdata');
    mkdirSync(pgdata, { recursive: true, mode: 0o700 });
    unlock = lockDataDir(options.dataDir);
  }
  try {
    const pglite = await PGlite.create({
      ...(pgdata ? { dataDir: pgdata } : {}),
      parsers: { [pgliteTypes.INT8]: (value: string) => BigInt(value) },
    });
    const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
    return {
      db,
      engine: 'pglite',
      close: async () => {
        await db.destroy();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/**
 * PGlite is one Postgres backend inside this process: a second process opening the same files
 * would corrupt them. A lock file holding our pid keeps the folder ours until close; a lock
 * left by a process that no longer exists is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'pgdata.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
        throw new DataDirInUseError(
          `The embedded database in ${dataDir} is in use by process ${holder}. Stop it first, or use another DATA_DIR.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the embedded database in ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The database the configuration asks for. */
export function databaseOptionsFrom(config: {
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
}): DatabaseOptions {
  return config.databaseUrl
    ? { engine: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
    : { engine: 'pglite', dataDir: config.dataDir };
}
