import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { AfterCommitDialect } from './after-commit.js';
import { PGliteDialect } from './pglite-dialect.js';
import { prepareDeclaredStatements } from './prepared.js';
import type { DB } from './schema.js';

export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel` (sent by this process or any
   * other on the same database), delivered when the notifying transaction commits. Answers the
   * function that stops listening. `onStatus(true)` says notifications flow (once listening,
   * and again after a reconnection), `onStatus(false)` that the listening connection was lost
   * and notifications sent meanwhile are lost (PostgreSQL only: PGlite runs in this process).
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onStatus?: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | {
      engine: 'postgres';
      url: string;
      poolSize?: number;
      onIdleError?: (error: Error) => void;
    }
  /**
   * `dataDir` undefined keeps the database in memory (tests). `waitForLock` (default true)
   * waits up to 15 s for a crashed process's lock on the folder to go stale. `snapshot` starts
   * a new database from a data folder dumped by PGlite's `dumpDataDir` instead of running
   * initdb (tests' copies of a migrated database, db/scratch.ts); PGlite refuses it over a
   * folder that already holds a database.
   */
  | { engine: 'pglite'; dataDir?: string; waitForLock?: boolean; snapshot?: Blob };

const INT8_OID = 20;
/** How often the listening connection is asked whether it is still there, and how long it has. */
const PING_EVERY_MS = 5_000;
const PING_TIMEOUT_MS = 2_000;
/** The listening connection's application_name. */
export const LISTENER_NAME = 'bank_listener';
/** One function for every int8 column of every query (pg asks for it once per column each time). */
const parseInt8 = (value: string) => BigInt(value);

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
            ? parseInt8
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle connection dropped by the server (restart, failover) must not end the process; the
    // pool replaces it and the next query reports any lasting outage.
    pool.on('error', (error) => options.onIdleError?.(error));
    pool.on('connect', prepareDeclaredStatements);
    const db = new Kysely<DB>({
      dialect: new AfterCommitDialect(new PostgresDialect({ pool }), options.onIdleError),
    });
    const listeners = new PostgresListeners(options.url, options.onIdleError);
    return {
      db,
      engine: 'postgres',
      listen: (channel, onMessage, onStatus) => listeners.listen(channel, onMessage, onStatus),
      close: async () => {
        await listeners.close();
        await db.destroy();
      },
    };
  }

  let pgdata: string | undefined;
  let unlock = async () => {};
  if (options.dataDir) {
    pgdata = path.join(options.dataDir, 'pgdata');
    mkdirSync(pgdata, { recursive: true, mode: 0o700 });
    unlock = await lockDataDir(options.dataDir, pgdata, options.waitForLock ?? true);
  }
  try {
    const pglite = await PGlite.create({
      ...(pgdata ? { dataDir: pgdata } : {}),
      ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
      parsers: { [pgliteTypes.INT8]: (value: string) => BigInt(value) },
    });
    const db = new Kysely<DB>({ dialect: new AfterCommitDialect(new PGliteDialect(pglite)) });
    return {
      db,
      engine: 'pglite',
      listen: async (channel, onMessage, onStatus) => {
        const stop = await pglite.listen(channel, onMessage);
        onStatus?.(true);
        return async () => {
          if (!pglite.closed) await stop();
        };
      },
      close: async () => {
        await db.destroy();
        await unlock();
      },
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}

/**
 * LISTEN needs a connection of its own that stays open (a pooled one goes back to the pool): one
 * client for every channel of this process, opened on first use and opened again after a drop.
 * Notifications sent while it was down are lost; listeners are told nothing, so they must treat a
 * notification as a hint to read again, never as the data itself.
 */
class PostgresListeners {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private readonly statusHandlers = new Set<(listening: boolean) => void>();
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly onError?: (error: Error) => void,
  ) {}

  async listen(
    channel: string,
    onMessage: (payload: string) => void,
    onStatus?: (listening: boolean) => void,
  ) {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`bad channel name ${channel}`);
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(onMessage);
    const client = await this.connect();
    if (first) await client.query(`LISTEN ${channel}`);
    if (onStatus) {
      this.statusHandlers.add(onStatus);
      // Listening now, unless the connection was lost meanwhile (then reconnecting says so).
      if (this.client === client) onStatus(true);
    }
    return async () => {
      set.delete(onMessage);
      if (onStatus) this.statusHandlers.delete(onStatus);
    };
  }

  /**
   * The listening connection, opened when there is none: a new one LISTENs on every channel
   * known before it is used, and tells the status handlers that notifications flow again.
   */
  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      // keepAlive and a ping: a connection that died without a word (a half-open TCP
      // connection) is found out in seconds, rather than trusted while notifications are lost.
      const client = new pg.Client({
        connectionString: this.url,
        // Named, so that operators (and tests) can tell it in pg_stat_activity.
        application_name: LISTENER_NAME,
        keepAlive: true,
        query_timeout: PING_TIMEOUT_MS,
      });
      client.on('notification', (message) => {
        for (const handler of this.handlers.get(message.channel) ?? []) {
          handler(message.payload ?? '');
        }
      });
      const timers: { ping?: NodeJS.Timeout } = {};
      const lost = (error: Error) => {
        clearInterval(timers.ping);
        if (this.closed) return;
        this.onError?.(error);
        client.end().catch(() => {});
        // An error while connecting is the connecting caller's to handle.
        if (this.client !== client) return;
        this.client = null;
        for (const handler of this.statusHandlers) handler(false);
        if (!this.closed) setTimeout(() => void this.reconnect(), 1_000).unref();
      };
      client.on('error', lost);
      try {
        await client.connect();
        for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
      } catch (error) {
        client.end().catch(() => {});
        throw error;
      }
      timers.ping = setInterval(() => {
        client.query('SELECT 1').catch((error: Error) => lost(error));
      }, PING_EVERY_MS);
      timers.ping.unref();
      this.client = client;
      for (const handler of this.statusHandlers) handler(true);
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async reconnect() {
    if (this.closed || this.handlers.size === 0) return;
    try {
      await this.connect();
    } catch (error) {
      this.onError?.(error as Error);
      if (!this.closed) setTimeout(() => void this.reconnect(), 5_000).unref();
    }
  }

  async close() {
    this.closed = true;
    const client =
      this.client ?? (this.connecting ? await this.connecting.catch(() => null) : null);
    this.client = null;
    await client?.end().catch(() => {});
  }
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/**
 * PGlite is one Postgres backend inside this process: a second process opening the same files
 * would corrupt them. proper-lockfile holds an atomic lock (a directory, created or not in one
 * step) and refreshes it while we run; a lock not refreshed for 10 s is a crashed process's and
 * is taken over, so a restart after a crash waits at most that long.
 */
async function lockDataDir(
  dataDir: string,
  pgdata: string,
  wait: boolean,
): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(pgdata, {
      lockfilePath: path.join(dataDir, 'pgdata.lock'),
      stale: 10_000,
      update: 2_000,
      retries: wait ? { retries: 15, minTimeout: 1_000, maxTimeout: 1_000 } : 0,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new DataDirInUseError(
        `The embedded database in ${dataDir} is in use by another process. Stop it first, or use another DATA_DIR.`,
      );
    }
    throw error;
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
