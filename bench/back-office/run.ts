/**
 * The back office under many staff and many customers at once, in one process: the whole app
 * (createDeps + buildApp, as main.ts does) on a fresh database, driven through app.inject with
 * staff sessions that passed both sign-in steps (password, then the authenticator app, through
 * the real routes), so the figures are the server's own work without the network.
 *
 * Seeded directly for speed: `--customers` approved customers (user, profile with a phone, a
 * current account with three ledger entries each, posted through the ledger's posting API) and
 * `--audit` audit rows (inserted into audit_log, so each goes through the hash-chain trigger).
 * Then, `--staff` staff members at once:
 *
 *   search     GET /api/v1/staff/customers?q= by a name fragment, an email, an account number
 *              and a phone number: requests/s, p50/p99 per kind (`--requests` each per staff);
 *   customer   GET /api/v1/staff/customers/:id, the customer page;
 *   audit      GET /api/v1/staff/audit?actor= and ?customer=;
 *   verify     verifyAuditChain over every row: rows/s;
 *   approvals  `--proposals` manual ledger adjustments proposed (the route, with an evidence
 *              picture), then approved by all `--staff` approvers at once, each trying every
 *              proposal: approvals/s. Every proposal must post exactly one entry and the books
 *              must pass checkLedger.
 *
 *   npm run bench:back-office -- [--engine pglite|postgres|all] [--customers 20000]
 *     [--staff 8] [--proposals 200] [--audit 100000] [--requests 25] [--pool 20] [--explain]
 *
 * `--explain` also prints the plans (EXPLAIN ANALYZE) of the search's two scans for one email
 * and one phone number: the SQL of standing.searchCustomers and profile's ownersOfPhone,
 * written out here as those functions build it.
 *
 * PostgreSQL is reached at BENCH_DATABASE_URL. Exit status 1 when a request failed, a search
 * missed the customer it was looking for, the audit chain has a problem, a proposal was posted
 * other than exactly once, or the books do not balance.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { generate } from 'otplib';
import sharp from 'sharp';
import { buildApp } from '../../apps/server/src/app.js';
import type { Database } from '../../apps/server/src/db/connection.js';
import {
  checkLedger,
  ensureInternalAccounts,
  generateAccountNumber,
  postEntry,
} from '../../apps/server/src/ledger/index.js';
import { verifyAuditChain } from '../../apps/server/src/platform/audit/index.js';
import { hashPassword } from '../../apps/server/src/platform/security/passwords.js';
import { bootstrapAdmin } from '../../apps/server/src/modules/staff/bootstrap.js';
import { benchDeps } from '../app.js';
import { enginesFrom, openBenchDatabase, percentile } from '../common.js';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pglite' },
    customers: { type: 'string', default: '20000' },
    staff: { type: 'string', default: '8' },
    proposals: { type: 'string', default: '200' },
    audit: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '25' },
    pool: { type: 'string', default: '20' },
    explain: { type: 'boolean', default: false },
  },
});
const customerCount = Number(args.customers);
const staffCount = Number(args.staff);
const proposalCount = Number(args.proposals);
const auditCount = Number(args.audit);
const perStaff = Number(args.requests);
const SECRET = 'b'.repeat(64);
const STAFF_PASSWORD = 'copper ledger quietly balancing';

const FIRST = [
  'Ada', 'Grace', 'Alan', 'Katherine', 'Dorothy', 'Mary', 'Edsger', 'Barbara', 'Donald', 'Frances',
  'John', 'Radia', 'Ken', 'Margaret', 'Tim', 'Hedy', 'Linus', 'Sophie', 'Niklaus', 'Shafi',
]; // prettier-ignore
const LAST = [
  'Lovelace', 'Hopper', 'Turing', 'Johnson', 'Vaughan', 'Jackson', 'Dijkstra', 'Liskov', 'Knuth',
  'Allen', 'McCarthy', 'Perlman', 'Thompson', 'Hamilton', 'Berners', 'Lamarr', 'Torvalds',
  'Wilson', 'Wirth', 'Goldwasser', 'Ritchie', 'Kernighan', 'Hoare', 'Backus', 'Cerf', 'Kahn',
  'Lamport', 'Milner', 'Naur', 'Floyd', 'Hartmanis', 'Stearns', 'Karp', 'Cook', 'Rabin', 'Scott',
  'Sutherland', 'Engelbart', 'Kay', 'Hellman',
]; // prettier-ignore

/** mulberry32: every run draws the same queries. */
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

