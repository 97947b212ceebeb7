/**
 * The signed-in customer's first screen over real HTTP: sign-in (argon2id verification and a new
 * session), then dashboard home loads (account summary plus the ten latest transactions), by N
 * concurrent customers, each with their own session, on PGlite (on disk) and on PostgreSQL.
 *
 *   npm run bench:http -- [--engine pglite|postgres|all] [--customers 64] [--loads 5000]
 *                         [--history 50] [--pool 16]
 *
 * PostgreSQL is reached at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres);
 * each run creates and drops its own database. Rate limits are off: this measures the work.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../apps/server/src/app.js';
import { createDeps } from '../../apps/server/src/deps.js';
import type { Database } from '../../apps/server/src/db/connection.js';
import {
  ensureInternalAccounts,
  openCustomerAccount,
  postEntry,
} from '../../apps/server/src/ledger/index.js';
import { hashPassword } from '../../apps/server/src/platform/security/passwords.js';
import { enginesFrom, openBenchDatabase, percentile } from '../common.js';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'all' },
    customers: { type: 'string', default: '64' },
    loads: { type: 'string', default: '5000' },
    history: { type: 'string', default: '50' },
    pool: { type: 'string', default: '16' },
  },
});
const customers = Number(args.customers);
const loads = Number(args.loads);
const history = Number(args.history);
const pool = Number(args.pool);
const engines = enginesFrom(args.engine);
const PASSWORD = 'benchmark passphrase velvet tram';

interface Result {
  engine: string;
  customers: number;
  signinsPerSecond: number;
  signinP50: number;
  signinP99: number;
  homeLoads: number;
  homeLoadsPerSecond: number;
  homeP50: number;
  homeP99: number;
}

/** Approved customers with an open account and `history` deposits each (one password hash). */
async function seed(database: Database): Promise<string[]> {
  const { db } = database;
  const passwordHash = await hashPassword(PASSWORD);
  const internal = await ensureInternalAccounts(db, 'USD');
  const emails: string[] = [];
  for (let i = 0; i < customers; i++) {
    const email = `bench.${i}@example.com`;
    const user = await db
      .insertInto('users')
      .values({
        kind: 'customer',
        first_name: 'Bench',
        last_name: `Customer ${i}`,
        username: `bench_${i}`,
        email,
        password_hash: passwordHash,
        email_verified_at: new Date(),
        kyc_status: 'approved',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const account = await openCustomerAccount(db, {
      ownerId: user.id,
      kind: 'customer_current',
      currency: 'USD',
      name: `Bench Customer ${i}`,
    });
    for (let n = 0; n < history; n++) {
      await postEntry(db, {
        idempotencyKey: `bench-${i}-${n}`,
        kind: 'crypto_deposit',
        memo: `Deposit ${n + 1}`,
        actor: 'system',
        postings: [
          { accountId: internal.crypto_deposit_clearing.id, amount: -1_000n, currency: 'USD' },
          { accountId: account.id, amount: 1_000n, currency: 'USD' },
        ],
      });
    }
    emails.push(email);
  }
  return emails;
}

async function run(engine: string): Promise<Result> {
  const { database, cleanup } = await openBenchDatabase(engine, pool);
  const uploads = mkdtempSync(path.join(os.tmpdir(), 'bank-bench-uploads-'));
  const deps = createDeps({
    config: {
      basePath: '/wp-user',
      env: 'test',
      logLevel: 'silent',
      trustProxy: false,
      secretKey: 'b'.repeat(64),
      appUrl: 'http://127.0.0.1/wp-user',
      publicOrigin: undefined,
      currency: 'USD',
    },
    database,
    uploadsDir: uploads,
  });
  const app = await buildApp({ deps, rateLimits: false, logger: false });
  try {
    const emails = await seed(database);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    // Sign-in: four at a time, as a busy morning might bring them.
    const cookies: string[] = new Array<string>(emails.length);
    const signinTimes: number[] = [];
    let next = 0;
    const signinStarted = performance.now();
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let i = next++; i < emails.length; i = next++) {
          const t0 = performance.now();
          const response = await fetch(`${base}/api/v1/auth/signin`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-bank-csrf': '1' },
            body: JSON.stringify({ email: emails[i], password: PASSWORD }),
          });
          signinTimes.push(performance.now() - t0);
          if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
          const cookie = response.headers.get('set-cookie')?.split(';')[0];
          if (!cookie) throw new Error('no session cookie');
          cookies[i] = cookie;
        }
      }),
    );
    const signinSeconds = (performance.now() - signinStarted) / 1000;

    // Home loads: each customer, concurrently, asks for the summary and the latest ten.
    const homeTimes: number[] = [];
    let done = 0;
    const homeStarted = performance.now();
    await Promise.all(
      cookies.map(async (cookie) => {
        while (done < loads) {
          done++;
          const t0 = performance.now();
          const [summary, recent] = await Promise.all([
            fetch(`${base}/api/v1/accounts/current`, { headers: { cookie } }),
            fetch(`${base}/api/v1/accounts/current/transactions?limit=10`, { headers: { cookie } }),
          ]);
          if (!summary.ok || !recent.ok)
            throw new Error(`home failed: ${summary.status}/${recent.status}`);
          const items = ((await recent.json()) as { items: unknown[] }).items;
          await summary.arrayBuffer();
          if (items.length !== Math.min(10, history)) throw new Error('short history');
          homeTimes.push(performance.now() - t0);
        }
      }),
    );
    const homeSeconds = (performance.now() - homeStarted) / 1000;
    signinTimes.sort((a, b) => a - b);
    homeTimes.sort((a, b) => a - b);
    return {
      engine,
      customers,
      signinsPerSecond: Number((emails.length / signinSeconds).toFixed(1)),
      signinP50: percentile(signinTimes, 0.5),
      signinP99: percentile(signinTimes, 0.99),
      homeLoads: homeTimes.length,
      homeLoadsPerSecond: Math.round(homeTimes.length / homeSeconds),
      homeP50: percentile(homeTimes, 0.5),
      homeP99: percentile(homeTimes, 0.99),
    };
  } finally {
    await app.close();
    await database.close();
    cleanup();
    rmSync(uploads, { recursive: true, force: true });
  }
}

const results: Result[] = [];
for (const engine of engines) {
  process.stdout.write(`running ${engine} (${customers} customers, ${loads} home loads)...\n`);
  results.push(await run(engine));
}
console.table(results);
