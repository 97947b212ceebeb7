import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYEE_CHECK_LIMITS } from '../../src/modules/transfers/payee-limits.js';
import { createRedisClient } from '../../src/platform/redis.js';
import { buildTestApp } from '../helpers/app.js';
import { engineName } from '../helpers/database.js';
import { TestClient } from '../helpers/http.js';
import { useTestApp } from '../helpers/suite.js';
import { PAYEE_CHECKS, TRANSFERS, OWN_SWIFT, details, newKey, transferHelpers } from './setup.js';

/**
 * The payee check is limited per customer and per account number (decision 24), and the limits
 * hold for checks sent at the same moment: one session can no longer try 60 account numbers
 * and names in a second. The people are made on an app without limits; the checks are sent to
 * an app on the same database with its limits on, each client from an address of its own.
 */
const suite = useTestApp();
const t = transferHelpers(suite);
let limited: FastifyInstance;
const others: FastifyInstance[] = [];

/** Redis when one answers here (CI sets TEST_REDIS_URL, and then it must). */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
async function connected(url: string): Promise<Redis | null> {
  const client = createRedisClient(url);
  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 2_000);
    client.once('ready', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  if (ready) return client;
  client.disconnect();
  return null;
}
const redis = await connected(REDIS_URL);
if (process.env.TEST_REDIS_URL && !redis) throw new Error(`Redis at ${REDIS_URL} does not answer`);

beforeAll(async () => {
  limited = await buildTestApp(suite.database, { rateLimits: true });
  await limited.ready();
});
afterAll(async () => {
  await limited?.close();
  await Promise.all(others.map((app) => app.close()));
  redis?.disconnect();
});

let addresses = 0;
/** The customer's session, on the limited app, from an address no other test uses. */
function onLimited(c: { client: TestClient }) {
  addresses += 1;
  const client = new TestClient(limited, 'Mozilla/5.0 (Checker)', `198.51.100.${addresses}`);
  client.cookie = c.client.cookie;
  return client;
}

const checks = (client: TestClient, accountNumber: string, n: number) =>
  Promise.all(
    Array.from({ length: n }, () =>
      client.post(PAYEE_CHECKS, { accountNumber, name: 'Ngozi Eze' }),
    ),
  );

const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort();

async function rateLimitRows(customerId: bigint) {
  return suite.database.db
    .selectFrom('audit_log')
    .select(['action', 'target_id', 'after', 'customer_id', 'ip'])
    .where('action', '=', 'security.rate_limited')
    .where('customer_id', '=', customerId)
    .execute();
}

