import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * NOTIFY after commit, batched (decision 29). PostgreSQL serializes the commits of every
 * transaction that issued a NOTIFY (a global lock taken before the commit record and held until
 * it is flushed), so a notification sent inside each money transaction put every commit of the
 * bank in one line, each waiting for the one before it to reach the disk. Instead a transaction
 * queues its notifications on its connection; once it has committed they are handed to one
 * sender per database, which sends whatever has gathered in one statement, outside any business
 * transaction (a transaction that only notifies writes nothing, so its commit waits for no disk
 * flush). A rolled-back transaction sends nothing. Listeners were already told to treat a
 * notification as a hint to read again (db/connection.ts), which is all this changes: a
 * notification now arrives a moment after the commit rather than with it.
 */

/** The one statement the wrapped driver holds back until commit (notifyAfterCommit sends it). */
const AFTER_COMMIT_NOTIFY = 'select pg_notify($1, $2) /* after commit */';
const SEND = `select count(pg_notify(c, p)) as sent from unnest($1::text[], $2::text[]) as t(c, p)`;
/** The most notifications one statement sends. */
const MAX_BATCH = 500;

/**
 * Notifies `channel` with `payload` once the transaction `db` belongs to commits (at once when
 * `db` is not a transaction); nothing is sent when it rolls back.
 */
export async function notifyAfterCommit<DB>(
  db: Kysely<DB>,
  channel: string,
  payload: string,
): Promise<void> {
  await db.executeQuery(CompiledQuery.raw(AFTER_COMMIT_NOTIFY, [channel, payload]));
}

type Notification = [channel: string, payload: string];

class QueuingConnection implements DatabaseConnection {
  inTransaction = false;
  queued: Notification[] = [];
  /** How many were queued when each open savepoint was taken. */
  readonly marks = new Map<string, number>();

  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction && query.sql === AFTER_COMMIT_NOTIFY) {
      const [channel, payload] = query.parameters as [string, string];
      this.queued.push([channel, payload]);
      return { rows: [] };
    }
    return this.inner.executeQuery<R>(query);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number) {
    return this.inner.streamQuery<R>(query, chunkSize);
  }

  take(): Notification[] {
    const queued = this.queued;
    this.queued = [];
    this.marks.clear();
    this.inTransaction = false;
    return queued;
  }
}

class AfterCommitDriver implements Driver {
  #pending: Notification[] = [];
  #sending: Promise<void> | null = null;

  constructor(
    private readonly inner: Driver,
    private readonly onError?: (error: Error) => void,
  ) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new QueuingConnection(await this.inner.acquireConnection());
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const c = connection as QueuingConnection;
    await this.inner.beginTransaction(c.inner, settings);
    c.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection) {
    const c = connection as QueuingConnection;
    try {
      await this.inner.commitTransaction(c.inner);
    } catch (error) {
      c.take();
      throw error;
    }
    this.#send(c.take());
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const c = connection as QueuingConnection;
    c.take();
    await this.inner.rollbackTransaction(c.inner);
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ) {
    const c = connection as QueuingConnection;
    await this.inner.savepoint?.(c.inner, name, compileQuery);
    c.marks.set(name, c.queued.length);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ) {
    const c = connection as QueuingConnection;
    await this.inner.rollbackToSavepoint?.(c.inner, name, compileQuery);
    c.queued.length = c.marks.get(name) ?? c.queued.length;
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ) {
    const c = connection as QueuingConnection;
    await this.inner.releaseSavepoint?.(c.inner, name, compileQuery);
    c.marks.delete(name);
  }

  async releaseConnection(connection: DatabaseConnection) {
    const c = connection as QueuingConnection;
    // A connection given back mid-transaction (its transaction failed) sends nothing.
    c.take();
    await this.inner.releaseConnection(c.inner);
  }

  async destroy() {
    await this.#sending;
    await this.inner.destroy();
  }

  /** Queues committed notifications; one sender at a time sends all that gathered meanwhile. */
  #send(notifications: Notification[]) {
    if (notifications.length === 0) return;
    this.#pending.push(...notifications);
    this.#sending ??= this.#drain().finally(() => {
      this.#sending = null;
    });
  }

  async #drain() {
    while (this.#pending.length > 0) {
      const batch = this.#pending.splice(0, MAX_BATCH);
      try {
        const connection = await this.inner.acquireConnection();
        try {
          await connection.executeQuery(
            CompiledQuery.raw(SEND, [batch.map(([c]) => c), batch.map(([, p]) => p)]),
          );
        } finally {
          await this.inner.releaseConnection(connection);
        }
      } catch (error) {
        // Notifications are hints; a lost one costs a listener a moment of staleness at most.
        this.onError?.(error as Error);
      }
    }
  }
}

/** The dialect `inner` with notifications held back until commit and sent in batches. */
export class AfterCommitDialect implements Dialect {
  constructor(
    private readonly inner: Dialect,
    private readonly onError?: (error: Error) => void,
  ) {}

  createAdapter() {
    return this.inner.createAdapter();
  }

  createDriver(): Driver {
    return new AfterCommitDriver(this.inner.createDriver(), this.onError);
  }

  createQueryCompiler() {
    return this.inner.createQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>) {
    return this.inner.createIntrospector(db);
  }
}
