/**
 * Bank transfers end to end, with `--customers` customers at once, each sending `--transfers`
 * transfers one after another through every step (create, confirm, PIN, submit; the first to a
 * new beneficiary also the emailed code): transfers per second and p50/p99 per step. Two ways,
 * each on its own fresh database (bench/transfers/bank.ts: the whole app, as main.ts builds it):
 *
 *   inject      in this process, through app.inject with each customer's session: the server's
 *               own work per step, without the network. Then the contention check: `--burst`
 *               submissions at once of one customer's transfers that each spend the whole
 *               balance (each already through its PIN step): exactly one must go.
 *   http        over real HTTP from this process against the app started as a separate process
 *               (bench/transfers/server.ts), as customers would reach it, keep-alive connections,
 *               one per customer. First the yardstick: GET /api/health with autocannon for
 *               `--health` seconds, one connection per customer, on the same server.
 *
 *   npm run bench:transfers -- [--engine pglite|postgres|all] [--customers 16] [--transfers 20]
 *                              [--burst 50] [--pool 20] [--via inject|http|both] [--health 5]
 *
 * Each flow also reports the CPU time spent per transfer (ms): `app`, the app's process (in
 * process, the bench's own; over HTTP, the server's, from its GET /bench/cpu), and `database`,
 * the PostgreSQL server's processes on this machine (read from /proc; absent for PGlite, which
 * runs inside the app's process). Their sum against the machine's cores is the ceiling of
 * transfers a second, whatever the locks.
 *
 * The code is read where the app issues it (the inbox), as the customer would read their email.
 * PostgreSQL is reached at BENCH_DATABASE_URL. Exit status 1 when a step failed, the burst did
 * not end with exactly one transfer, or the books do not balance.
 */
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { checkLedger } from '../../apps/server/src/ledger/index.js';
import {
  enginesFrom,
  percentile,
  perTransfer,
  postgresCpuMs,
  spawnBenchServer,
} from '../common.js';
import { FlowDriver, startBenchBank, type Call, type Person } from './bank.js';
import type { TransferServerReady } from './server.js';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pglite' },
    customers: { type: 'string', default: '16' },
    transfers: { type: 'string', default: '20' },
    burst: { type: 'string', default: '50' },
    pool: { type: 'string', default: '20' },
    via: { type: 'string', default: 'both' },
    health: { type: 'string', default: '5' },
  },
});
const customers = Number(args.customers);
const perCustomer = Number(args.transfers);
const burst = Number(args.burst);
const via = args.via ?? 'both';
if (!['inject', 'http', 'both'].includes(via)) throw new Error(`unknown --via ${via}`);

async function inProcess(engine: string) {
  const bank = await startBenchBank(engine, Number(args.pool));
  const { app } = bank;
  const call: Call = async (who, method, url, body, key) => {
    const res = await app.inject({
      method,
      url,
      headers: {
        cookie: who.cookie,
        'x-bank-csrf': '1',
        ...(key ? { 'idempotency-key': key } : {}),
      },
      payload: body ?? {},
    });
    return { status: res.statusCode, body: res.json() as unknown };
  };
  const readCode = async (who: Person) => bank.inbox.get(who.userId) ?? '';
  const people = await Promise.all(
    Array.from({ length: customers }, (_, i) => bank.seed(i, 100_000_000n)),
  );
  const cpu = process.cpuUsage();
  const database = postgresCpuMs();
  const flow = await new FlowDriver(call, readCode).run(people, perCustomer, 'bench');
  const used = process.cpuUsage(cpu);
  const databaseUsed = engine === 'postgres' ? postgresCpuMs() : undefined;
  // CPU per transfer: this process (the app, and for PGlite its database too, with the little
  // the driver adds) and the PostgreSQL server's processes.
  const cpuMs = {
    app: perTransfer((used.user + used.system) / 1000, flow.transfers),
    ...(databaseUsed !== undefined && database !== undefined
      ? { database: perTransfer(databaseUsed - database, flow.transfers) }
      : {}),
  };

  // The burst: one customer, `burst` transfers each of the whole balance, submitted at once.
  const setup = new FlowDriver(call, readCode);
  const rich = await bank.seed(customers + 1, 40_000n);
  await setup.send(rich, 'bench-burst-0', '1'); // pays the beneficiary once (with the code)
  const ready: string[] = [];
  for (let n = 1; n <= burst; n++)
    ready.push((await setup.send(rich, `bench-burst-${n}`, '399', 'submit')).id);
  const burstStarted = performance.now();
  const answers = await Promise.all(
    ready.map((id) =>
      call(rich, 'POST', `/api/v1/transfers/${id}/submit`, {}, `bench-burst-submit-${id}`),
    ),
  );
  const burstMs = performance.now() - burstStarted;
  const succeeded = answers.filter((r) => r.status === 200).length;
  if (process.env.BENCH_DEBUG)
    console.error(JSON.stringify(answers.map((a) => [a.status, a.body])));
  const books = await checkLedger(bank.database.db);
  await bank.close();
  return {
    flow: { ...flow, cpuMsPerTransfer: cpuMs },
    burst: { submissions: burst, succeeded, ms: Number(burstMs.toFixed(1)) },
    booksBalanced: books.ok,
  };
}

