/**
 * The server side of `npm run bench:http`, started by run.ts as a process of its own so that the
 * load generator never shares the server's event loop or CPU time slice. It builds the whole app
 * (createDeps + buildApp, as main.ts does) on a fresh database, seeds approved customers with an
 * open account and a history, gives each a customer session, listens on a free loopback port
 * and prints one JSON line on stdout: { port, cookies, history }. It stops (closing the app and
 * dropping the database) when its stdin ends or on SIGTERM.
 *
 *   tsx bench/http/server.ts [--engine postgres|pglite] [--customers 64] [--history 50]
 *                            [--pool 20]
 *
 * Plus one route the product does not have: GET /bench/bare, the app's hooks with no database
 * work, the ceiling the other targets are read against.
 */
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app.js';
import type { Database } from '../../apps/server/src/db/connection.js';
import { ensureInternalAccounts, postEntry } from '../../apps/server/src/ledger/index.js';
import { hashPassword } from '../../apps/server/src/platform/security/passwords.js';
import { createSession } from '../../apps/server/src/platform/security/sessions.js';
import { sessionCookieName } from '../../apps/server/src/plugins/session.js';
import { benchDeps } from '../app.js';
import { approvedCustomer, openBenchDatabase } from '../common.js';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    customers: { type: 'string', default: '64' },
    history: { type: 'string', default: '50' },
    pool: { type: 'string', default: '20' },
  },
});
const customers = Number(args.customers);
const history = Number(args.history);

/** What run.ts reads from the first line of stdout. */
export interface BenchServerReady {
  port: number;
  /** One `name=value` session cookie per customer. */
  cookies: string[];
  history: number;
}

/** Approved customers, each with an open account, `history` deposits and a customer session. */
async function seed(database: Database): Promise<string[]> {
  const { db } = database;
  const internal = await ensureInternalAccounts(db, 'USD');
  const cookieName = sessionCookieName(false);
  const passwordHash = await hashPassword('benchmark passphrase velvet tram');
  const cookies: string[] = [];
  for (let i = 0; i < customers; i++) {
    const { user, account } = await approvedCustomer(db, {
      firstName: 'Bench',
      lastName: `Customer ${i}`,
      username: `bench_${i}`,
      email: `bench.${i}@example.com`,
      passwordHash,
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
    // The session sign-in would make once the password is verified (sign-in itself is not
    // what this measures).
    const { token } = await createSession(db, {
      userId: user.id,
      scope: 'customer',
      ip: '127.0.0.1',
      userAgent: 'bench',
    });
    cookies.push(`${cookieName}=${token}`);
  }
  return cookies;
}

const { database, cleanup } = await openBenchDatabase(args.engine ?? 'postgres', Number(args.pool));
const { deps, removeUploads } = benchDeps(database, 'b'.repeat(64));
const app = await buildApp({ deps, rateLimits: false, logger: false });
app.get('/bench/bare', { schema: { hide: true } }, async () => ({ ok: true }));

let stopping: Promise<void> | undefined;
function stop(): Promise<void> {
  stopping ??= (async () => {
    await app.close();
    await database.close();
    cleanup();
    removeUploads();
  })();
  return stopping;
}
process.on('SIGTERM', () => void stop().then(() => process.exit(0)));
process.stdin.on('end', () => void stop().then(() => process.exit(0)));
process.stdin.resume();

try {
  const cookies = await seed(database);
  // Statistics and visibility as autovacuum would have left them on a database in use.
  await sql`vacuum analyze`.execute(database.db);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const ready: BenchServerReady = {
    port: (app.server.address() as AddressInfo).port,
    cookies,
    history,
  };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
} catch (error) {
  console.error(error);
  await stop();
  process.exit(1);
}
