/**
 * The signed-in customer's reads over real HTTP, loaded from another process: this process starts
 * the app as a child (bench/http/server.ts: the whole app on a fresh database, customers seeded,
 * each with their own session) and drives it with autocannon from here, so the load generator
 * and the server never share an event loop. Four targets in one run, each with `--connections`
 * keep-alive connections for `--duration` seconds after a `--warmup`:
 *
 *   bare        GET /bench/bare (a route of the bench server only: the app's hooks, no database)
 *   health      GET /api/health (one database round trip)
 *   summary     GET /api/v1/accounts/current, signed in
 *   latest-ten  GET /api/v1/accounts/current/transactions?limit=10, signed in
 *
 * The measured time is taken in `--rounds` turns (each target for duration/rounds seconds, then
 * the next), so that other work on the machine weighs on every target alike; req/s is the 2xx
 * answers over the seconds measured, p50/p99 over every 2xx answer. The signed-in targets take
 * the customers' session cookies in turn, request by request, so every customer's session is
 * read across all connections. Any answer that is not a 2xx (or a
 * connection error) fails the run. The target: summary and latest-ten each serve at least half
 * of health's requests per second in the same run, with p99 under 50 ms.
 *
 *   npm run bench:http -- [--engine postgres|pglite] [--duration 10] [--warmup 2] [--rounds 5]
 *                         [--connections 50] [--customers 64] [--history 50] [--pool 20]
 *                         [--only health,summary]
 *
 * PostgreSQL is reached at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres);
 * each run creates and drops its own database. Exit status 1 when a request failed or the target
 * was missed.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { percentile, spawnBenchServer } from '../common.js';
import type { BenchServerReady } from './server.js';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    customers: { type: 'string', default: '64' },
    history: { type: 'string', default: '50' },
    pool: { type: 'string', default: '20' },
    only: { type: 'string' },
  },
});
const engine = args.engine ?? 'postgres';
if (engine !== 'postgres' && engine !== 'pglite') throw new Error(`unknown engine ${engine}`);
const duration = Number(args.duration);
const warmup = Number(args.warmup);
const connections = Number(args.connections);
const rounds = Number(args.rounds);

/** The ratio each signed-in read must reach against health, and the p99 ceiling. */
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 50;

interface Target {
  name: 'bare' | 'health' | 'summary' | 'latest-ten';
  path: string;
  signedIn: boolean;
  /** Checks one answer's body before the load, so the load measures the real thing. */
  check: (body: unknown) => boolean;
}

interface Row {
  target: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'non-2xx': number;
  'vs health': string;
}

function startServer() {
  return spawnBenchServer<BenchServerReady>(
    fileURLToPath(new URL('./server.ts', import.meta.url)),
    [
      '--engine',
      engine,
      '--customers',
      String(args.customers),
      '--history',
      String(args.history),
      '--pool',
      String(args.pool),
    ],
  );
}

/** Cookies in turn, one per request, shared by every connection. */
function cookieRotation(cookies: string[]) {
  let next = 0;
  return (request: autocannon.Request): autocannon.Request => {
    const cookie = cookies[next++ % cookies.length] ?? '';
    return { ...request, headers: { ...request.headers, cookie } };
  };
}

interface Measured {
  /** 2xx answers and the seconds they took. */
  ok: number;
  seconds: number;
  /** Milliseconds of every 2xx answer. */
  latencies: number[];
  failed: number;
}

