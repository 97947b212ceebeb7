import type { Database } from '../../db/connection.js';
import {
  listenForEndedSessions,
  lookupSession,
  onSessionsEnded,
  SESSION_IDLE_MS,
  tokenHash,
  TOUCH_EVERY_MS,
  type ActiveSession,
  type LiveSession,
} from './sessions.js';

/** The longest a checked session is trusted without asking the database again. */
export const SESSION_CACHE_MAX_AGE_MS = 500;

/** A session that ended (or is ending) is not cached again for this long. */
const ENDED_MEMORY_MS = 5_000;
const MAX_ENTRIES = 10_000;
/** After failing to start listening, the next try waits this long (the database reads go on). */
const RETRY_LISTEN_MS = 5_000;

interface Entry extends LiveSession {
  /** performance.now() when the database said this session was live. */
  checkedAt: number;
}

/**
 * The sessions a GET has just checked, trusted for at most half a second, so that a signed-in
 * customer's reads cost one database round trip instead of two (decision 0017). It never lets
 * an ended session through:
 *
 * - a session this process ends is dropped at once (sessions.ts announces it before its
 *   transaction commits) and not cached again for five seconds;
 * - a session ended anywhere else is dropped when the database's notification arrives, which
 *   PostgreSQL sends at commit (migration 0010's triggers);
 * - nothing is cached or served from the cache unless this process is listening for those
 *   notifications, and a lookup that began before listening (re)started is not cached;
 * - whatever is cached is asked again after half a second, and at once when its idle or absolute
 *   limit passes or a touch of last_seen_at is due.
 *
 * Anything that changes state does not come here: it checks the database every time.
 */
export class SessionCache {
  readonly #database: Database;
  readonly #maxAgeMs: number;
  readonly #entries = new Map<string, Entry>();
  readonly #idsToKeys = new Map<bigint, string>();
  /** Session id -> performance.now() when it was said to have ended. */
  readonly #ended = new Map<bigint, number>();
  /** Concurrent lookups of one token share one query. */
  readonly #pending = new Map<string, Promise<LiveSession | null>>();
  #listening = false;
  /** performance.now() when every session was said to have ended. */
  #allEndedAt = -Infinity;
  /** Bumped whenever listening starts or stops: a lookup from another epoch is not cached. */
  #epoch = 0;
  #starting: Promise<void> | null = null;
  #retryAt = 0;
  #stopListening: (() => Promise<void>) | null = null;
  readonly #stopAnnouncements: () => void;
  #closed = false;

  constructor(database: Database, options: { maxAgeMs?: number } = {}) {
    this.#database = database;
    this.#maxAgeMs = options.maxAgeMs ?? SESSION_CACHE_MAX_AGE_MS;
    this.#stopAnnouncements = onSessionsEnded((ids) => this.#forget(ids));
  }

  /** Starts listening for ended sessions; until then (or if that fails) lookups go to the database. */
  async start(): Promise<void> {
    this.#listen();
    await this.#starting;
  }

