/**
 * What both halves of `npm run bench:transfers` share: the whole app (createDeps + buildApp, as
 * main.ts does, with the ledger's fold running as it does there) on a fresh database, customers
 * seeded with a funded account, a transaction PIN and a customer session, and the customer's
 * inbox (the code the app issues, read where the app issues it, as the customer reads email).
 * And the flow itself, driven through any transport: app.inject in this process, or HTTP from
 * another one.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.js';
import type { Database } from '../../apps/server/src/db/connection.js';
import {
  ensureInternalAccounts,
  postEntry,
  startLedgerFolder,
} from '../../apps/server/src/ledger/index.js';
import { hashPin } from '../../apps/server/src/modules/pin/crypto.js';
import { hashPassword } from '../../apps/server/src/platform/security/passwords.js';
import { createSession } from '../../apps/server/src/platform/security/sessions.js';
import { sessionCookieName } from '../../apps/server/src/plugins/session.js';
import { benchDeps } from '../app.js';
import { BENEFICIARY, approvedCustomer, openBenchDatabase, percentile } from '../common.js';

const SECRET = 'b'.repeat(64);
export const PIN = '2580';

export interface Person {
  userId: string;
  cookie: string;
}

export interface BenchBank {
  app: FastifyInstance;
  database: Database;
  /** The last code issued to each customer (by user id). */
  inbox: Map<string, string>;
  seed(i: number, balance: bigint): Promise<Person>;
  close(): Promise<void>;
}

export async function startBenchBank(engine: string, pool: number): Promise<BenchBank> {
  const { database, cleanup } = await openBenchDatabase(engine, pool);
  const { deps, removeUploads } = benchDeps(database, SECRET);
  const inbox = new Map<string, string>();
  const issue = deps.codes.issue.bind(deps.codes);
  deps.codes.issue = async (db, input) => {
    const issued = await issue(db, input);
    inbox.set(String(input.userId), issued.code);
    return issued;
  };
  // Not made ready here: the HTTP server adds its bench-only routes first.
  const app = await buildApp({ deps, rateLimits: false, logger: process.env.BENCH_LOG === '1' });
  const folder = startLedgerFolder({ db: database.db });
  const passwordHash = await hashPassword('benchmark passphrase velvet tram');
  await ensureInternalAccounts(database.db, 'USD');

  async function seed(i: number, balance: bigint): Promise<Person> {
    const { db } = database;
    const internal = await ensureInternalAccounts(db, 'USD');
    const { user, account } = await approvedCustomer(db, {
      firstName: 'Bench',
      lastName: `Sender ${i}`,
      username: `sender_${i}`,
      email: `sender.${i}@example.com`,
      passwordHash,
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
    return { userId: String(user.id), cookie: `${sessionCookieName(false)}=${token}` };
  }

  return {
    app,
    database,
    inbox,
    seed,
    async close() {
      await app.close();
      await folder.stop();
      await database.close();
      cleanup();
      removeUploads();
    },
  };
}

export const STEPS = ['create', 'confirm', 'pin', 'code', 'submit'] as const;
export type Step = (typeof STEPS)[number];

/** One request of a customer's: its status and parsed body. */
export type Call = (
  who: Person,
  method: 'POST',
  url: string,
  body?: object,
  key?: string,
) => Promise<{ status: number; body: unknown }>;

/** Where a step reads the code the app emailed for it. */
export type ReadCode = (who: Person) => Promise<string>;

const details = (amount: string) => ({ ...BENEFICIARY, amount, note: 'Bench' });

/** Times every step of every transfer sent through `call`. */
export class FlowDriver {
  readonly times: Record<Step, number[]> = {
    create: [],
    confirm: [],
    pin: [],
    code: [],
    submit: [],
  };
  failures = 0;

  constructor(
    private readonly call: Call,
    private readonly readCode: ReadCode,
  ) {}

  private async timed(step: Step, ...args: Parameters<Call>) {
    const started = performance.now();
    const res = await this.call(...args);
    this.times[step].push(performance.now() - started);
    if (res.status !== 200 && res.status !== 201) this.failures += 1;
    return res;
  }

  /**
   * One transfer through every step; the id, and the submit answer's status. Every step carries
   * an Idempotency-Key of its own, as the web app sends one with every change (decision 31).
   */
  async send(who: Person, key: string, amount: string, stopBefore?: 'submit') {
    const created = await this.timed(
      'create',
      who,
      'POST',
      '/api/v1/transfers',
      details(amount),
      key,
    );
    const id = (created.body as { id: string }).id;
    const base = `/api/v1/transfers/${id}`;
    await this.timed('confirm', who, 'POST', `${base}/confirm`, {}, `${key}-confirm`);
    const pin = await this.timed('pin', who, 'POST', `${base}/pin`, { pin: PIN }, `${key}-pin`);
    if ((pin.body as { next?: string }).next === 'code') {
      const code = await this.readCode(who);
      await this.timed('code', who, 'POST', `${base}/code`, { code }, `${key}-code`);
    }
    if (stopBefore) return { id, status: pin.status };
    const submit = await this.timed('submit', who, 'POST', `${base}/submit`, {}, `${key}-submit`);
    return { id, status: submit.status };
  }

  /** Every customer at once, each sending `perCustomer` transfers one after another. */
  async run(people: Person[], perCustomer: number, tag: string) {
    const started = performance.now();
    await Promise.all(
      people.map(async (who) => {
        for (let n = 0; n < perCustomer; n++)
          await this.send(who, `${tag}-${who.userId}-${n}`, '10');
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    return {
      transfers: people.length * perCustomer,
      seconds: Number(seconds.toFixed(2)),
      perSecond: Number(((people.length * perCustomer) / seconds).toFixed(1)),
      steps: Object.fromEntries(
        STEPS.map((step) => {
          const sorted = [...this.times[step]].sort((a, b) => a - b);
          return [
            step,
            { n: sorted.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) },
          ];
        }),
      ),
      failures: this.failures,
    };
  }
}
