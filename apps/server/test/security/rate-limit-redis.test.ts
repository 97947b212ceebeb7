import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import { createRedisClient } from '../../src/platform/redis.js';
import { buildTestApp } from '../helpers/app.js';
import { createTestDatabase } from '../helpers/database.js';
import { TestClient } from '../helpers/http.js';

/** CI sets TEST_REDIS_URL and then Redis must answer; elsewhere the local default is tried. */
const REQUIRED = process.env.TEST_REDIS_URL;
const REDIS_URL = REQUIRED ?? 'redis://127.0.0.1:6379';

/** The production client, once it has connected; null when nothing answers within 2 s. */
async function connected(url: string): Promise<Redis | null> {
  const redis = createRedisClient(url);
  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 2_000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  if (ready) return redis;
  redis.disconnect();
  return null;
}

const redis = await connected(REDIS_URL);
if (REQUIRED && !redis)
  throw new Error(`TEST_REDIS_URL is set but Redis at ${REDIS_URL} does not answer`);

let database: Database;
const apps: FastifyInstance[] = [];
const clients: Redis[] = [];
let silent: Server | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  for (const client of clients) client.disconnect();
  redis?.disconnect();
  silent?.close();
  await database.close();
});

async function appWith(store: Redis, namespace: string) {
  const app = await buildTestApp(database, {
    rateLimits: true,
    rateLimitStore: { redis: store, namespace },
  });
  apps.push(app);
  return new TestClient(app);
}

let attempts = 0;
const attempt = (client: TestClient) =>
  client
    // A new address each time: the per-address throttle (decision 9) stays out of the way.
    .post('/api/v1/auth/signin', {
      email: `nobody.${(attempts += 1)}@example.com`,
      password: 'not the password',
    })
    .then((response) => response.statusCode);

/** Ten wrong sign-ins a minute per client address are answered; the eleventh is refused. */
const TEN_THEN_REFUSED = [...Array<number>(10).fill(401), 429];

describe.skipIf(!redis)(`rate limits shared through Redis (${REDIS_URL})`, () => {
  it('counts one address across two app servers: the eleventh sign-in a minute is refused', async () => {
    if (!redis) return;
    const namespace = `bank-rl-test:${process.pid}:${Date.now()}:`;
    const [first, second] = [await appWith(redis, namespace), await appWith(redis, namespace)];
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push(await attempt(first), await attempt(second));
    expect(codes).toEqual(Array(10).fill(401));
    expect(await attempt(first)).toBe(429);
    expect(await attempt(second)).toBe(429);
    const keys = await redis.keys(`${namespace}*`);
    expect(keys.length).toBeGreaterThan(0);
    await redis.del(...keys);
  });
});

describe('rate limits while Redis cannot answer', () => {
  it('count in this process when Redis refuses connections: still limited, never a 500', async () => {
    const down = createRedisClient('redis://127.0.0.1:1');
    clients.push(down);
    const client = await appWith(down, 'bank-rl-down:');
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push(await attempt(client));
    expect(codes).toEqual(TEN_THEN_REFUSED);
  });

  it('count in this process when Redis accepts but never replies: no request hangs', async () => {
    // A server that takes the connection and says nothing, as a wedged Redis would.
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent?.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    const wedged = createRedisClient(`redis://127.0.0.1:${port}`);
    clients.push(wedged);
    const client = await appWith(wedged, 'bank-rl-wedged:');
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push(await attempt(client));
    expect(codes).toEqual(TEN_THEN_REFUSED);
  });
});