  /** The live session for a token, from the cache when it may be trusted, else the database. */
  async resolve(token: string, now = new Date()): Promise<ActiveSession | null> {
    const key = tokenHash(token);
    const entry = this.#listening ? this.#entries.get(key) : undefined;
    if (entry && this.#trusted(entry, now)) return entry.session;
    this.#listen();
    let pending = this.#pending.get(key);
    if (!pending) {
      pending = this.#lookup(key, token, now).finally(() => this.#pending.delete(key));
      this.#pending.set(key, pending);
    }
    const live = await pending;
    // A lookup shared with an earlier request may have read the session before it ended: when
    // an end was announced (or heard of) meanwhile, the database is asked again, after it.
    if (live && this.#recentlyEnded(live.session.sessionId)) {
      return (await lookupSession(this.#database.db, token, now))?.session ?? null;
    }
    return live?.session ?? null;
  }

  /** How many sessions are cached (tests). */
  get size(): number {
    return this.#entries.size;
  }

  /** Whether the cache is in use: listening for ended sessions (tests). */
  get listening(): boolean {
    return this.#listening;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#stopAnnouncements();
    this.#setListening(false);
    await this.#starting?.catch(() => undefined);
    await this.#stopListening?.();
    this.#stopListening = null;
  }

  #trusted(entry: Entry, now: Date): boolean {
    const at = now.getTime();
    return (
      performance.now() - entry.checkedAt < this.#maxAgeMs &&
      entry.session.expiresAt.getTime() > at &&
      at - entry.lastSeenAt.getTime() < SESSION_IDLE_MS &&
      // A touch is due: the database lookup does it, and checks the session again.
      at - entry.lastSeenAt.getTime() <= TOUCH_EVERY_MS
    );
  }

  async #lookup(key: string, token: string, now: Date): Promise<LiveSession | null> {
    // Listening since before the query began, without a break: any end committed after the
    // query's snapshot has been or will be heard of, and drops what is stored here.
    const epoch = this.#listening ? this.#epoch : -1;
    const live = await lookupSession(this.#database.db, token, now);
    if (live && epoch === this.#epoch && !this.#recentlyEnded(live.session.sessionId)) {
      this.#store(key, {
        session: Object.freeze(live.session),
        lastSeenAt: live.lastSeenAt,
        checkedAt: performance.now(),
      });
    }
    return live;
  }

  #store(key: string, entry: Entry) {
    this.#entries.delete(key);
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#drop(oldest);
    }
    this.#entries.set(key, entry);
    this.#idsToKeys.set(entry.session.sessionId, key);
  }

  #drop(key: string) {
    const entry = this.#entries.get(key);
    this.#entries.delete(key);
    if (entry) this.#idsToKeys.delete(entry.session.sessionId);
  }

  #forget(ids: readonly bigint[]) {
    const at = performance.now();
    this.#pruneEnded(at);
    for (const id of ids) {
      // Kept in the order they ended (a Map keeps insertion order), so pruning stops early.
      this.#ended.delete(id);
      this.#ended.set(id, at);
      const key = this.#idsToKeys.get(id);
      if (key !== undefined) this.#drop(key);
    }
  }

  /** Every session ended at once (the sessions table was truncated). */
  #forgetAll() {
    this.#allEndedAt = performance.now();
    this.#epoch += 1;
    this.#entries.clear();
    this.#idsToKeys.clear();
  }

  #recentlyEnded(id: bigint): boolean {
    const now = performance.now();
    if (now - this.#allEndedAt < ENDED_MEMORY_MS) return true;
    const at = this.#ended.get(id);
    return at !== undefined && now - at < ENDED_MEMORY_MS;
  }

  /** Forgets ends older than ENDED_MEMORY_MS: the oldest first, stopping at the first recent one. */
  #pruneEnded(now: number) {
    for (const [id, at] of this.#ended) {
      if (now - at < ENDED_MEMORY_MS) return;
      this.#ended.delete(id);
    }
  }

  #setListening(listening: boolean) {
    this.#epoch += 1;
    this.#listening = listening && !this.#closed;
    // Whatever was cached may have ended while nobody was listening.
    if (!listening) {
      this.#entries.clear();
      this.#idsToKeys.clear();
    }
  }

  /**
   * Starts listening for ended sessions, once: the database reports later losses and recoveries
   * through the status callback. After a failure to start, tries again later.
   */
  #listen() {
    if (
      this.#stopListening ||
      this.#starting ||
      this.#closed ||
      performance.now() < this.#retryAt
    ) {
      return;
    }
    this.#starting = listenForEndedSessions(
      this.#database,
      (ended) => (ended === 'all' ? this.#forgetAll() : this.#forget(ended)),
      (listening) => this.#setListening(listening),
    )
      .then(async (stop) => {
        if (this.#closed) return stop();
        this.#stopListening = stop;
      })
      // The database is not answering: lookups go to it (and fail there, visibly) meanwhile.
      .catch(() => {
        this.#retryAt = performance.now() + RETRY_LISTEN_MS;
      })
      .finally(() => {
        this.#starting = null;
      });
  }
}
