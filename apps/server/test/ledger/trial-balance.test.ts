import { sql } from 'kysely';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ScratchDatabase } from '../../src/db/scratch.js';
import { checkLedger, postTransfer, type LedgerAccount } from '../../src/ledger/index.js';
import { runLedgerCheck } from '../../src/modules/trial-balance/service.js';
import { signedInCustomer } from '../helpers/customers.js';
import { engineName } from '../helpers/database.js';
import type { TestClient } from '../helpers/http.js';
import { runJobs } from '../helpers/jobs.js';
import { fund, internalAccounts, openCustomer, tamper, uniqueKey } from '../helpers/ledger.js';
import { createStaff, signInStaff } from '../helpers/staff.js';
import { useTestApp } from '../helpers/suite.js';

/**
 * The trial balance page's API: every ledger account's balance, each currency's sum (zero),
 * customers' accounts by kind and in a searchable list, and the ledger checker's verdicts,
 * recorded by the periodic job and by staff who run one now (one at a time, audited).
 */
const suite = useTestApp();
const TB = '/api/v1/staff/trial-balance';
const CHECKS = '/api/v1/staff/ledger-checks';
const PASSWORD = 'abacus ledger column parchment';

let finance: TestClient;
let financeId: bigint;
const accounts: LedgerAccount[] = [];

interface TrialBalanceBody {
  asOf: string;
  currencies: {
    currency: string;
    internal: {
      id: string;
      accountNumber: string;
      kind: string;
      label: string;
      balance: string;
      credits: string;
      debits: string;
    }[];
    customers: { kind: string; label: string; accounts: number; balance: string }[];
    total: string;
    zero: boolean;
  }[];
  latestCheck: Record<string, unknown> | null;
  checkEveryMinutes: number;
}

beforeAll(async () => {
  const db = suite.database.db;
  financeId = await createStaff(
    suite.database,
    { email: 'finance.tb@bank.example', password: PASSWORD },
    'finance',
  );
  finance = await signInStaff(suite.app, { email: 'finance.tb@bank.example', password: PASSWORD });
  // Three customers in dollars (one with a fixed deposit), one in euros, and a fee earned.
  const ada = await openCustomer(db, 'USD', { name: 'Ada Lovelace' });
  const grace = await openCustomer(db, 'USD', { name: 'Grace Hopper' });
  const alan = await openCustomer(db, 'USD', { name: 'Alan Turing' });
  const term = await openCustomer(db, 'USD', {
    name: 'Ada Lovelace',
    kind: 'customer_fixed_deposit',
  });
  const euro = await openCustomer(db, 'EUR', { name: 'Emmy Noether' });
  accounts.push(ada, grace, alan, term, euro);
  await fund(db, ada, 150_000n);
  await fund(db, grace, 25_050n);
  await fund(db, alan, 1n);
  await fund(db, euro, 99_999n);
  const internal = await internalAccounts(db, 'USD');
  await postTransfer(db, {
    idempotencyKey: uniqueKey('fee'),
    kind: 'fee',
    memo: 'service charge',
    actor: 'system',
    fromAccountId: ada.id,
    toAccountId: internal.fee_income.id,
    amount: 1_250n,
    currency: 'USD',
  });
  await postTransfer(db, {
    idempotencyKey: uniqueKey('term'),
    kind: 'fixed_deposit_open',
    memo: 'fixed deposit',
    actor: 'system',
    fromAccountId: ada.id,
    toAccountId: term.id,
    amount: 50_000n,
    currency: 'USD',
  });
});

async function trialBalance(): Promise<TrialBalanceBody> {
  const response = await finance.get(TB);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TrialBalanceBody;
}

