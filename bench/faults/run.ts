/**
 * `npm run test:faults`: crashes in the middle of many customers' transfers, and what must hold
 * afterwards (bench/cluster/checks.ts). The built server (`node apps/server/dist/main.js`, built
 * first when missing) on PostgreSQL, a fresh database, `--customers` customers at once, each
 * signing in and sending transfers through every step (create with an Idempotency-Key, confirm,
 * PIN, the emailed code for the first, submit), each from its own loopback address. Meanwhile the
 * server is SIGKILLed `--kills` times and started again; the customers retry through it with
 * the same keys. Then: every acknowledged transfer exists exactly once, balances are the opening
 * deposit less what was acknowledged, the books balance, no balance is negative, and no email
 * owed (codes, "Transfer in progress") is lost.
 *
 *   npm run test:faults                     short form (CI): about a minute
 *   npm run test:faults -- --long           also restarts PostgreSQL itself (`-m immediate`)
 *   FAULTS_LONG=1 npm run test:faults       the same
 *
 * Options: --customers, --transfers (at least, each), --kills, --port (3105), --keep (leave
 * the database). The short form uses a new database on the PostgreSQL at FAULTS_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres), dropped at the end. The long form
 * makes its own PostgreSQL 15 cluster (Debian's pg_createcluster, port --pg-port, 3110) so that
 * the immediate restart hits no one else's databases, and drops it at the end. Logs and data
 * folders stay under data/faults/ for a look afterwards. Exit status 1 when anything did not
 * hold.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createScratchDatabase } from '../../apps/server/src/db/scratch.js';
import { checkRun } from '../cluster/checks.js';
import { CustomerSession, Inbox } from '../cluster/customer.js';
import { GapMeter, HttpClient, sleep } from '../cluster/http.js';
import { AppServer, PrivateCluster, ensureBuilt, have, repoRoot } from '../cluster/processes.js';
import { seedCustomers } from '../cluster/seed.js';

const { values: args } = parseArgs({
  options: {
    long: { type: 'boolean', default: process.env.FAULTS_LONG === '1' },
    customers: { type: 'string' },
    transfers: { type: 'string' },
    kills: { type: 'string' },
    port: { type: 'string', default: '3105' },
    'pg-port': { type: 'string', default: '3110' },
    keep: { type: 'boolean', default: false },
  },
});
const long = args.long ?? false;
const customersN = Number(args.customers ?? (long ? 24 : 10));
const transfersN = Number(args.transfers ?? (long ? 12 : 4));
const killsN = Number(args.kills ?? (long ? 8 : 3));
const runId = Date.now().toString(36);
const runDir = path.join(repoRoot, 'data', 'faults');
const t0 = performance.now();
const at = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
const say = (line: string) => console.log(`[${at()}] ${line}`);

ensureBuilt();
rmSync(runDir, { recursive: true, force: true });

let cluster: PrivateCluster | undefined;
let serverUrl = process.env.FAULTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (long) {
  if (!have('pg_createcluster'))
    throw new Error('--long needs Debian PostgreSQL (pg_createcluster)');
  cluster = new PrivateCluster('15', `bankfaults`, Number(args['pg-port']));
  cluster.create();
  serverUrl = cluster.serverUrl;
  say(`own PostgreSQL cluster 15/bankfaults on port ${cluster.port}`);
}

const database = await createScratchDatabase({ serverUrl, prefix: 'bank_faults', poolSize: 4 });
const secretKey = 'f'.repeat(64);
const customers = await seedCustomers(database.db, {
  count: customersN,
  opening: 100_000n,
  secretKey,
  runId,
});
say(`database ${database.url?.replace(/.*\//, '')}: ${customersN} customers with 1,000.00 each`);

const dataDir = path.join(runDir, 'app');
const server = new AppServer({
  name: 'app',
  port: Number(args.port),
  dataDir,
  databaseUrl: database.url ?? '',
  logDir: runDir,
});
await server.start();
say(`server up on ${server.url}`);

const meter = new GapMeter(t0);
const inbox = new Inbox([dataDir]);
let killsDone = 0;
let pgRestarts = 0;
let loadDone = false;
const events: string[] = [];

async function customerLoop(session: CustomerSession) {
  await session.signIn();
  await session.readDashboard();
  // At least `transfersN` each, and on until the crashes are over, so that they land mid-load.
  for (let n = 0; n < transfersN * 4 && (n < transfersN || killsDone < killsN); n++) {
    await session.transfer(n, 500n);
    if (n % 2 === 0) await session.readDashboard();
  }
}

async function crashLoop() {
  await sleep(1_500);
  while (killsDone < killsN && !loadDone) {
    await sleep(1_000 + Math.random() * 2_000);
    if (loadDone) break;
    await server.kill();
    killsDone += 1;
    events.push(`${at()} SIGKILL ${killsDone}`);
    say(`SIGKILL ${killsDone}/${killsN}`);
    if (cluster && killsDone === Math.ceil(killsN / 2)) {
      // The database goes down hard while the server is down, then the server comes back to a
      // database that replayed its WAL; and once more under load, with the server running.
      cluster.restartImmediate();
      pgRestarts += 1;
      events.push(`${at()} PostgreSQL restart -m immediate (server down)`);
      say('PostgreSQL restarted -m immediate');
    }
    await sleep(200 + Math.random() * 600);
    const started = performance.now();
    await server.start();
    events.push(`${at()} server up again in ${Math.round(performance.now() - started)} ms`);
    if (cluster && killsDone === Math.ceil(killsN / 2) + 1) {
      await sleep(1_000);
      cluster.restartImmediate();
      pgRestarts += 1;
      events.push(`${at()} PostgreSQL restart -m immediate (under load)`);
      say('PostgreSQL restarted -m immediate under load');
    }
  }
}

const sessions = customers.map(
  (c) =>
    new CustomerSession(
      c,
      new HttpClient(server.url, `127.0.0.${10 + c.index}`),
      meter,
      inbox,
      runId,
    ),
);
let failure: unknown;
const crashes = crashLoop();
const settled = await Promise.allSettled(sessions.map((s) => customerLoop(s)));
for (const result of settled) if (result.status === 'rejected') failure ??= result.reason;
loadDone = true;
await crashes;
say(`load over: ${killsDone} kills, ${pgRestarts} PostgreSQL restarts`);
for (const s of sessions) s.http.close();

const acknowledged = sessions.flatMap((s) => s.acknowledged);
const refused = sessions.flatMap((s) => s.refused);
const verdict = await checkRun(database.db, customers, acknowledged, inbox);
await server.stop();
if (failure) verdict.problems.unshift(`a customer gave up: ${String(failure)}`);
if (refused.length > 0) verdict.problems.push(...refused.map((r) => `refused: ${r}`));
if (killsDone < killsN)
  verdict.problems.push(`only ${killsDone} of ${killsN} kills landed mid-load`);
const ok = verdict.problems.length === 0;

console.log(
  JSON.stringify(
    {
      form: long ? 'long' : 'short',
      seconds: Number(((performance.now() - t0) / 1000).toFixed(1)),
      customers: customersN,
      kills: killsDone,
      pgRestarts,
      serverStarts: server.starts,
      requestRetries: meter.retries,
      longestWaitMs: Math.round(meter.longestMs),
      longestWaitFor: `${meter.longestWhat}, from ${(meter.longestStartedAt / 1000).toFixed(1)} s`,
      longestTransferMs: Math.round(meter.longestTransferMs),
      ...verdict.figures,
      events,
      problems: verdict.problems,
      verdict: ok ? 'PASS' : 'FAIL',
    },
    null,
    2,
  ),
);

if (!args.keep) await database.close();
cluster?.drop();
process.exit(ok ? 0 : 1);
