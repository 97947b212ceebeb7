/**
 * `npm run scale:test`: the production shape on one machine, and what must hold in it.
 *
 * Two app servers (the built `node apps/server/dist/main.js`, ports 3105 and 3106), each with
 * its OWN data folder, on one fresh PostgreSQL database, sharing Redis (rate limits), behind
 * HAProxy on 3190 (installed with apt-get when missing, as .ci/run installs Chromium). Checks,
 * in order:
 *
 *   sessions     a session made on one server is good on the other
 *   upload       a picture uploaded through one server is read through the other (needs a
 *                shared upload store: fails while uploads are files under each DATA_DIR)
 *   rate limit   sign-ins from one address, alternating servers, stop at the route's limit of 10
 *                a minute in all, not 10 per server (Redis)
 *   live stream  a stream held on one server hears a transfer made on the other (LISTEN/NOTIFY)
 *   load         `--customers` customers through the proxy, each from its own address: sign-in,
 *                dashboard reads, transfers with Idempotency-Keys, a picture, and the live stream
 *                open throughout; one app server is SIGKILLed mid-load and started again
 *   afterwards   every acknowledged transfer exactly once, balances, the books, no negative
 *                balance, no email lost (bench/cluster/checks.ts); both servers served before and
 *                after the crash; periodic jobs ran once per period, not once per server; the
 *                longest time a customer waited for one call, and for the live stream
 *
 *   npm run scale:test [-- --customers 24 --seconds 40 --keep]
 *
 * PostgreSQL at SCALE_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; a
 * database made and dropped per run), Redis at SCALE_REDIS_URL (default
 * redis://127.0.0.1:6379/9, emptied first: give it a database of its own). Logs and data
 * folders stay under data/scale/. Exit status 1 when a check failed.
 */