interface Customer {
  id: bigint;
  lastName: string;
  email: string;
  phone: string;
  accountNumber: string;
}

/** A staff client: the session cookie the sign-in set, kept as a browser would. */
class Staff {
  cookie = '';
  constructor(
    readonly app: FastifyInstance,
    readonly id: bigint,
  ) {}

  async request(method: 'GET' | 'POST', url: string, body?: object | Buffer, headers = {}) {
    const res: LightMyRequestResponse = await this.app.inject({
      method,
      url,
      headers: {
        'user-agent': 'Mozilla/5.0 (Bench)',
        ...(method === 'POST' ? { 'x-bank-csrf': '1' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: body }),
    });
    const set = res.cookies.find((c) => c.name === 'bank_session');
    if (set) this.cookie = set.value ? `${set.name}=${set.value}` : '';
    return res;
  }
}

function expectOk(res: LightMyRequestResponse, what: string) {
  if (res.statusCode !== 200 && res.statusCode !== 201) {
    throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  }
  return res.json() as Record<string, unknown>;
}

/**
 * A staff member with `role`, created as the bootstrap admin is (then narrowed, as the test
 * helpers do), signed in through both steps: password, then enrolling the authenticator app
 * with a code computed from the secret the set-up answer showed, as the phone would.
 */
async function staffMember(app: FastifyInstance, database: Database, n: number, role: string) {
  const email = `bench.staff.${n}@bank.example`;
  await bootstrapAdmin(database.db, {
    email,
    password: STAFF_PASSWORD,
    firstName: 'Bench',
    lastName: `Staff ${n}`,
  });
  const user = await database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  if (role !== 'admin') {
    const granted = await database.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', role)
      .executeTakeFirstOrThrow();
    await database.db.deleteFrom('user_roles').where('user_id', '=', user.id).execute();
    await database.db
      .insertInto('user_roles')
      .values({ user_id: user.id, role_id: granted.id })
      .execute();
  }
  const staff = new Staff(app, user.id);
  const signin = expectOk(
    await staff.request('POST', '/api/v1/auth/signin', { email, password: STAFF_PASSWORD }),
    'staff sign-in',
  );
  if (signin.next !== 'staff_mfa') throw new Error(`staff sign-in went to ${String(signin.next)}`);
  const setup = expectOk(await staff.request('POST', '/api/v1/auth/mfa/setup', {}), 'mfa setup');
  const code = await generate({
    secret: String(setup.secret),
    epoch: Math.floor(Date.now() / 1000),
  });
  expectOk(await staff.request('POST', '/api/v1/auth/mfa/enrol', { code }), 'mfa enrol');
  return staff;
}

/** Customers, profiles, current accounts and their entries, inserted in batches. */
async function seedCustomers(database: Database): Promise<Customer[]> {
  const { db } = database;
  const internal = await ensureInternalAccounts(db, 'USD');
  const passwordHash = await hashPassword('benchmark passphrase velvet tram');
  const customers: Customer[] = [];
  const numbers = new Set<string>();
  const BATCH = 500;
  for (let start = 0; start < customerCount; start += BATCH) {
    const size = Math.min(BATCH, customerCount - start);
    const people = Array.from({ length: size }, (_, k) => {
      const i = start + k;
      const first = FIRST[i % FIRST.length] as string;
      const last = LAST[Math.floor(i / FIRST.length) % LAST.length] as string;
      return { i, first, last };
    });
    const users = await db
      .insertInto('users')
      .values(
        people.map(({ i, first, last }) => ({
          kind: 'customer' as const,
          first_name: first,
          last_name: last,
          username: `cust_${i}`,
          email: `${first}.${last}.${i}@example.com`.toLowerCase(),
          password_hash: passwordHash,
          email_verified_at: new Date(),
          kyc_status: 'approved' as const,
        })),
      )
      .returning(['id', 'email', 'last_name'])
      .execute();
    const phones = users.map((_, k) => `+1555${String(1_000_000 + start + k)}`);
    await db
      .insertInto('customer_profiles')
      .values(
        users.map((u, k) => ({
          user_id: u.id,
          phone: phones[k] as string,
          country: 'US',
          home_address: `${start + k} Market Street, Springfield`,
        })),
      )
      .execute();
    const accountNumbers = users.map(() => {
      let n = generateAccountNumber();
      while (numbers.has(n)) n = generateAccountNumber();
      numbers.add(n);
      return n;
    });
    const accounts = await db
      .insertInto('ledger_accounts')
      .values(
        users.map((u, k) => ({
          account_number: accountNumbers[k] as string,
          kind: 'customer_current' as const,
          currency: 'USD',
          owner_id: u.id,
          name: 'Current account',
        })),
      )
      .returning(['id', 'owner_id'])
      .execute();
    if (accounts.length !== users.length) throw new Error('account numbers collided');
    users.forEach((u, k) =>
      customers.push({
        id: u.id,
        lastName: u.last_name,
        email: u.email,
        phone: phones[k] as string,
        accountNumber: accountNumbers[k] as string,
      }),
    );
    // Three entries touch every account: an opening balance and two deposits.
    for (let j = 0; j < accounts.length; j += 99) {
      const group = accounts.slice(j, j + 99).map((a) => a.id);
      const entries = [
        { kind: 'opening_balance', from: internal.suspense.id, amount: 50_000n },
        { kind: 'crypto_deposit', from: internal.crypto_deposit_clearing.id, amount: 12_345n },
        { kind: 'crypto_deposit', from: internal.crypto_deposit_clearing.id, amount: 6_789n },
      ] as const;
      for (const [e, entry] of entries.entries()) {
        await postEntry(db, {
          idempotencyKey: `bench-seed-${start + j}-${e}`,
          kind: entry.kind,
          memo: 'Bench seed',
          actor: 'system',
          postings: [
            {
              accountId: entry.from,
              amount: -entry.amount * BigInt(group.length),
              currency: 'USD',
            },
            ...group.map((accountId) => ({ accountId, amount: entry.amount, currency: 'USD' })),
          ],
        });
      }
    }
  }
  return customers;
}

/**
 * `auditCount` rows, inserted as the app writes them (so each is linked into the hash chain by
 * the trigger): four of five a customer's sign-in, one of five a staff member signing a
 * customer out, with the reason.
 */
async function seedAudit(database: Database, customers: Customer[], staff: Staff[]) {
  const BATCH = 1000;
  for (let start = 0; start < auditCount; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, auditCount - start) }, (_, k) => {
      const n = start + k;
      const customer = customers[n % customers.length] as Customer;
      const byStaff = n % 5 === 4;
      const actor = byStaff ? (staff[n % staff.length] as Staff).id : customer.id;
      return {
        actor_id: actor,
        action: byStaff ? 'customer.sign_out' : 'security.signin',
        target_type: 'user',
        target_id: String(customer.id),
        customer_id: customer.id,
        after: JSON.stringify(
          byStaff
            ? { reason: 'Customer called: lost phone', sessionsEnded: 1 }
            : { session: 'customer' },
        ),
        ip: byStaff ? '10.0.0.7' : `203.0.113.${n % 250}`,
        user_agent: 'Mozilla/5.0 (Bench)',
      };
    });
    await database.db.insertInto('audit_log').values(rows).execute();
  }
}

