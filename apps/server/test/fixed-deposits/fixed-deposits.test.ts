import { describe, expect, it } from 'vitest';
import {
  checkLedger,
  ensureInternalAccounts,
  openCustomerAccount,
  postTransfer,
} from '../../src/ledger/index.js';
import { interestForDays } from '../../src/modules/fixed-deposits/interest.js';
import { accrueAll } from '../../src/modules/fixed-deposits/service.js';
import { signedInCustomer } from '../helpers/customers.js';
import { testClock } from '../helpers/app.js';
import { runJobs } from '../helpers/jobs.js';
import { useTestApp } from '../helpers/suite.js';

const DAY = 86_400_000;
const clock = testClock(new Date('2026-03-01T09:00:00Z'));
const suite = useTestApp({ clock });

let seq = 0;
/** A plan as staff would add it (written directly: this suite's clock is not a phone's). */
async function plan(terms: { termCount: number; termUnit: 'days' | 'months'; rateBp: number }) {
  seq += 1;
  const row = await suite.database.db
    .insertInto('fixed_deposit_plans')
    .values({
      name: `Plan ${seq}`,
      term_count: terms.termCount,
      term_unit: terms.termUnit,
      rate_bp: terms.rateBp,
      min_amount: 10_000n,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** An approved customer with `balance` minor units in their current account. */
async function customerWith(balance: bigint) {
  const c = await signedInCustomer(suite.app, suite.database, { kycStatus: 'approved' });
  const db = suite.database.db;
  const account = await openCustomerAccount(db, {
    ownerId: c.userId,
    kind: 'customer_current',
    currency: 'USD',
    name: 'Katherine Johnson',
  });
  const internal = await ensureInternalAccounts(db, 'USD');
  await postTransfer(db, {
    idempotencyKey: `fd-test-funding-${c.userId}`,
    kind: 'crypto_deposit',
    memo: 'Opening deposit',
    actor: 'system',
    fromAccountId: internal.crypto_deposit_clearing.id,
    toAccountId: account.id,
    amount: balance,
    currency: 'USD',
  });
  return c;
}

const key = () => `key-${Date.now().toString(36)}-${(seq += 1)}-abcdefgh`;

async function balanceOf(c: { client: { get(url: string): Promise<{ json(): unknown }> } }) {
  return ((await c.client.get('/api/v1/accounts/current')).json() as { availableBalance: string })
    .availableBalance;
}

async function entryCount() {
  const row = await suite.database.db
    .selectFrom('journal_entries')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('a fixed deposit from the balance', () => {
  it('quotes, opens in one entry, and a retried key opens nothing more', async () => {
    const planId = await plan({ termCount: 365, termUnit: 'days', rateBp: 500 });
    const c = await customerWith(2_000_000n);
    const quote = await c.client.get(`/api/v1/fixed-deposits/quote?plan=${planId}&amount=10000`);
    expect(quote.json()).toMatchObject({
      principal: '1000000',
      termDays: 365,
      interest: '50000',
      total: '1050000',
      startDate: '2026-03-01',
      maturityDate: '2027-03-01',
    });
    const body = { plan: planId, amount: '10000', idempotencyKey: key() };
    const before = await entryCount();
    const answers = await Promise.all([
      c.client.post('/api/v1/fixed-deposits', body),
      c.client.post('/api/v1/fixed-deposits', body),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers[0]?.json().id).toBe(answers[1]?.json().id);
    expect(await entryCount()).toBe(before + 1);
    expect(await balanceOf(c)).toBe('1000000');
    const list = (await c.client.get('/api/v1/fixed-deposits')).json().items;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ principal: '1000000', accrued: '0', fundedBy: 'balance' });
  });

  it('refuses what the balance or the plan cannot take, writing nothing', async () => {
    const planId = await plan({ termCount: 30, termUnit: 'days', rateBp: 300 });
    const c = await customerWith(50_000n);
    const before = await entryCount();
    const cases: [unknown, string][] = [
      [{ plan: planId, amount: '600', idempotencyKey: key() }, 'body.amount'],
      [{ plan: planId, amount: '50', idempotencyKey: key() }, 'body.amount'],
      [{ plan: planId, amount: '-100', idempotencyKey: key() }, 'body.amount'],
      [{ plan: planId, amount: '100.001', idempotencyKey: key() }, 'body.amount'],
      [{ plan: '99999', amount: '100', idempotencyKey: key() }, 'body.plan'],
      [{ plan: planId, amount: '100', idempotencyKey: 'short' }, 'body.idempotencyKey'],
    ];
    for (const [body, field] of cases) {
      const res = await c.client.post('/api/v1/fixed-deposits', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0].path).toBe(field);
    }
    const short = await c.client.post('/api/v1/fixed-deposits', {
      plan: planId,
      amount: '600',
      idempotencyKey: key(),
    });
    expect(short.json().errors[0].message).toBe('Insufficient balance');
    expect(await entryCount()).toBe(before);
    const other = await customerWith(10n);
    expect((await other.client.get('/api/v1/fixed-deposits')).json().items).toEqual([]);
  });
});

describe('interest and maturity', () => {
  it('accrues once a day however often the job runs, catches up, and pays out at maturity to the cent', async () => {
    const planId = await plan({ termCount: 12, termUnit: 'months', rateBp: 437 });
    const c = await customerWith(1_234_567n);
    const opened = await c.client.post('/api/v1/fixed-deposits', {
      plan: planId,
      amount: '12345.67',
      idempotencyKey: key(),
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const deposit = opened.json();
    const termDays = deposit.termDays as number;
    expect(deposit.maturityDate).toBe('2027-03-01');

    // Day 1: the periodic job as the server schedules it, then the job's work again.
    clock.advance(DAY);
    await runJobs(suite.app, [], { periodic: true });
    const entriesAfterFirst = await entryCount();
    expect(entriesAfterFirst).toBeGreaterThan(0);
    await accrueAll(suite.app.deps);
    expect(await entryCount()).toBe(entriesAfterFirst);
    const afterOneDay = (await c.client.get('/api/v1/fixed-deposits')).json().items[0];
    expect(afterOneDay.accrued).toBe(String(interestForDays(1_234_567n, 437, 1)));

    // The app was down for 40 days: one run catches up.
    clock.advance(40 * DAY);
    await accrueAll(suite.app.deps);
    const after41 = (await c.client.get('/api/v1/fixed-deposits')).json().items[0];
    expect(after41.accrued).toBe(String(interestForDays(1_234_567n, 437, 41)));

    // Then every day to the end of the year.
    for (let day = 42; day <= termDays; day++) {
      clock.advance(DAY);
      await accrueAll(suite.app.deps);
    }
    const matured = (await c.client.get('/api/v1/fixed-deposits')).json().items[0];
    const interest = interestForDays(1_234_567n, 437, termDays);
    expect(matured).toMatchObject({ status: 'matured', accrued: String(interest) });
    expect(matured.interestAtMaturity).toBe(String(interest));
    expect(await balanceOf(c)).toBe(String(1_234_567n + interest));
    const lines = (await c.client.get('/api/v1/statements')).json().items;
    expect(lines[0]).toMatchObject({
      amount: String(1_234_567n + interest),
      transactionType: 'credit',
    });
    const notes = (await c.client.get('/api/v1/notifications')).json().items;
    expect(notes[0].title).toBe('Fixed deposit matured');
    expect((await checkLedger(suite.database.db)).violations).toEqual([]);
    // Running again after maturity moves nothing.
    const settled = await entryCount();
    await accrueAll(suite.app.deps);
    expect(await entryCount()).toBe(settled);
  });
});
