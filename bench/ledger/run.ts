/**
 * Ledger throughput: transfers posted through the ledger service by N concurrent workers over
 * M accounts, on PGlite (on disk, as a newcomer runs it) and on PostgreSQL.
 *
 *   npm run bench:ledger -- [--engine pglite|postgres|all] [--scenario spread|hot|all]
 *                           [--workers 32] [--accounts 1000] [--transfers 20000] [--seed 1]
 *                           [--pool 16]
 *
 * PostgreSQL is reached at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres);
 * each run creates and drops its own database. Exits 1 if the invariant check finds anything.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import {
  checkLedger,
  ensureInternalAccounts,
  openCustomerAccount,
  postEntry,
  postTransfer,
} from '../../apps/server/src/ledger/index.js';
import { AppError } from '../../apps/server/src/platform/errors.js';
import { enginesFrom, openBenchDatabase, percentile } from '../common.js';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'all' },
    scenario: { type: 'string', default: 'all' },
    workers: { type: 'string', default: '32' },
    accounts: { type: 'string', default: '1000' },
    transfers: { type: 'string', default: '20000' },
    seed: { type: 'string', default: '1' },
    pool: { type: 'string', default: '16' },
  },
});

const workers = Number(args.workers);
const accountCount = Number(args.accounts);
const transfers = Number(args.transfers);
/** PostgreSQL connections; fewer than workers means workers queue for one, as behind an app server. */
const pool = Number(args.pool);
const engines = enginesFrom(args.engine);
const scenarios = args.scenario === 'all' ? ['spread', 'hot'] : [args.scenario ?? 'spread'];
const OPENING_BALANCE = 1_000_000_00n;

/** mulberry32: a small seeded generator, so every run draws the same transfers. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Result {
  engine: string;
  scenario: string;
  accounts: number;
  transfers: number;
  rejected: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  invariants: string;
}

async function runScenario(engine: string, scenario: string): Promise<Result> {
  const { database, cleanup } = await openBenchDatabase(engine, pool);
  const { db } = database;
  try {
    const size = scenario === 'hot' ? 2 : accountCount;
    const internal = await ensureInternalAccounts(db, 'USD');
    const accounts: bigint[] = [];
    for (let i = 0; i < size; i++) {
      const account = await openCustomerAccount(db, {
        ownerId: BigInt(i + 1),
        kind: 'customer_current',
        currency: 'USD',
        name: `bench ${i}`,
      });
      accounts.push(account.id);
    }
    for (let i = 0; i < size; i += 99) {
      const batch = accounts.slice(i, i + 99);
      await postEntry(db, {
        idempotencyKey: `fund-${i}`,
        kind: 'opening_balance',
        memo: 'benchmark funding',
        actor: 'system',
        postings: [
          {
            accountId: internal.suspense.id,
            amount: -OPENING_BALANCE * BigInt(batch.length),
            currency: 'USD',
          },
          ...batch.map((accountId) => ({ accountId, amount: OPENING_BALANCE, currency: 'USD' })),
        ],
      });
    }

    const draw = random(Number(args.seed));
    const plan = Array.from({ length: transfers }, (_, i) => {
      if (scenario === 'hot') {
        const [a, b] = accounts as [bigint, bigint];
        return {
          from: i % 2 ? a : b,
          to: i % 2 ? b : a,
          amount: 1n + BigInt(Math.floor(draw() * 10_000)),
        };
      }
      const from = Math.floor(draw() * size);
      const to = (from + 1 + Math.floor(draw() * (size - 1))) % size;
      return {
        from: accounts[from] as bigint,
        to: accounts[to] as bigint,
        amount: 1n + BigInt(Math.floor(draw() * 10_000)),
      };
    });

    const latencies: number[] = [];
    let next = 0;
    let rejected = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: workers }, async () => {
        for (let i = next++; i < plan.length; i = next++) {
          const t = plan[i];
          if (!t) break;
          const t0 = performance.now();
          try {
            await postTransfer(db, {
              idempotencyKey: `bench-${i}`,
              kind: 'transfer',
              memo: 'benchmark',
              actor: 'system',
              fromAccountId: t.from,
              toAccountId: t.to,
              amount: t.amount,
              currency: 'USD',
            });
          } catch (error) {
            if (!(error instanceof AppError && error.code === 'LEDGER_INSUFFICIENT_FUNDS'))
              throw error;
            rejected++;
          }
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const report = await checkLedger(db);
    return {
      engine,
      scenario,
      accounts: size,
      transfers,
      rejected,
      seconds: Number(seconds.toFixed(2)),
      perSecond: Math.round(transfers / seconds),
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      invariants: report.ok ? 'ok' : `${report.violations.length} violations`,
    };
  } finally {
    await database.close();
    cleanup();
  }
}

const results: Result[] = [];
for (const engine of engines) {
  for (const scenario of scenarios) {
    process.stdout.write(`running ${engine} ${scenario} (${workers} workers)...\n`);
    results.push(await runScenario(engine, scenario));
  }
}
console.log(
  `\nLedger benchmark: ${workers} workers, PostgreSQL pool ${pool}, ${transfers} transfers per run, Node ${process.version}, ${os.cpus().length} cores`,
);
console.table(
  results.map((r) => ({
    engine: r.engine,
    scenario: r.scenario,
    accounts: r.accounts,
    'transfers/s': r.perSecond,
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    seconds: r.seconds,
    rejected: r.rejected,
    invariants: r.invariants,
  })),
);
if (results.some((r) => r.invariants !== 'ok')) process.exit(1);
