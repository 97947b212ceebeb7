import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import { SessionCache } from '../../src/platform/security/session-cache.js';
import {
  announceSessionsEnded,
  createSession,
  revokeSession,
  TOUCH_EVERY_MS,
} from '../../src/platform/security/sessions.js';
import { buildTestApp } from '../helpers/app.js';
import { signedInCustomer } from '../helpers/customers.js';
import { createTestDatabase, engineName } from '../helpers/database.js';
import { insertUser } from '../helpers/users.js';
import { openCustomer } from '../helpers/ledger.js';

let database: Database;
let userId: bigint;
const newUser = () => insertUser(database, 'Grace');

/** The id of the newest session of the test's person. */
async function latestSessionId(): Promise<bigint> {
  const row = await database.db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Ends a session the way another process would: in SQL, with nothing announced here. */
async function revokeElsewhere(sessionId: bigint) {
  await database.db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', sessionId)
    .execute();
}

/** A cache that keeps what it checked for a minute: only an end can drop it before that. */
async function longCache(db: Database = database) {
  const cache = new SessionCache(db, { maxAgeMs: 60_000 });
  await cache.start();
  expect(cache.listening).toBe(true);
  return cache;
}

beforeAll(async () => {
  database = await createTestDatabase();
  userId = await newUser();
});
afterAll(async () => {
  await database.close();
});

describe('the session cache', () => {
  it('keeps a checked session, and drops it at once when this process ends it', async () => {
    const cache = await longCache();
    const { token } = await createSession(database.db, { userId, scope: 'customer' });
    expect(await cache.resolve(token)).toMatchObject({ userId, scope: 'customer' });
    expect(cache.size).toBe(1);
    await revokeSession(database.db, token);
    expect(cache.size).toBe(0);
    expect(await cache.resolve(token)).toBeNull();
    await cache.close();
  });

  it('drops a session ended by another process when the database tells it, long before its age is up', async () => {
    const cache = await longCache();
    const { token } = await createSession(database.db, { userId, scope: 'customer' });
    const session = await cache.resolve(token);
    expect(cache.size).toBe(1);
    await revokeElsewhere(session?.sessionId ?? 0n);
    await vi.waitFor(() => expect(cache.size).toBe(0), { timeout: 2_000, interval: 5 });
    expect(await cache.resolve(token)).toBeNull();
    await cache.close();
  });

  it('serves from memory only what it checked: a missed end is caught when its age is up', async () => {
    // A database connection whose notifications never arrive.
    const deaf: Database = { ...database, listen: async () => async () => {} };
    const cache = new SessionCache(deaf, { maxAgeMs: 200 });
    await cache.start();
    const { token } = await createSession(database.db, { userId, scope: 'customer' });
    const session = await cache.resolve(token);
    await revokeElsewhere(session?.sessionId ?? 0n);
    // Caught once its age is up (200 ms here), not only at the next restart.
    await vi.waitFor(async () => expect(await cache.resolve(token)).toBeNull(), {
      timeout: 10_000,
      interval: 20,
    });
    await cache.close();
  });

  it('asks the database again when a touch is due, so use is still recorded once a minute', async () => {
    const cache = await longCache();
    const start = new Date(Date.now() - 5 * 60_000);
    const { token } = await createSession(database.db, {
      userId,
      scope: 'customer',
      now: start,
    });
    const lastSeen = async () =>
      (
        await database.db
          .selectFrom('sessions')
          .select('last_seen_at')
          .where('user_id', '=', userId)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).last_seen_at.getTime();
    const at = (ms: number) => new Date(start.getTime() + ms);
    expect(await cache.resolve(token, at(10_000))).not.toBeNull();
    expect(await cache.resolve(token, at(30_000))).not.toBeNull();
    expect(await lastSeen()).toBe(start.getTime());
    expect(await cache.resolve(token, at(TOUCH_EVERY_MS + 1_000))).not.toBeNull();
    expect(await lastSeen()).toBe(at(TOUCH_EVERY_MS + 1_000).getTime());
    await cache.close();
  });

  it('trusts nothing while it is not listening, and nothing looked up before it listened again', async () => {
    let status: ((listening: boolean) => void) | undefined;
    const watched: Database = {
      ...database,
      listen: (channel, onMessage, onStatus) => {
        status = onStatus;
        return database.listen(channel, onMessage, onStatus);
      },
    };
    const cache = await longCache(watched);
    const { token } = await createSession(database.db, { userId, scope: 'customer' });
    await cache.resolve(token);
    expect(cache.size).toBe(1);
    status?.(false);
    expect(cache.size).toBe(0);
    const during = cache.resolve(token);
    status?.(true);
    expect(await during).not.toBeNull();
    expect(cache.size).toBe(0);
    await cache.resolve(token);
    expect(cache.size).toBe(1);
    await cache.close();
  });

  it.runIf(engineName === 'postgres')(
    'stops trusting when the listening connection is lost, and again once it listens anew',
    async () => {
      const cache = await longCache();
      const { token } = await createSession(database.db, { userId, scope: 'customer' });
      await cache.resolve(token);
      expect(cache.size).toBe(1);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
                 where datname = current_database() and application_name = 'bank_listener'`.execute(
        database.db,
      );
      await vi.waitFor(() => expect(cache.listening).toBe(false), { timeout: 2_000 });
      expect(cache.size).toBe(0);
      await cache.resolve(token);
      expect(cache.size).toBe(0);
      await vi.waitFor(() => expect(cache.listening).toBe(true), { timeout: 5_000 });
      const session = await cache.resolve(token);
      expect(cache.size).toBe(1);
      await revokeElsewhere(session?.sessionId ?? 0n);
      await vi.waitFor(() => expect(cache.size).toBe(0), { timeout: 2_000, interval: 5 });
      await cache.close();
    },
  );

  it('does not keep a lookup that an end overtook', async () => {
    const cache = await longCache();
    const { token } = await createSession(database.db, { userId, scope: 'customer' });
    const stored = { id: await latestSessionId() };
    const lookup = cache.resolve(token);
    announceSessionsEnded([stored.id]);
    await lookup;
    expect(cache.size).toBe(0);
    await cache.close();
  });

  // PGlite runs one statement at a time, in the order asked, which fixes the race's order here:
  // the shared lookup reads the session live, the end is announced and commits, then both
  // requests are answered.
  it.runIf(engineName === 'pglite')(
    'does not serve a request that joined a lookup an end overtook',
    async () => {
      const cache = await longCache();
      const { token } = await createSession(database.db, { userId, scope: 'customer' });
      const stored = { id: await latestSessionId() };
      const first = cache.resolve(token);
      const joined = cache.resolve(token); // shares the first one's query
      const ending = revokeElsewhere(stored.id); // queued behind that query
      announceSessionsEnded([stored.id]);
      // Both answers come after the end: neither serves the session the query read live.
      expect(await first).toBeNull();
      expect(await joined).toBeNull();
      await ending;
      expect(await cache.resolve(token)).toBeNull();
      await cache.close();
    },
  );

  it.runIf(engineName === 'postgres')(
    'hears nothing when a session that had already ended is changed or deleted',
    async () => {
      const heard: string[] = [];
      const stop = await database.listen('session_ended', (payload) => heard.push(payload));
      const owner = await newUser();
      const { token } = await createSession(database.db, { userId: owner, scope: 'customer' });
      await revokeSession(database.db, token);
      await vi.waitFor(() => expect(heard).toHaveLength(1), { timeout: 2_000, interval: 5 });
      // Revoked already: touching it again, or cleaning it up, says nothing.
      await database.db
        .updateTable('sessions')
        .set({ revoked_at: new Date() })
        .where('user_id', '=', owner)
        .execute();
      await database.db.deleteFrom('sessions').where('user_id', '=', owner).execute();
      // A live one deleted is heard; the marker shows the earlier changes were not.
      await createSession(database.db, { userId: owner, scope: 'customer' });
      const live = await database.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', owner)
        .executeTakeFirstOrThrow();
      await database.db.deleteFrom('sessions').where('user_id', '=', owner).execute();
      await vi.waitFor(() => expect(heard.length).toBeGreaterThanOrEqual(2), {
        timeout: 2_000,
        interval: 5,
      });
      // Notifications arrive in commit order: the second is the live session's.
      expect(heard).toEqual([heard[0], String(live.id)]);
      await stop();
    },
  );

  // Last in this group: it ends every session in this test database.
  it('drops everything when the sessions table is truncated (no row triggers fire)', async () => {
    const cache = await longCache();
    const { token } = await createSession(database.db, { userId, scope: 'customer' });
    expect(await cache.resolve(token)).toMatchObject({ userId });
    expect(cache.size).toBe(1);
    await sql`truncate sessions`.execute(database.db);
    await vi.waitFor(() => expect(cache.size).toBe(0), { timeout: 2_000, interval: 5 });
    expect(await cache.resolve(token)).toBeNull();
    await cache.close();
  });
});

describe('signed-in reads with the cache', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  async function customerWithAccount() {
    const signed = await signedInCustomer(app, database, { kycStatus: 'approved' });
    await openCustomer(database.db, 'USD', { ownerId: signed.userId, name: 'Grace Hopper' });
    return signed;
  }

  it('refuses a signed-out session at once', async () => {
    const { client } = await customerWithAccount();
    const signedIn = client.cookie;
    expect((await client.get('/api/v1/accounts/current')).statusCode).toBe(200);
    expect((await client.get('/api/v1/accounts/current')).statusCode).toBe(200);
    expect((await client.post('/api/v1/auth/signout')).statusCode).toBeLessThan(300);
    client.cookie = signedIn;
    expect((await client.get('/api/v1/accounts/current')).statusCode).toBe(401);
    expect((await client.get('/api/v1/accounts/current/transactions?limit=10')).statusCode).toBe(
      401,
    );
  });

  it('refuses a session another app server or the staff tool ended', async () => {
    const { client, userId: owner } = await customerWithAccount();
    expect((await client.get('/api/v1/accounts/current')).statusCode).toBe(200);
    await database.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', owner)
      .execute();
    await vi.waitFor(
      async () => expect((await client.get('/api/v1/accounts/current')).statusCode).toBe(401),
      { timeout: 1_000, interval: 5 },
    );
  });

  it('checks the database on every request that changes something', async () => {
    const deaf: Database = { ...database, listen: async () => async () => {} };
    const deafApp = await buildTestApp(deaf);
    try {
      const signed = await signedInCustomer(deafApp, database, { kycStatus: 'approved' });
      await openCustomer(database.db, 'USD', { ownerId: signed.userId, name: 'Grace Hopper' });
      expect((await signed.client.get('/api/v1/accounts/current')).statusCode).toBe(200);
      await database.db
        .updateTable('sessions')
        .set({ revoked_at: new Date() })
        .where('user_id', '=', signed.userId)
        .execute();
      const write = await signed.client.post('/api/v1/notifications/read-all');
      expect(write.statusCode).toBe(401);
    } finally {
      await deafApp.close();
    }
  });
});