describe(`the trial balance (${engineName})`, () => {
  it("lists every account's balance, sums each currency to zero and agrees with the checker", async () => {
    const body = await trialBalance();
    const report = await checkLedger(suite.database.db);
    expect(body.currencies.map((c) => [c.currency, c.total, c.zero])).toEqual([
      ['EUR', '0', true],
      ['USD', '0', true],
    ]);
    const usd = body.currencies.find((c) => c.currency === 'USD');
    expect(usd?.customers).toEqual([
      {
        kind: 'customer_current',
        label: 'Customer current accounts',
        accounts: 3,
        balance: String(150_000 + 25_050 + 1 - 1_250 - 50_000),
      },
      {
        kind: 'customer_fixed_deposit',
        label: 'Customer fixed deposits',
        accounts: 1,
        balance: '50000',
      },
    ]);
    expect(usd?.internal.find((a) => a.kind === 'fee_income')).toMatchObject({
      label: 'Fee income',
      balance: '1250',
      credits: '1250',
      debits: '0',
    });
    expect(usd?.internal.find((a) => a.kind === 'crypto_deposit_clearing')).toMatchObject({
      balance: String(-(150_000 + 25_050 + 1)),
      credits: '0',
      debits: String(150_000 + 25_050 + 1),
    });
    // Every internal account is listed on its own: each kind the ledger keeps.
    expect(usd?.internal.map((a) => a.kind).sort()).toEqual(
      [
        'crypto_deposit_clearing',
        'fee_income',
        'interest_expense',
        'outgoing_transfer_clearing',
        'suspense',
        'manual_adjustments',
      ].sort(),
    );
    // The same numbers as the checker's (npm run ledger:check) trial balance, kind by kind.
    for (const row of report.trialBalance) {
      const currency = body.currencies.find((c) => c.currency === row.currency);
      const mine = [
        ...(currency?.internal ?? []).filter((a) => a.kind === row.kind),
        ...(currency?.customers ?? []).filter((c) => c.kind === row.kind),
      ].reduce((sum, a) => sum + BigInt(a.balance), 0n);
      expect([row.currency, row.kind, mine]).toEqual([row.currency, row.kind, row.balance]);
    }
    expect(report.ok).toBe(true);
    expect(body.latestCheck).toBeNull();
    expect(body.checkEveryMinutes).toBe(15);
  });

  it("lists customers' accounts a page at a time, by account number, name, kind and currency", async () => {
    const list = async (query: Record<string, string>) => {
      const response = await finance.get(`${TB}/customer-accounts?${new URLSearchParams(query)}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as {
        items: {
          accountNumber: string;
          kind: string;
          currency: string;
          balance: string;
          holder: { name: string };
        }[];
        nextCursor: string | null;
      };
    };
    const [ada, grace, , term, euro] = accounts;
    const byNumber = await list({ q: grace?.accountNumber ?? '' });
    expect(byNumber.items).toEqual([
      {
        id: String(grace?.id),
        accountNumber: grace?.accountNumber,
        kind: 'customer_current',
        label: 'Customer current accounts',
        currency: 'USD',
        balance: '25050',
        holder: { id: String(grace?.ownerId), name: 'Grace Hopper' },
      },
    ]);
    const start = (await list({ q: (ada?.accountNumber ?? '').slice(0, 6) })).items;
    expect(start.map((i) => i.accountNumber)).toContain(ada?.accountNumber);
    expect((await list({ q: 'lovelace' })).items.map((i) => i.accountNumber).sort()).toEqual(
      [ada?.accountNumber, term?.accountNumber].sort(),
    );
    expect((await list({ kind: 'customer_fixed_deposit' })).items.map((i) => i.balance)).toEqual([
      '50000',
    ]);
    expect((await list({ currency: 'EUR' })).items.map((i) => i.accountNumber)).toEqual([
      euro?.accountNumber,
    ]);
    // Pages of two: each account once.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list({
        limit: '2',
        ...(cursor === null ? {} : { cursor }),
      });
      seen.push(...page.items.map((i) => i.accountNumber));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(seen.sort()).toEqual(accounts.map((a) => a.accountNumber).sort());
    // A wildcard is a character like any other.
    expect((await list({ q: '%' })).items).toEqual([]);
    expect((await finance.get(`${TB}/customer-accounts?currency=usd`)).statusCode).toBe(400);
  });

  it('runs a check now: recorded with who ran it, audited, and shown on the page', async () => {
    const response = await finance.post(CHECKS);
    expect(response.statusCode, response.body).toBe(201);
    const check = response.json();
    expect(check).toMatchObject({
      ok: true,
      violations: 0,
      detail: [],
      trigger: 'staff',
      runBy: 'Bank Administrator',
      totals: [
        { currency: 'EUR', balance: '0' },
        { currency: 'USD', balance: '0' },
      ],
    });
    expect(check.counts.accounts).toBeGreaterThanOrEqual(accounts.length);
    expect(check.durationMs).toBeGreaterThanOrEqual(0);
    expect((await trialBalance()).latestCheck).toEqual(check);
    expect((await finance.get(CHECKS)).json().items[0]).toEqual(check);
    const audited = await suite.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'target_type', 'target_id', 'after'])
      .where('action', '=', 'ledger.check_run')
      .executeTakeFirstOrThrow();
    expect(audited).toEqual({
      actor_id: financeId,
      target_type: 'ledger_check',
      target_id: check.id,
      after: { ok: true, violations: 0 },
    });
  });

  it('the periodic job checks the ledger and records the verdict', async () => {
    const before = (await finance.get(CHECKS)).json().items.length;
    await runJobs(suite.app, [], { periodic: true });
    const items = (await finance.get(CHECKS)).json().items as { trigger: string; ok: boolean }[];
    expect(items).toHaveLength(before + 1);
    expect(items[0]).toMatchObject({ trigger: 'schedule', ok: true, runBy: null });
  });

  it('keeps every check as it was written', async () => {
    await expect(
      sql`update ledger_checks set ok = true`.execute(suite.database.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`delete from ledger_checks`.execute(suite.database.db)).rejects.toThrow(
      /append-only/,
    );
  });

  it.skipIf(engineName !== 'postgres')(
    'runs one check at a time across servers: a second is told, a job skips its turn',
    async () => {
      const url = (suite.database as ScratchDatabase).url;
      if (!url) throw new Error('a PostgreSQL test database has a URL');
      // Another app server, in the middle of a check: it holds the check's lock.
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('select pg_advisory_xact_lock(1, 2)');
        const count = async () =>
          Number(
            (
              await suite.database.db
                .selectFrom('ledger_checks')
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          );
        const before = await count();
        const refused = await finance.post(CHECKS);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().detail).toMatch(/running now/);
        // The periodic job finds the lock taken and skips its turn.
        expect(await runLedgerCheck(suite.app.deps, { trigger: 'schedule' })).toBeNull();
        expect(await count()).toBe(before);
        await other.query('commit');
        expect((await finance.post(CHECKS)).statusCode).toBe(201);
      } finally {
        await other.end();
      }
    },
  );

  it('records a violation when the books are wrong, and the sum is no longer shown as zero', async () => {
    const [ada] = accounts;
    await tamper(suite.database.db, [
      `update ledger_accounts set balance = balance + 7 where id = ${ada?.id}`,
    ]);
    const check = (await finance.post(CHECKS)).json();
    expect(check.ok).toBe(false);
    expect(check.violations).toBeGreaterThanOrEqual(2);
    expect(check.detail.map((d: { rule: string }) => d.rule)).toEqual(
      expect.arrayContaining(['cached_balance_mismatch', 'trial_balance_not_zero']),
    );
    const usd = (await trialBalance()).currencies.find((c) => c.currency === 'USD');
    expect(usd).toMatchObject({ total: '7', zero: false });
  });

  it('is closed to customers and to staff without ledger.trial_balance', async () => {
    const customer = await signedInCustomer(suite.app, suite.database, { kycStatus: 'approved' });
    await createStaff(
      suite.database,
      { email: 'ops.tb@bank.example', password: PASSWORD },
      'operations',
    );
    const ops = await signInStaff(suite.app, { email: 'ops.tb@bank.example', password: PASSWORD });
    for (const [method, path] of [
      ['GET', TB],
      ['GET', `${TB}/customer-accounts`],
      ['GET', CHECKS],
      ['POST', CHECKS],
    ] as const) {
      const asCustomer = await customer.client.request(
        method,
        path,
        method === 'POST' ? {} : undefined,
      );
      expect(asCustomer.statusCode, `${method} ${path}`).toBe(401);
      const asOps = await ops.request(method, path, method === 'POST' ? {} : undefined);
      expect(asOps.statusCode, `${method} ${path}`).toBe(403);
    }
  });
});
