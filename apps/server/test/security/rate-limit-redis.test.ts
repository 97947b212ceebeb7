import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import { buildTestApp } from '../helpers/app.js';
import { createTestDatabase } from '../helpers/database.js';
import { TestClient } from '../helpers/http.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A client to Redis, or null when none answers (a newcomer's machine may have no Redis). */
async function connect(url: string): Promise<Redis | null> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return redis;
  } catch {
    redis.disconnect();
    return null;
  }
}

const redis = await connect(REDIS_URL);
let database: Database;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await database.close();
  redis?.disconnect();
});

async function appWith(store: { redis: Redis; namespace: string }) {
  const app = await buildTestApp(database, { rateLimits: true, rateLimitStore: store });
  apps.push(app);
  return new TestClient(app);
}

const attempt = (client: TestClient) =>
  client
    .post('/api/v1/auth/signin', { email: 'nobody@example.com', password: 'not the password' })
    .then((response) => response.statusCode);

describe.skipIf(!redis)(`rate limits shared through Redis (${REDIS_URL})`, () => {
  it('counts one address across two app servers: the eleventh sign-in a minute is refused', async () => {
    if (!redis) return;
    const namespace = `bank-rl-test:${process.pid}:${Date.now()}:`;
    const [first, second] = [
      await appWith({ redis, namespace }),
      await appWith({ redis, namespace }),
    ];
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push(await attempt(first), await attempt(second));
    expect(codes).toEqual(Array(10).fill(401));
    expect(await attempt(first)).toBe(429);
    expect(await attempt(second)).toBe(429);
    expect((await redis.keys(`${namespace}*`)).length).toBeGreaterThan(0);
    await redis.del(...(await redis.keys(`${namespace}*`)));
  });
});

describe('rate limits when Redis is down', () => {
  it('still serves sign-in, with no 500s, when Redis cannot be reached', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    down.on('error', () => undefined);
    try {
      const client = await appWith({ redis: down, namespace: 'bank-rl-down:' });
      const codes: number[] = [];
      for (let i = 0; i < 12; i++) codes.push(await attempt(client));
      expect(codes).toEqual(Array(12).fill(401));
    } finally {
      down.disconnect();
    }
  });
});