type Plan = { 'QUERY PLAN': string };

/** The plans of the customer search's scans, on the seeded data (`--explain`). */
async function explainSearch(database: Database, customer: Customer | undefined) {
  if (!customer) return;
  const plan = async (title: string, query: RawBuilder<Plan>) => {
    const { rows } = await query.execute(database.db);
    console.log(`\n${title}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  };
  for (const text of [customer.email, customer.lastName.slice(0, 5)]) {
    const pattern = `%${text}%`;
    await plan(
      `users search (standing.searchCustomers) for "${text}":`,
      sql<Plan>`explain analyze select id, first_name, last_name, email, username, kyc_status,
            restriction_head, debits_blocked, credits_blocked, created_at
          from users where kind = 'customer' and (first_name || ' ' || last_name ilike ${pattern}
            or last_name || ' ' || first_name ilike ${pattern} or email ilike ${pattern}
            or username ilike ${pattern})
          order by id desc limit 21`,
    );
  }
  const digits = customer.phone.replace(/\D/g, '');
  await plan(
    `phone owners (profile ownersOfPhone) for ${digits}:`,
    sql<Plan>`explain analyze select user_id from customer_profiles
        where regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}
        order by user_id desc limit 200`,
  );
}

interface Row {
  measure: string;
  n: number;
  'per s': number;
  'p50 ms': number;
  'p99 ms': number;
  failures: number;
}

/** Every staff member at once, `perStaff` requests each one after another. */
async function load(
  measure: string,
  staff: Staff[],
  next: (draw: () => number) => { url: string; check?: (body: unknown) => boolean },
): Promise<Row> {
  const times: number[] = [];
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    staff.map(async (s, k) => {
      const draw = random(1000 + k);
      for (let r = 0; r < perStaff; r++) {
        const { url, check } = next(draw);
        const t0 = performance.now();
        const res = await s.request('GET', url);
        times.push(performance.now() - t0);
        if (res.statusCode !== 200 || (check && !check(res.json()))) {
          failures += 1;
          if (failures === 1) console.error(`${measure}: ${url} → ${res.statusCode} ${res.body}`);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    measure,
    n: times.length,
    'per s': Number((times.length / seconds).toFixed(1)),
    'p50 ms': percentile(times, 0.5),
    'p99 ms': percentile(times, 0.99),
    failures,
  };
}

const finds = (id: bigint) => (body: unknown) =>
  (body as { items: { id: string }[] }).items.some((item) => item.id === String(id));

async function runEngine(engine: string) {
  const { database, cleanup } = await openBenchDatabase(engine, Number(args.pool));
  const { deps, removeUploads } = benchDeps(database, SECRET);
  const app = await buildApp({ deps, rateLimits: false, logger: process.env.BENCH_LOG === '1' });
  await app.ready();
  const rows: Row[] = [];
  try {
    let t0 = performance.now();
    const staff: Staff[] = [];
    for (let n = 0; n < staffCount; n++) staff.push(await staffMember(app, database, n, 'admin'));
    const maker = await staffMember(app, database, staffCount, 'finance_maker');
    const customers = await seedCustomers(database);
    const seededCustomers = (performance.now() - t0) / 1000;
    t0 = performance.now();
    await seedAudit(database, customers, staff);
    const seededAudit = (performance.now() - t0) / 1000;
    console.log(
      `${engine}: seeded ${customers.length} customers in ${seededCustomers.toFixed(1)} s, ${auditCount} audit rows in ${seededAudit.toFixed(1)} s`,
    );

    if (args.explain) await explainSearch(database, customers[Math.floor(customers.length / 2)]);

    const pick = (draw: () => number) =>
      customers[Math.floor(draw() * customers.length)] as Customer;
    // The customers the seeded audit rows concern (all of them when there are enough rows).
    const audited = customers.slice(0, Math.min(customers.length, auditCount));
    const search = (q: string) => `/api/v1/staff/customers?q=${encodeURIComponent(q)}`;
    rows.push(
      await load('search: name fragment', staff, (draw) => ({
        url: search(pick(draw).lastName.slice(0, 5)),
        check: (body) => (body as { items: unknown[] }).items.length > 0,
      })),
    );
    rows.push(
      await load('search: email', staff, (draw) => {
        const c = pick(draw);
        return { url: search(c.email), check: finds(c.id) };
      }),
    );
    rows.push(
      await load('search: account number', staff, (draw) => {
        const c = pick(draw);
        return { url: search(c.accountNumber), check: finds(c.id) };
      }),
    );
    rows.push(
      await load('search: phone', staff, (draw) => {
        const c = pick(draw);
        return { url: search(c.phone), check: finds(c.id) };
      }),
    );
    rows.push(
      await load('customer page', staff, (draw) => {
        const c = pick(draw);
        return {
          url: `/api/v1/staff/customers/${c.id}`,
          check: (body) => (body as { id: string }).id === String(c.id),
        };
      }),
    );
    rows.push(
      await load('audit: by actor', staff, (draw) => {
        const s = staff[Math.floor(draw() * staff.length)] as Staff;
        return {
          url: `/api/v1/staff/audit?actor=${s.id}`,
          check: (body) => (body as { items: unknown[] }).items.length > 0,
        };
      }),
    );
    rows.push(
      await load('audit: by customer', staff, (draw) => {
        const c = audited[Math.floor(draw() * audited.length)] as Customer;
        return {
          url: `/api/v1/staff/audit?customer=${c.id}`,
          check: (body) => (body as { items: unknown[] }).items.length > 0,
        };
      }),
    );

    t0 = performance.now();
    const chain = await verifyAuditChain(database.db);
    const verifySeconds = (performance.now() - t0) / 1000;
    rows.push({
      measure: 'verifyAuditChain (rows)',
      n: chain.rows,
      'per s': Math.round(chain.rows / verifySeconds),
      'p50 ms': Number((verifySeconds * 1000).toFixed(0)),
      'p99 ms': Number((verifySeconds * 1000).toFixed(0)),
      failures: chain.problems.length,
    });

    // Approvals: the maker proposes, then every approver tries every proposal at once.
    const picture = await sharp({
      create: { width: 80, height: 50, channels: 3, background: '#48c' },
    })
      .png()
      .toBuffer();
    const draw = random(7);
    const ids: string[] = [];
    for (let p = 0; p < proposalCount; p++) {
      const c = pick(draw);
      const boundary = `----bench${p}`;
      const field = (name: string, value: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const body = Buffer.concat([
        Buffer.from(
          field('target', 'customer') +
            field('accountNumber', c.accountNumber) +
            field('direction', 'credit') +
            field('amount', String(100 + p)) +
            field('reason', 'Card fee charged twice in March; refund of the second charge') +
            `--${boundary}\r\nContent-Disposition: form-data; name="evidence"; filename="statement.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        picture,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await maker.request('POST', '/api/v1/staff/adjustments', body, {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'idempotency-key': `bench-adjust-${p}`,
      });
      ids.push(String(expectOk(res, 'proposal').approvalId));
    }
    const times: number[] = [];
    let approved = 0;
    let refused = 0;
    let failures = 0;
    t0 = performance.now();
    await Promise.all(
      staff.map(async (s, k) => {
        // Each approver walks the proposals from a different place, all of them.
        for (let r = 0; r < ids.length; r++) {
          const id = ids[(r + Math.floor((k * ids.length) / staff.length)) % ids.length];
          const t = performance.now();
          const res = await s.request('POST', `/api/v1/staff/approvals/${id}/approve`, {});
          times.push(performance.now() - t);
          if (res.statusCode === 200) approved += 1;
          else if (res.statusCode === 409) refused += 1;
          else {
            failures += 1;
            if (failures === 1) console.error(`approve ${id}: ${res.statusCode} ${res.body}`);
          }
        }
      }),
    );
    const approveSeconds = (performance.now() - t0) / 1000;
    times.sort((a, b) => a - b);
    const posted = await database.db
      .selectFrom('journal_entries')
      .select(['idempotency_key as key', sql<string>`count(*)`.as('n')])
      .where(
        'idempotency_key',
        'in',
        ids.map((id) => `adjustment:${id}`),
      )
      .groupBy('idempotency_key')
      .execute();
    const postedOnce = posted.length === ids.length && posted.every((p) => Number(p.n) === 1);
    const books = await checkLedger(database.db);
    rows.push({
      measure: `approvals (${staff.length} racing)`,
      n: approved,
      'per s': Number((approved / approveSeconds).toFixed(1)),
      'p50 ms': percentile(times, 0.5),
      'p99 ms': percentile(times, 0.99),
      failures: failures + (approved === ids.length ? 0 : 1),
    });
    return {
      engine,
      rows,
      approvals: { proposals: ids.length, approved, refused, postedOnce, booksOk: books.ok },
      chainOk: chain.problems.length === 0,
    };
  } finally {
    await app.close();
    await database.close();
    cleanup();
    removeUploads();
  }
}

let ok = true;
for (const engine of enginesFrom(args.engine)) {
  const result = await runEngine(engine);
  console.log(
    `\nBack office, ${engine}: ${customerCount} customers, ${auditCount} audit rows, ${staffCount} staff at once (${perStaff} requests each per kind), Node ${process.version}, ${os.cpus().length} cores`,
  );
  console.table(result.rows);
  console.log(
    `approvals: ${result.approvals.approved} of ${result.approvals.proposals} approved, ${result.approvals.refused} refused as already decided; each posted exactly once: ${result.approvals.postedOnce}; books: ${result.approvals.booksOk ? 'ok' : 'NOT OK'}; audit chain: ${result.chainOk ? 'ok' : 'BROKEN'}`,
  );
  if (
    result.rows.some((r) => r.failures > 0) ||
    !result.approvals.postedOnce ||
    !result.approvals.booksOk ||
    !result.chainOk
  )
    ok = false;
}
process.exit(ok ? 0 : 1);