async function load(
  base: string,
  target: Target,
  cookies: string[],
  seconds: number,
): Promise<Measured> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${base}${target.path}`,
        connections,
        duration: seconds,
        ...(target.signedIn ? { requests: [{ setupRequest: cookieRotation(cookies) }] } : {}),
      },
      (error, done) => (error ? reject(error as Error) : resolve(done)),
    );
    // autocannon's own percentiles are whole milliseconds; these keep the fraction.
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
  return {
    ok: result['2xx'],
    seconds: result.duration,
    latencies,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

const { ready, stop } = await startServer();
const base = `http://127.0.0.1:${ready.port}`;
const expectedItems = Math.min(10, ready.history);
const targets: Target[] = [
  {
    name: 'bare',
    path: '/bench/bare',
    signedIn: false,
    check: (b) => isObject(b) && b.ok === true,
  },
  {
    name: 'health',
    path: '/api/health',
    signedIn: false,
    check: (b) => isObject(b) && b.status === 'ok',
  },
  {
    name: 'summary',
    path: '/api/v1/accounts/current',
    signedIn: true,
    check: (b) => isObject(b) && typeof b.accountNumber === 'string' && b.totalCredit !== '0',
  },
  {
    name: 'latest-ten',
    path: '/api/v1/accounts/current/transactions?limit=10',
    signedIn: true,
    check: (b) => isObject(b) && Array.isArray(b.items) && b.items.length === expectedItems,
  },
];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const rows: Row[] = [];
let failed = 0;
try {
  process.stdout.write(
    `${engine}: ${ready.cookies.length} customers (${ready.history} postings each), ` +
      `${connections} connections, ${warmup} s warm-up + ${duration} s per target ` +
      `(in ${rounds} rounds of ${duration / rounds} s)\n`,
  );
  const chosen = targets.filter((t) => !args.only || args.only.split(',').includes(t.name));
  for (const target of chosen) {
    const response = await fetch(`${base}${target.path}`, {
      headers: target.signedIn ? { cookie: ready.cookies[0] ?? '' } : {},
    });
    const body: unknown = await response.json();
    if (response.status !== 200 || !target.check(body)) {
      throw new Error(
        `${target.name}: unexpected answer ${response.status} ${JSON.stringify(body)}`,
      );
    }
    if (warmup > 0) await load(base, target, ready.cookies, warmup);
  }
  // Round after round, each target in turn, so that whatever else the machine is doing weighs
  // on every target alike.
  const totals = new Map(chosen.map((t) => [t.name, [] as Measured[]]));
  for (let round = 0; round < rounds; round++) {
    for (const target of chosen) {
      totals.get(target.name)?.push(await load(base, target, ready.cookies, duration / rounds));
    }
  }
  for (const target of chosen) {
    const parts = totals.get(target.name) ?? [];
    const ok = parts.reduce((sum, m) => sum + m.ok, 0);
    const seconds = parts.reduce((sum, m) => sum + m.seconds, 0);
    const latencies = parts.flatMap((m) => m.latencies).sort((x, y) => x - y);
    const targetFailed = parts.reduce((sum, m) => sum + m.failed, 0);
    failed += targetFailed;
    rows.push({
      target: target.name,
      'req/s': Math.round(ok / seconds),
      'p50 ms': percentile(latencies, 0.5),
      'p99 ms': percentile(latencies, 0.99),
      'non-2xx': targetFailed,
      'vs health': '',
    });
  }
} finally {
  await stop();
}

const health = rows.find((r) => r.target === 'health')?.['req/s'] ?? 0;
for (const row of rows) row['vs health'] = health > 0 ? (row['req/s'] / health).toFixed(2) : '-';
console.table(rows);

const reads = rows.filter((r) => r.target === 'summary' || r.target === 'latest-ten');
const met = reads.every(
  (r) => r['req/s'] >= TARGET_RATIO * health && r['p99 ms'] < TARGET_P99_MS && r['non-2xx'] === 0,
);
process.stdout.write(
  `target (summary and latest-ten each >= ${TARGET_RATIO} x health req/s, p99 < ${TARGET_P99_MS} ms, ` +
    `every answer 2xx): ${met ? 'met' : 'NOT met'}\n`,
);
if (failed > 0) process.stdout.write(`${failed} requests failed or were not 2xx\n`);
process.exitCode = met && failed === 0 ? 0 : 1;
