/**
 * Bank transfers end to end, in one process: the whole app (createDeps + buildApp, as main.ts
 * does) on a fresh database, driven through app.inject with each customer's session, so the
 * figures are the server's own work per step without the network. Two parts:
 *
 *   flow        `--customers` customers at once, each sending `--transfers` transfers one after
 *               another through every step (create, confirm, PIN, submit; the first to a new
 *               beneficiary also the emailed code): transfers per second and p50/p99 per step.
 *   contention  `--burst` submissions at once of one customer's transfers that each spend the
 *               whole balance (each already through its PIN step): exactly one must go; the time
 *               until all have been answered.
 *
 *   npm run bench:transfers -- [--engine pglite|postgres|all] [--customers 16] [--transfers 20]
 *                              [--burst 50] [--pool 20]
 *
 * The code is read where the app issues it (this process wraps the code service), as the
 * customer would read their email. PostgreSQL is reached at BENCH_DATABASE_URL. Exit status 1
 * when a step failed, the burst did not end with exactly one transfer, or the books do not
 * balance.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.js';
import type { Database } from '../../apps/server/src/db/connection.js';
import { createDeps } from '../../apps/server/src/deps.js';
import {
  checkLedger,
  ensureInternalAccounts,
  openCustomerAccount,
  postEntry,
} from '../../apps/server/src/ledger/index.js';
import { hashPin } from '../../apps/server/src/modules/pin/crypto.js';
import { hashPassword } from '../../apps/server/src/platform/security/passwords.js';
import { createSession } from '../../apps/server/src/platform/security/sessions.js';
import { sessionCookieName } from '../../apps/server/src/plugins/session.js';
import { enginesFrom, openBenchDatabase, percentile } from '../common.js';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pglite' },
    customers: { type: 'string', default: '16' },
    transfers: { type: 'string', default: '20' },
    burst: { type: 'string', default: '50' },
    pool: { type: 'string', default: '20' },
  },
});
const customers = Number(args.customers);
const perCustomer = Number(args.transfers);
const burst = Number(args.burst);
const SECRET = 'b'.repeat(64);
const PIN = '2580';

interface Person {
  userId: bigint;
  cookie: string;
}

async function seed(database: Database, i: number, balance: bigint): Promise<Person> {
  const { db } = database;
  const internal = await ensureInternalAccounts(db, 'USD');
  const user = await db
    .insertInto('users')
    .values({
      kind: 'customer',
      first_name: 'Bench',
      last_name: `Sender ${i}`,
      username: `sender_${i}`,
      email: `sender.${i}@example.com`,
      password_hash: await hashPassword('benchmark passphrase velvet tram'),
      email_verified_at: new Date(),
      kyc_status: 'approved',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const account = await openCustomerAccount(db, {
    ownerId: user.id,
    kind: 'customer_current',
    currency: 'USD',
    name: `Bench Sender ${i}`,
  });
  await postEntry(db, {
    idempotencyKey: `bench-fund-${i}`,
    kind: 'crypto_deposit',
    memo: 'Deposit',
    actor: 'system',
    postings: [
      { accountId: internal.crypto_deposit_clearing.id, amount: -balance, currency: 'USD' },
      { accountId: account.id, amount: balance, currency: 'USD' },
    ],
  });
  const pin = hashPin(SECRET, user.id, PIN);
  await db
    .insertInto('transaction_pins')
    .values({ user_id: user.id, pin_hash: pin.hash, salt: pin.salt })
    .execute();
  const { token } = await createSession(db, { userId: user.id, scope: 'customer' });
  return { userId: user.id, cookie: `${sessionCookieName(false)}=${token}` };
}

const STEPS = ['create', 'confirm', 'pin', 'code', 'submit'] as const;
type Step = (typeof STEPS)[number];

async function runEngine(engine: string) {
  const { database, cleanup } = await openBenchDatabase(engine, Number(args.pool));
  const uploads = mkdtempSync(path.join(os.tmpdir(), 'bank-bench-uploads-'));
  const deps = createDeps({
    config: {
      basePath: '/wp-user',
      env: 'test',
      logLevel: 'silent',
      trustProxy: false,
      secretKey: SECRET,
      appUrl: 'http://127.0.0.1/wp-user',
      publicOrigin: undefined,
      currency: 'USD',
    },
    database,
    uploadsDir: uploads,
  });
  // The customer's inbox: the last code issued to each person.
  const inbox = new Map<bigint, string>();
  const issue = deps.codes.issue.bind(deps.codes);
  deps.codes.issue = async (db, input) => {
    const issued = await issue(db, input);
    inbox.set(input.userId, issued.code);
    return issued;
  };
  const app: FastifyInstance = await buildApp({
    deps,
    rateLimits: false,
    logger: process.env.BENCH_LOG === '1',
  });
  await app.ready();
  const times: Record<Step, number[]> = {
    create: [],
    confirm: [],
    pin: [],
    code: [],
    submit: [],
  };
  let failures = 0;

  async function call(
    who: Person,
    step: Step,
    method: 'POST',
    url: string,
    body?: object,
    key?: string,
  ) {
    const started = performance.now();
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
    times[step].push(performance.now() - started);
    return res;
  }

  const details = (amount: string) => ({
    bank: 'Deutsche Bank',
    swift: 'DEUTDEFF',
    currency: 'USD',
    routing: '021000021',
    country: 'DE',
    accountNumber: 'DE89370400440532013000',
    accountHolderName: 'Grace Hopper',
    amount,
    note: 'Bench',
    saveBeneficiary: false,
  });

  /** One transfer through every step; returns the submit answer's status. */
  async function send(who: Person, n: number, amount: string, stopBefore?: 'submit') {
    const created = await call(
      who,
      'create',
      'POST',
      '/api/v1/transfers',
      details(amount),
      `bench-${who.userId}-${n}`,
    );
    const id = (created.json() as { id: string }).id;
    await call(who, 'confirm', 'POST', `/api/v1/transfers/${id}/confirm`);
    const pin = await call(who, 'pin', 'POST', `/api/v1/transfers/${id}/pin`, { pin: PIN });
    if ((pin.json() as { next?: string }).next === 'code') {
      const code = inbox.get(who.userId) ?? '';
      await call(who, 'code', 'POST', `/api/v1/transfers/${id}/code`, { code });
    }
    if (stopBefore) return { id, status: pin.statusCode };
    const submit = await call(who, 'submit', 'POST', `/api/v1/transfers/${id}/submit`);
    if (submit.statusCode !== 200) failures += 1;
    return { id, status: submit.statusCode };
  }

  const people = await Promise.all(
    Array.from({ length: customers }, (_, i) => seed(database, i, 100_000_000n)),
  );
  const started = performance.now();
  await Promise.all(
    people.map(async (who) => {
      for (let n = 0; n < perCustomer; n++) await send(who, n, '10');
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const flow = {
    transfers: customers * perCustomer,
    seconds: Number(seconds.toFixed(2)),
    perSecond: Number(((customers * perCustomer) / seconds).toFixed(1)),
    steps: Object.fromEntries(
      STEPS.map((step) => {
        const sorted = [...times[step]].sort((a, b) => a - b);
        return [
          step,
          { n: sorted.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) },
        ];
      }),
    ),
    failures,
  };

  // The burst: one customer, `burst` transfers each of the whole balance, submitted at once.
  const rich = await seed(database, customers + 1, 40_000n);
  await send(rich, 0, '1'); // pays the beneficiary once (with the code)
  const ready: string[] = [];
  for (let n = 1; n <= burst; n++) ready.push((await send(rich, n, '399', 'submit')).id);
  const burstStarted = performance.now();
  const answers = await Promise.all(
    ready.map((id) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/transfers/${id}/submit`,
        headers: { cookie: rich.cookie, 'x-bank-csrf': '1' },
      }),
    ),
  );
  const burstMs = performance.now() - burstStarted;
  const succeeded = answers.filter((r) => r.statusCode === 200).length;
  const books = await checkLedger(database.db);
  await app.close();
  await database.close();
  cleanup();
  rmSync(uploads, { recursive: true, force: true });
  return {
    engine,
    flow,
    burst: { submissions: burst, succeeded, ms: Number(burstMs.toFixed(1)) },
    booksBalanced: books.ok,
  };
}

let ok = true;
for (const engine of enginesFrom(args.engine)) {
  const result = await runEngine(engine);
  console.log(JSON.stringify(result, null, 2));
  if (result.flow.failures > 0 || result.burst.succeeded !== 1 || !result.booksBalanced) ok = false;
}
process.exit(ok ? 0 : 1);