describe(`payee-check limits (${engineName})`, () => {
  beforeAll(async () => {
    await t.ownSwift();
  });

  it('lets a customer check ten payees in fifteen minutes, even all at once, and records the burst', async () => {
    const payer = await t.sender(100_000n);
    const to = await t.sender(0n, { firstName: 'Ngozi', lastName: 'Eze' });
    const client = onLimited(payer);
    const { max } = PAYEE_CHECK_LIMITS.customerBurst;
    const answers = await checks(client, to.accountNumber, max + 4);
    expect(statuses(answers)).toEqual([...Array(max).fill(200), ...Array(4).fill(429)]);
    const refusal = answers.find((a) => a.statusCode === 429);
    expect(refusal?.json()).toMatchObject({
      code: 'RATE_LIMITED',
      detail: expect.stringMatching(/^You have checked 10 payees in the last 15 minutes\./),
    });
    expect(Number(refusal?.headers['retry-after'])).toBeGreaterThan(0);
    expect(refusal?.body).not.toMatch(/Ngozi E\./);
    // Other account numbers too: the limit is the customer's, whoever they check.
    const other = await t.sender(0n);
    expect((await checks(client, other.accountNumber, 1))[0]?.statusCode).toBe(429);
    // The full form to this bank's SWIFT checks the holder's name too: it counts alike.
    const named = await client.post(
      TRANSFERS,
      details({
        swift: OWN_SWIFT,
        accountNumber: to.accountNumber,
        accountHolderName: 'Ngozi Eze',
      }),
      { 'idempotency-key': newKey() },
    );
    expect(named.statusCode).toBe(429);
    // Refused many times, recorded once (per address, route and limit in a minute).
    expect(await rateLimitRows(payer.userId)).toEqual([
      expect.objectContaining({
        target_id: 'POST /api/v1/transfers/payee-checks',
        after: { limit: 10, window: '15 minutes', scope: 'customer' },
        ip: '198.51.100.1',
      }),
      expect.objectContaining({
        target_id: 'POST /api/v1/transfers',
        after: { limit: 10, window: '15 minutes', scope: 'customer' },
      }),
    ]);
  });

  it('lets an account number be checked twenty times an hour by everyone together', async () => {
    const target = await t.sender(0n, { firstName: 'Ngozi', lastName: 'Eze' });
    const payers = [await t.sender(1n), await t.sender(1n), await t.sender(1n)];
    const [a, b, c] = payers.map(onLimited) as [TestClient, TestClient, TestClient];
    const { max } = PAYEE_CHECK_LIMITS.account;
    const answers = (
      await Promise.all([
        checks(a, target.accountNumber, 9),
        checks(b, target.accountNumber, 9),
        checks(c, target.accountNumber, 6),
      ])
    ).flat();
    expect(statuses(answers)).toEqual([...Array(max).fill(200), ...Array(24 - max).fill(429)]);
    const refusal = answers.find((x) => x.statusCode === 429);
    expect(refusal?.json()).toMatchObject({
      detail: expect.stringMatching(/^This account number has been checked too many times/),
    });
    // Another account is still open to the same customers.
    const other = await t.sender(0n, { firstName: 'Kofi', lastName: 'Mensah' });
    expect((await checks(a, other.accountNumber, 1))[0]?.statusCode).toBe(200);
    const rows = (await Promise.all(payers.map((p) => rateLimitRows(p.userId)))).flat();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => (r.after as { scope: string }).scope === 'account')).toBe(true);
  });

  it('does not count a mistyped number against anyone', async () => {
    const payer = await t.sender(100_000n);
    const client = onLimited(payer);
    const answers = await checks(client, '1234567890', 15);
    // 1234567890 fails the check digit (it would be 7): a typo, caught before anything is read.
    expect(statuses(answers)).toEqual(Array(15).fill(400));
    const to = await t.sender(0n, { firstName: 'Ngozi', lastName: 'Eze' });
    expect((await checks(client, to.accountNumber, 1))[0]?.statusCode).toBe(200);
  });

  it.skipIf(!redis)('counts a customer’s checks across app servers sharing Redis', async () => {
    if (!redis) return;
    const namespace = `bank-rl-payee:${process.pid}:${Date.now()}:`;
    for (let i = 0; i < 2; i++) {
      const app = await buildTestApp(suite.database, {
        rateLimits: true,
        rateLimitStore: { redis, namespace },
      });
      await app.ready();
      others.push(app);
    }
    const payer = await t.sender(100_000n);
    const to = await t.sender(0n, { firstName: 'Ngozi', lastName: 'Eze' });
    const [a, b] = others.map((app) => {
      const client = new TestClient(app, 'Mozilla/5.0 (Checker)', '192.0.2.77');
      client.cookie = payer.client.cookie;
      return client;
    }) as [TestClient, TestClient];
    const answers = (
      await Promise.all([checks(a, to.accountNumber, 6), checks(b, to.accountNumber, 6)])
    ).flat();
    expect(statuses(answers)).toEqual([...Array(10).fill(200), 429, 429]);
    const keys = await redis.keys(`${namespace}*`);
    // One counter per window (15 minutes, a day), each counting every check once.
    for (const window of ['15m', '1440m']) {
      expect(
        keys.some((key) => key.endsWith(`payee-check:customer:${payer.userId}:${window}`)),
      ).toBe(true);
    }
    expect(keys.some((key) => key.includes('undefined'))).toBe(false);
    await redis.del(...keys);
  });
});