import { execFileSync, spawn } from 'node:child_process';
import { rmSync, mkdirSync, writeFileSync, openSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import sharp from 'sharp';
import { createScratchDatabase } from '../../apps/server/src/db/scratch.js';
import { modules } from '../../apps/server/src/modules/index.js';
import { checkRun } from '../cluster/checks.js';
import { CustomerSession, Inbox } from '../cluster/customer.js';
import { GapMeter, HttpClient, sleep, withRetry } from '../cluster/http.js';
import { AppServer, ensureBuilt, have, repoRoot, waitHealthy } from '../cluster/processes.js';
import { seedCustomers } from '../cluster/seed.js';
import { LiveStream } from '../cluster/sse.js';

const { values: args } = parseArgs({
  options: {
    customers: { type: 'string', default: '24' },
    seconds: { type: 'string', default: '40' },
    'port-a': { type: 'string', default: '3105' },
    'port-b': { type: 'string', default: '3106' },
    'proxy-port': { type: 'string', default: '3190' },
    keep: { type: 'boolean', default: false },
  },
});
const customersN = Number(args.customers);
const loadSeconds = Number(args.seconds);
const proxyPort = Number(args['proxy-port']);
const runId = Date.now().toString(36);
const runDir = path.join(repoRoot, 'data', 'scale');
const t0 = performance.now();
const at = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
const say = (line: string) => console.log(`[${at()}] ${line}`);
const results: { check: string; ok: boolean; detail: string }[] = [];
const check = (name: string, ok: boolean, detail: string) => {
  results.push({ check: name, ok, detail });
  say(`${ok ? 'PASS' : 'FAIL'} ${name}: ${detail}`);
};

ensureBuilt();
if (!have('haproxy')) {
  say('installing haproxy (apt-get)');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'haproxy'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
rmSync(runDir, { recursive: true, force: true });
mkdirSync(runDir, { recursive: true });

const redisUrl = process.env.SCALE_REDIS_URL ?? 'redis://127.0.0.1:6379/9';
const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
await redis.flushdb();
redis.disconnect();

const serverUrl = process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = await createScratchDatabase({ serverUrl, prefix: 'bank_scale', poolSize: 4 });
const secretKey = 'f'.repeat(64);
// One more customer than the load, for the checks before it.
const customers = await seedCustomers(database.db, {
  count: customersN + 1,
  opening: 100_000n,
  secretKey,
  runId,
});
const probe = customers[customersN];
if (!probe) throw new Error('no customer for the checks');
const loadCustomers = customers.slice(0, customersN);
say(`database ${database.url?.replace(/.*\//, '')}: ${customers.length} customers`);

const servers = (['a', 'b'] as const).map(
  (name, i) =>
    new AppServer({
      name,
      port: Number(i === 0 ? args['port-a'] : args['port-b']),
      dataDir: path.join(runDir, name),
      databaseUrl: database.url ?? '',
      logDir: runDir,
      env: { REDIS_URL: redisUrl, TRUST_PROXY: '127.0.0.1' },
    }),
);
const [a, b] = servers as [AppServer, AppServer];
await Promise.all(servers.map((s) => s.start(120_000)));
say(`app servers up: ${a.url} (${a.options.dataDir}), ${b.url} (${b.options.dataDir})`);

// HAProxy: health checks on /api/health; a request is sent to another server only when it never
// reached one (connection failure), or when it is safe to repeat (GET, HEAD, or a POST with an
// Idempotency-Key); the answering server's name goes back in X-Proxy-Server.
const haproxyCfg = path.join(runDir, 'haproxy.cfg');
writeFileSync(
  haproxyCfg,
  `global
  maxconn 4096
  log stderr format raw local0
defaults
  mode http
  log global
  option httplog
  timeout connect 2s
  timeout client 120s
  timeout server 60s
  timeout http-request 10s
  timeout queue 10s
  retries 3
  option redispatch 1
frontend bank
  bind 127.0.0.1:${proxyPort}
  option forwardfor
  default_backend app
backend app
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  retry-on conn-failure empty-response response-timeout
  http-request disable-l7-retry if !METH_GET !METH_HEAD !{ req.hdr(idempotency-key) -m found }
  http-response set-header X-Proxy-Server %[srv_name]
  server a 127.0.0.1:${a.options.port} check inter 1s fall 2 rise 2
  server b 127.0.0.1:${b.options.port} check inter 1s fall 2 rise 2
`,
);
const haproxyLog = openSync(path.join(runDir, 'haproxy.log'), 'a');
const haproxy = spawn('haproxy', ['-db', '-f', haproxyCfg], {
  stdio: ['ignore', haproxyLog, haproxyLog],
});
const proxy = `http://127.0.0.1:${proxyPort}`;
await waitHealthy(proxy, 20_000);
say(`HAProxy up on ${proxy}`);

const meter = new GapMeter(t0);
const inbox = new Inbox(servers.map((s) => s.options.dataDir));
const picture = await sharp({
  create: { width: 64, height: 64, channels: 3, background: { r: 20, g: 120, b: 90 } },
})
  .png()
  .toBuffer();
const pictureFile = { field: 'profilePic', name: 'me.png', type: 'image/png', data: picture };

// ---- Before the load: one customer, each server addressed directly.
{
  const onA = new HttpClient(a.url, '127.0.0.9');
  const session = new CustomerSession(probe, onA, meter, inbox, runId);
  await session.signIn();
  const onB = onA.on(b.url);
  const read = await onB.request('GET', '/api/v1/accounts/current');
  check('sessions', read.status === 200, `signed in on a, read on b: ${read.status}`);

  const upload = await onA.request('POST', '/api/v1/profile/picture', { file: pictureFile });
  const fromA = await onA.request('GET', '/api/v1/profile/picture');
  const fromB = await onB.request('GET', '/api/v1/profile/picture');
  check(
    'upload',
    upload.status === 200 &&
      fromA.status === 200 &&
      fromB.status === 200 &&
      fromA.body.equals(fromB.body),
    `uploaded on a: ${upload.status}; read on a: ${fromA.status} (${fromA.body.length} bytes), on b: ${fromB.status} (${fromB.body.length} bytes${fromB.status === 200 ? (fromA.body.equals(fromB.body) ? ', the same' : ', different') : ''})`,
  );

  // The live stream held on b hears a transfer made on a.
  const live = new LiveStream(
    `${b.url}/api/v1/notifications/stream`,
    onA.cookie ?? '',
    new http.Agent({ localAddress: '127.0.0.9' }),
  );
  live.open();
  const first = await live.next(() => true, 15_000);
  const heard = live.next((e) => e.changed.includes('transfer.submitted'), 30_000);
  const sent = await session.transfer(0, 500n);
  const event = await heard;
  live.close();
  check(
    'live stream',
    first !== null && sent && event !== null,
    `stream on b ${first ? 'opened' : 'never opened'}; transfer on a ${sent ? 'sent' : 'refused'}; b's stream ${event ? `heard it (unread ${event.unread})` : 'heard nothing in 30 s'}`,
  );

  // 24 sign-ins from one address, alternating servers: the route allows 10 a minute.
  const limited = new HttpClient(a.url, '127.0.0.250');
  const limitedB = limited.on(b.url);
  const statuses: number[] = [];
  for (let i = 0; i < 24; i++) {
    const answer = await (i % 2 === 0 ? limited : limitedB).request('POST', '/api/v1/auth/signin', {
      json: { email: `nobody.${i}@example.com`, password: 'not the password' },
    });
    statuses.push(answer.status);
  }
  const allowed = statuses.filter((s) => s !== 429).length;
  check(
    'rate limit shared',
    allowed === 10,
    `${allowed} of 24 sign-ins answered before 429 (10 a minute for the address in all; per server it would be 20)`,
  );
  limited.close();
  onA.close();
}

// ---- The load, through the proxy.
const served = {
  before: new Map<string, number>(),
  down: new Map<string, number>(),
  after: new Map<string, number>(),
};
let phase: keyof typeof served = 'before';
/** The app servers' own ids (X-Served-By), when they send them. */
const appIds = new Set<string>();
const sessions = loadCustomers.map(
  (c) =>
    new CustomerSession(c, new HttpClient(proxy, `127.0.0.${10 + c.index}`), meter, inbox, runId),
);
for (const s of sessions) {
  const request = s.http.request.bind(s.http);
  s.http.request = async (...params) => {
    const answer = await request(...params);
    if (answer.proxyServer) {
      served[phase].set(answer.proxyServer, (served[phase].get(answer.proxyServer) ?? 0) + 1);
    }
    if (answer.servedBy) appIds.add(answer.servedBy);
    return answer;
  };
}
const streams: LiveStream[] = [];
const pictureReads = { ok: 0, failed: 0, byServer: new Map<string, number>() };
let stopLoad = false;

async function customerLoop(s: CustomerSession, i: number) {
  await s.signIn();
  const live = new LiveStream(
    `${proxy}/api/v1/notifications/stream`,
    s.http.cookie ?? '',
    new http.Agent({ localAddress: s.http.localAddress }),
  );
  streams.push(live);
  live.open();
  await s.readDashboard();
  if (i % 4 === 0) {
    const up = await withRetry(meter, 'upload picture', () =>
      s.http.request('POST', '/api/v1/profile/picture', { file: pictureFile }),
    );
    if (up.status !== 200) throw new Error(`picture upload answered ${up.status}`);
  }
  for (let n = 0; !stopLoad && n < 200; n++) {
    await s.transfer(n, 500n);
    await s.readDashboard();
    if (i % 4 === 0) {
      const got = await withRetry(meter, 'read picture', () =>
        s.http.request('GET', '/api/v1/profile/picture'),
      );
      if (got.status === 200) pictureReads.ok += 1;
      else pictureReads.failed += 1;
      const k = `${got.proxyServer}:${got.status}`;
      pictureReads.byServer.set(k, (pictureReads.byServer.get(k) ?? 0) + 1);
    }
  }
}

say(`load: ${customersN} customers through the proxy for about ${loadSeconds} s`);
const loadStarted = performance.now();
const load = Promise.allSettled(sessions.map((s, i) => customerLoop(s, i)));
const events: string[] = [];
await sleep((loadSeconds / 3) * 1000);
phase = 'down';
await b.kill();
events.push(`${at()} SIGKILL b`);
say('SIGKILL b');
await sleep(3_000);
const restart = performance.now();
await b.start(120_000);
events.push(`${at()} b up again after ${Math.round(performance.now() - restart)} ms`);
say('b started again');
// Back in the proxy's rotation after two good health checks.
await sleep(2_500);
phase = 'after';
const remaining = loadSeconds * 1000 - (performance.now() - loadStarted);
await sleep(Math.max(remaining, 10_000));
stopLoad = true;
const settled = await load;
const loadSecondsActual = (performance.now() - loadStarted) / 1000;
for (const s of streams) s.close();
const failures = settled
  .filter((r) => r.status === 'rejected')
  .map((r) => String((r as PromiseRejectedResult).reason));
say(`load over after ${loadSecondsActual.toFixed(1)} s`);

// ---- Afterwards.
const acknowledged = [...sessions].flatMap((s) => s.acknowledged);
// The probe's transfer (the live stream check) counts too.
const verdict = await checkRun(database.db, loadCustomers, acknowledged, inbox);
const ackCount = acknowledged.length;
check(
  'transfers exactly once, books, balances, emails',
  verdict.ok && failures.length === 0,
  verdict.ok && failures.length === 0
    ? `${ackCount} transfers acknowledged, each once; ${JSON.stringify(verdict.figures)}`
    : [...failures, ...verdict.problems].slice(0, 10).join('; '),
);
const refused = sessions.flatMap((s) => s.refused);
check('no transfer refused', refused.length === 0, refused.slice(0, 5).join('; ') || 'none');

const fmt = (m: Map<string, number>) => JSON.stringify(Object.fromEntries(m));
check(
  'both servers served',
  (served.before.get('a') ?? 0) > 0 &&
    (served.before.get('b') ?? 0) > 0 &&
    (served.after.get('a') ?? 0) > 0 &&
    (served.after.get('b') ?? 0) > 0 &&
    // The app's own ids, when it sends them: at least one per server.
    (appIds.size === 0 || appIds.size >= 2),
  `answers by server before the crash ${fmt(served.before)}, while b was down ${fmt(served.down)}, after ${fmt(served.after)}; ${appIds.size > 0 ? `the app's X-Served-By named ${appIds.size} servers (${[...appIds].join(', ')})` : 'no X-Served-By from the app (the proxy named them)'}`,
);

const streamEvents = streams.reduce((n, s) => n + s.events.length, 0);
const streamsServers = new Set(streams.flatMap((s) => [...s.servedBy]));
const silent = streams.filter((s) => s.events.length === 0).length;
check(
  'live streams through the proxy',
  silent === 0 && streamsServers.size === 2,
  `${streams.length} streams, ${streamEvents} events, ${streams.reduce((n, s) => n + s.reconnects, 0)} reconnects, served by ${[...streamsServers].join(' and ')}; longest without a stream ${Math.round(Math.max(0, ...streams.map((s) => s.longestGapMs)))} ms (EventSource waits the server's retry of 5 s)`,
);
check(
  'pictures read through the proxy',
  pictureReads.failed === 0,
  `${pictureReads.ok} read, ${pictureReads.failed} not found or failed; by server and status ${fmt(pictureReads.byServer)}`,
);

// Periodic jobs: one run per period in all, however many servers started (and restarted).
const elapsedMs = performance.now() - t0;
const periodic = modules.flatMap((m) => m.periodic ?? []);
const runs = await sql<{ kind: string; n: string }>`
  select kind, count(*)::text as n from jobs
  where kind = any(${periodic.map((p) => p.kind)}::text[]) and done_at is not null
  group by kind`.execute(database.db);
const runsOf = new Map(runs.rows.map((r) => [r.kind, Number(r.n)]));
const periodicProblems = periodic.filter(
  (p) => (runsOf.get(p.kind) ?? 0) !== Math.floor(elapsedMs / p.everyMs) + 1,
);
const ledgerChecks = await sql<{
  n: string;
}>`select count(*)::text as n from ledger_checks`.execute(database.db);
check(
  'periodic jobs once per period',
  periodicProblems.length === 0,
  `${periodic.map((p) => `${p.kind} (every ${p.everyMs / 60_000} min): ${runsOf.get(p.kind) ?? 0} run`).join(', ')}; ledger_checks rows ${ledgerChecks.rows[0]?.n}; 2 servers, ${a.starts + b.starts} starts`,
);

console.log(
  JSON.stringify(
    {
      seconds: Number((elapsedMs / 1000).toFixed(1)),
      customers: customersN,
      loadSeconds: Number(loadSecondsActual.toFixed(1)),
      transfersAcknowledged: ackCount,
      transfersPerSecond: Number((ackCount / loadSecondsActual).toFixed(1)),
      requestRetries: meter.retries,
      longestWaitMs: Math.round(meter.longestMs),
      longestWaitFor: `${meter.longestWhat}, from ${(meter.longestStartedAt / 1000).toFixed(1)} s`,
      longestTransferMs: Math.round(meter.longestTransferMs),
      events,
      checks: results,
      verdict: results.every((r) => r.ok) ? 'PASS' : 'FAIL',
    },
    null,
    2,
  ),
);

for (const s of sessions) s.http.close();
haproxy.kill('SIGTERM');
await Promise.all(servers.map((s) => s.stop()));
// --keep leaves the database (its name is printed above) for a look or a restore drill.
if (!args.keep) await database.close();
process.exit(results.every((r) => r.ok) ? 0 : 1);