function startServer(engine: string) {
  return spawnBenchServer<TransferServerReady>(
    fileURLToPath(new URL('./server.ts', import.meta.url)),
    ['--engine', engine, '--customers', String(customers), '--pool', String(args.pool)],
  );
}

/** GET /api/health for `seconds`, one keep-alive connection per customer: req/s, p50, p99. */
async function health(base: string, seconds: number) {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: `${base}/api/health`, connections: customers, duration: seconds },
      (error, done) => (error ? reject(error as Error) : resolve(done)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === 200) latencies.push(responseTime);
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    perSecond: Math.round(result['2xx'] / result.duration),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

async function overHttp(engine: string) {
  const { ready, stop } = await startServer(engine);
  const base = `http://127.0.0.1:${ready.port}`;
  try {
    const yardstick = await health(base, Number(args.health));
    const call: Call = async (who, method, url, body, key) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          cookie: who.cookie,
          'x-bank-csrf': '1',
          'content-type': 'application/json',
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: JSON.stringify(body ?? {}),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    const readCode = async (who: Person) => {
      const res = await fetch(`${base}/bench/inbox/${who.userId}`);
      return ((await res.json()) as { code: string | null }).code ?? '';
    };
    const serverCpu = async () =>
      ((await (await fetch(`${base}/bench/cpu`)).json()) as { ms: number }).ms;
    const [app, database] = [await serverCpu(), postgresCpuMs()];
    const flow = await new FlowDriver(call, readCode).run(ready.people, perCustomer, 'http');
    const [appAfter, databaseAfter] = [await serverCpu(), postgresCpuMs()];
    const cpuMs = {
      app: perTransfer(appAfter - app, flow.transfers),
      ...(engine === 'postgres' && database !== undefined && databaseAfter !== undefined
        ? { database: perTransfer(databaseAfter - database, flow.transfers) }
        : {}),
    };
    const books = (await (await fetch(`${base}/bench/books`)).json()) as { ok: boolean };
    return {
      health: yardstick,
      flow: { ...flow, cpuMsPerTransfer: cpuMs },
      booksBalanced: books.ok,
    };
  } finally {
    await stop();
  }
}

let ok = true;
for (const engine of enginesFrom(args.engine)) {
  const header = { engine, customers, transfersEach: perCustomer };
  if (via !== 'http') {
    const result = await inProcess(engine);
    console.log(JSON.stringify({ ...header, via: 'inject', ...result }, null, 2));
    if (result.flow.failures > 0 || result.burst.succeeded !== 1 || !result.booksBalanced) {
      ok = false;
    }
  }
  if (via !== 'inject') {
    const result = await overHttp(engine);
    console.log(JSON.stringify({ ...header, via: 'http', ...result }, null, 2));
    if (result.flow.failures > 0 || result.health.failed > 0 || !result.booksBalanced) ok = false;
  }
}
process.exit(ok ? 0 : 1);
