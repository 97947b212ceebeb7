import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/ledger/index.js';
import { openFixedDeposit } from '../../src/modules/fixed-deposits/index.js';
import { interestForDays } from '../../src/modules/fixed-deposits/interest.js';
import { testClock } from '../helpers/app.js';
import { TestClient } from '../helpers/http.js';
import { TEST_PIN, pinState } from '../helpers/customers.js';
import { mailTo } from '../helpers/mail.js';
import { useTestApp } from '../helpers/suite.js';
import {
  addPlan,
  balanceOf,
  clientKey,
  cryptoFixedDepositRequest,
  customerWith,
  depositRow,
  entriesWithKeyPrefix,
  openingFootprint,
  type FundedCustomer,
} from './setup.js';

const clock = testClock(new Date('2026-03-01T09:00:00Z'));
const suite = useTestApp({ clock });
const OPEN = '/api/v1/fixed-deposits';

async function accountOf(number: string) {
  return suite.database.db
    .selectFrom('ledger_accounts')
    .select(['id', 'kind', 'owner_id', 'balance', 'name'])
    .where('account_number', '=', number)
    .executeTakeFirstOrThrow();
}

describe('the quote', () => {
  it('tells the interest at maturity for the amount typed, by the closed form', async () => {
    const plan = await addPlan(suite, { termCount: 365, termUnit: 'days', rateBp: 500 });
    const months = await addPlan(suite, { termCount: 6, termUnit: 'months', rateBp: 437 });
    const c = await customerWith(suite, 0n);
    const q = await c.client.get(`${OPEN}/quote?plan=${plan.id}&amount=10000`);
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json()).toEqual({
      principal: '1000000',
      annualRateBp: 500,
      termDays: 365,
      startDate: '2026-03-01',
      maturityDate: '2027-03-01',
      interest: '50000',
      total: '1050000',
      currency: 'USD',
    });
    const m = (await c.client.get(`${OPEN}/quote?plan=${months.id}&amount=1234.56`)).json();
    // 1 March to 1 September: 184 days; 123,456 × 437 × 184 / 3,650,000 = 2,719.7…
    expect(m).toMatchObject({ maturityDate: '2026-09-01', termDays: 184, interest: '2720' });
    expect(m.interest).toBe(String(interestForDays(123_456n, 437, 184)));
  });

  it('answers 400 on the plan or on the amount that does not fit', async () => {
    const plan = await addPlan(suite, {
      termCount: 30,
      termUnit: 'days',
      rateBp: 300,
      minAmount: 10_000n,
      maxAmount: 100_000n,
    });
    const retired = await addPlan(suite, {
      termCount: 30,
      termUnit: 'days',
      rateBp: 300,
      active: false,
    });
    const c = await customerWith(suite, 0n);
    const cases: [string, string][] = [
      [`plan=${plan.id}&amount=99.99`, 'query.amount'],
      [`plan=${plan.id}&amount=1000.01`, 'query.amount'],
      [`plan=${plan.id}&amount=0`, 'query.amount'],
      [`plan=${plan.id}&amount=abc`, 'query.amount'],
      [`plan=${retired.id}&amount=500`, 'query.plan'],
      [`plan=987654321&amount=500`, 'query.plan'],
      [`plan=9999999999999999999&amount=500`, 'query.plan'],
      [`plan=x&amount=500`, 'query.plan'],
    ];
    for (const [query, path] of cases) {
      const res = await c.client.get(`${OPEN}/quote?${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json().errors[0].path, query).toBe(path);
    }
    const low = await c.client.get(`${OPEN}/quote?plan=${plan.id}&amount=99.99`);
    expect(low.json().errors[0].message).toBe(`The ${plan.name} plan starts at $100.00`);
  });
});

describe('a fixed deposit from the balance', () => {
  it('moves the principal to its own account in one entry, with the plan’s terms copied', async () => {
    const plan = await addPlan(suite, { termCount: 12, termUnit: 'months', rateBp: 525 });
    const c = await customerWith(suite, 2_000_000n);
    const key = clientKey();
    const res = await c.client.post(OPEN, {
      plan: plan.id,
      amount: '12500.50',
      idempotencyKey: key,
      pin: TEST_PIN,
    });
    expect(res.statusCode, res.body).toBe(201);
    const deposit = res.json();
    const interest = interestForDays(1_250_050n, 525, 365);
    expect(deposit).toEqual({
      id: expect.stringMatching(/^\d+$/),
      planName: plan.name,
      annualRateBp: 525,
      principal: '1250050',
      accrued: '0',
      interestAtMaturity: String(interest),
      currency: 'USD',
      startDate: '2026-03-01',
      maturityDate: '2027-03-01',
      termDays: 365,
      status: 'active',
      fundedBy: 'balance',
      accountNumber: expect.stringMatching(/^\d{10}$/),
    });

    // The ledger: one entry, current account −P, the deposit's own account +P.
    const fdAccount = await accountOf(deposit.accountNumber);
    expect(fdAccount).toMatchObject({
      kind: 'customer_fixed_deposit',
      owner_id: c.userId,
      balance: 1_250_050n,
      name: `Fixed deposit — ${plan.name}`,
    });
    const entries = await entriesWithKeyPrefix(suite, `fd-open:${c.userId}:`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      key: `fd-open:${c.userId}:${key}`,
      kind: 'fixed_deposit_open',
      memo: `Fixed deposit opened: ${plan.name}`,
      actor: `customer:${c.userId}`,
      postings: [
        { accountId: String(c.currentAccountId), amount: '-1250050' },
        { accountId: String(fdAccount.id), amount: '1250050' },
      ],
    });
    expect(await balanceOf(suite, c.currentAccountId)).toBe(2_000_000n - 1_250_050n);
    const current = (await c.client.get('/api/v1/accounts/current')).json();
    expect(current.availableBalance).toBe('749950');
    const lines = (await c.client.get('/api/v1/accounts/current/transactions')).json().items;
    expect(lines[0]).toMatchObject({
      name: `Fixed deposit opened: ${plan.name}`,
      amount: '1250050',
      transactionType: 'debit',
    });

    const row = await depositRow(suite, deposit.id);
    expect(row).toMatchObject({
      plan_id: BigInt(plan.id),
      plan_name: plan.name,
      rate_bp: 525,
      start: '2026-03-01',
      maturity: '2027-03-01',
      term_days: 365,
      interest_at_maturity: interest,
      days_accrued: 0,
      funded_by: 'balance',
      request_id: null,
      opening_entry_id: entries[0]?.id,
      payout_entry_id: null,
    });

    // Staff changing the plan later changes only deposits opened after.
    await suite.database.db
      .updateTable('fixed_deposit_plans')
      .set({ rate_bp: 100, name: `${plan.name} renamed` })
      .where('id', '=', BigInt(plan.id))
      .execute();
    const [listed] = (await c.client.get(OPEN)).json().items;
    expect(listed).toMatchObject({ annualRateBp: 525, planName: plan.name });

    // The customer is told, in the app and by email.
    const notes = (await c.client.get('/api/v1/notifications')).json().items;
    expect(notes[0]).toMatchObject({ title: 'Fixed deposit opened' });
    expect(notes[0].body).toContain('$12,500.50');
    expect(notes[0].body).toContain('5.25 %');
    expect(notes[0].body).toContain('01/03/2027');
    const [mail] = await mailTo(suite.app, c.email);
    expect(mail?.subject).toBe('Fixed deposit opened');
    expect(mail?.text).toContain(
      `matures on 01/03/2027 with $${(Number(interest) / 100).toFixed(2)}`,
    );
    expect((await checkLedger(suite.database.db)).violations).toEqual([]);
  });

  it('a retried key answers the same deposit and moves no more money', async () => {
    const plan = await addPlan(suite, { termCount: 90, termUnit: 'days', rateBp: 400 });
    const c = await customerWith(suite, 1_000_000n);
    const body = { plan: plan.id, amount: '1000', idempotencyKey: clientKey(), pin: TEST_PIN };
    const first = await c.client.post(OPEN, body);
    const before = await openingFootprint(suite);
    const again = await c.client.post(OPEN, body);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await openingFootprint(suite)).toEqual(before);
    expect(await balanceOf(suite, c.currentAccountId)).toBe(900_000n);

    // The same key for another amount or plan is a mistake, not a retry.
    const other = await addPlan(suite, { termCount: 90, termUnit: 'days', rateBp: 400 });
    for (const changed of [
      { ...body, amount: '1001' },
      { ...body, plan: other.id },
    ]) {
      const res = await c.client.post(OPEN, changed);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe('This request was already made with other details.');
    }
    expect(await openingFootprint(suite)).toEqual(before);

    // A key is the customer's own: another customer's same key opens their own deposit.
    const d = await customerWith(suite, 1_000_000n);
    const theirs = await d.client.post(OPEN, body);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(first.json().id);
  });

  it('the same key sent several times at once opens one deposit with one entry', async () => {
    const plan = await addPlan(suite, { termCount: 180, termUnit: 'days', rateBp: 350 });
    const c = await customerWith(suite, 500_000n);
    const body = { plan: plan.id, amount: '2000', idempotencyKey: clientKey(), pin: TEST_PIN };
    const answers = await Promise.all([1, 2, 3].map(() => c.client.post(OPEN, body)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await entriesWithKeyPrefix(suite, `fd-open:${c.userId}:`)).toHaveLength(1);
    expect((await c.client.get(OPEN)).json().items).toHaveLength(1);
    expect(await balanceOf(suite, c.currentAccountId)).toBe(300_000n);
    // Different keys at once are different deposits, each paid once.
    const two = await Promise.all(
      [1, 2].map(() =>
        c.client.post(OPEN, {
          plan: plan.id,
          amount: '1000',
          idempotencyKey: clientKey(),
          pin: TEST_PIN,
        }),
      ),
    );
    expect(two.map((a) => a.statusCode)).toEqual([201, 201]);
    expect((await c.client.get(OPEN)).json().items).toHaveLength(3);
    expect(await balanceOf(suite, c.currentAccountId)).toBe(100_000n);
  });

  it('refuses what the balance or the plan cannot take, and writes nothing', async () => {
    const plan = await addPlan(suite, {
      termCount: 30,
      termUnit: 'days',
      rateBp: 300,
      minAmount: 10_000n,
      maxAmount: 40_000n,
    });
    const retired = await addPlan(suite, {
      termCount: 30,
      termUnit: 'days',
      rateBp: 300,
      active: false,
    });
    const c = await customerWith(suite, 30_000n);
    const before = await openingFootprint(suite);
    const cases: [unknown, string, string?][] = [
      [
        { plan: plan.id, amount: '300.01', idempotencyKey: clientKey(), pin: TEST_PIN },
        'body.amount',
        'Insufficient balance',
      ],
      [
        { plan: plan.id, amount: '99.99', idempotencyKey: clientKey(), pin: TEST_PIN },
        'body.amount',
        `The ${plan.name} plan starts at $100.00`,
      ],
      [
        { plan: plan.id, amount: '400.01', idempotencyKey: clientKey(), pin: TEST_PIN },
        'body.amount',
        `The ${plan.name} plan takes at most $400.00`,
      ],
      [{ plan: plan.id, amount: '0', idempotencyKey: clientKey(), pin: TEST_PIN }, 'body.amount'],
      [
        { plan: plan.id, amount: '-100', idempotencyKey: clientKey(), pin: TEST_PIN },
        'body.amount',
      ],
      [
        { plan: plan.id, amount: '100.001', idempotencyKey: clientKey(), pin: TEST_PIN },
        'body.amount',
      ],
      [{ plan: plan.id, amount: '1e3', idempotencyKey: clientKey(), pin: TEST_PIN }, 'body.amount'],
      [
        { plan: retired.id, amount: '150', idempotencyKey: clientKey(), pin: TEST_PIN },
        'body.plan',
        'Choose a plan from the list',
      ],
      [
        { plan: '987654321', amount: '150', idempotencyKey: clientKey(), pin: TEST_PIN },
        'body.plan',
        'Choose a plan from the list',
      ],
      [
        { plan: '9999999999999999999', amount: '150', idempotencyKey: clientKey(), pin: TEST_PIN },
        'body.plan',
      ],
      [{ plan: 'one', amount: '150', idempotencyKey: clientKey(), pin: TEST_PIN }, 'body.plan'],
      [
        { plan: plan.id, amount: '150', idempotencyKey: 'short', pin: TEST_PIN },
        'body.idempotencyKey',
      ],
      [
        { plan: plan.id, amount: '150', idempotencyKey: `${'a'.repeat(20)}!`, pin: TEST_PIN },
        'body.idempotencyKey',
      ],
      [{ plan: plan.id, amount: '150' }, 'body.idempotencyKey'],
    ];
    for (const [body, path, message] of cases) {
      const res = await c.client.post(OPEN, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0].path, JSON.stringify(body)).toBe(path);
      if (message) expect(res.json().errors[0].message).toBe(message);
    }
    expect(await openingFootprint(suite)).toEqual(before);
    expect(await balanceOf(suite, c.currentAccountId)).toBe(30_000n);
    // A refused key is not spent: the same key with an amount that fits opens the deposit.
    const key = clientKey();
    expect(
      (
        await c.client.post(OPEN, {
          plan: plan.id,
          amount: '400',
          idempotencyKey: key,
          pin: TEST_PIN,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await c.client.post(OPEN, {
          plan: plan.id,
          amount: '300',
          idempotencyKey: key,
          pin: TEST_PIN,
        })
      ).statusCode,
    ).toBe(201);
    expect(await balanceOf(suite, c.currentAccountId)).toBe(0n);
  });
});

describe('the transaction PIN', () => {
  const WRONG_PIN = '9713';
  const tries = (c: FundedCustomer) => pinState(suite.database, c.userId);
  const depositsOf = async (c: FundedCustomer) => (await c.client.get(OPEN)).json().items;

  it('is asked for: none, or not four digits, is a 400 on body.pin with nothing written', async () => {
    const plan = await addPlan(suite, { termCount: 30, termUnit: 'days', rateBp: 300 });
    const c = await customerWith(suite, 100_000n);
    const before = await openingFootprint(suite);
    for (const pin of [undefined, '', '123', '12345', '12 4', 1234]) {
      const res = await c.client.post(OPEN, {
        plan: plan.id,
        amount: '200',
        idempotencyKey: clientKey(),
        ...(pin === undefined ? {} : { pin }),
      });
      expect(res.statusCode, String(pin)).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'body.pin', message: 'Invalid Pin' }]);
    }
    expect(await openingFootprint(suite)).toEqual(before);
    expect(await tries(c)).toEqual({ failures: 0, pausedUntil: null });
  });

  it('a wrong PIN opens nothing and counts the try; the key still opens it with the right PIN', async () => {
    const plan = await addPlan(suite, { termCount: 30, termUnit: 'days', rateBp: 300 });
    const c = await customerWith(suite, 100_000n);
    const before = await openingFootprint(suite);
    const body = { plan: plan.id, amount: '200', idempotencyKey: clientKey() };
    const wrong = await c.client.post(OPEN, { ...body, pin: WRONG_PIN });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      code: 'UNPROCESSABLE',
      detail: 'Incorrect PIN. 4 tries left before PIN use is paused.',
      errors: [{ path: 'body.pin', message: 'Incorrect PIN' }],
    });
    // No entry, account, deposit, notification or email: only the try, and its audit record.
    expect(await openingFootprint(suite)).toEqual(before);
    expect(await balanceOf(suite, c.currentAccountId)).toBe(100_000n);
    expect(await tries(c)).toEqual({ failures: 1, pausedUntil: null });
    const audited = await suite.database.db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'security.pin_failed')
      .where('target_id', '=', String(c.userId))
      .execute();
    expect(audited).toEqual([{ after: { failures: 1 } }]);

    const right = await c.client.post(OPEN, { ...body, pin: TEST_PIN });
    expect(right.statusCode, right.body).toBe(201);
    expect(await balanceOf(suite, c.currentAccountId)).toBe(80_000n);
    expect(await tries(c)).toEqual({ failures: 0, pausedUntil: null });
  });

  it('paused after five wrong PINs, the right PIN is refused too (423), and nothing opens', async () => {
    const plan = await addPlan(suite, { termCount: 30, termUnit: 'days', rateBp: 300 });
    const c = await customerWith(suite, 100_000n);
    const open = (pin: string) =>
      c.client.post(OPEN, { plan: plan.id, amount: '200', idempotencyKey: clientKey(), pin });
    for (let i = 0; i < 4; i += 1) expect((await open(WRONG_PIN)).statusCode).toBe(422);
    expect((await open(WRONG_PIN)).statusCode).toBe(423);
    const paused = await open(TEST_PIN);
    expect(paused.statusCode).toBe(423);
    expect(paused.json()).toMatchObject({
      code: 'PIN_LOCKED',
      detail:
        'Too many wrong PINs. For your security, PIN use is paused for 30 more minutes. Forgot your PIN? Reset it in Settings.',
    });
    expect((await c.client.get('/api/v1/pin')).json()).toEqual({
      hasPin: true,
      lockedUntil: '2026-03-01T09:30:00.000Z',
    });
    expect(await depositsOf(c)).toEqual([]);
    expect(await balanceOf(suite, c.currentAccountId)).toBe(100_000n);
    expect(await tries(c)).toMatchObject({ failures: 5 });
  });

  it('a retried key answers its deposit whatever PIN it carries, and counts no try', async () => {
    const plan = await addPlan(suite, { termCount: 30, termUnit: 'days', rateBp: 300 });
    const c = await customerWith(suite, 100_000n);
    const body = { plan: plan.id, amount: '200', idempotencyKey: clientKey() };
    const first = await c.client.post(OPEN, { ...body, pin: TEST_PIN });
    expect(first.statusCode, first.body).toBe(201);
    const before = await openingFootprint(suite);
    const retried = await c.client.post(OPEN, { ...body, pin: WRONG_PIN });
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json()).toEqual(first.json());
    expect(await openingFootprint(suite)).toEqual(before);
    expect(await tries(c)).toEqual({ failures: 0, pausedUntil: null });
  });

  it('the same key sent several times at once with the PIN opens one deposit and counts no try', async () => {
    const plan = await addPlan(suite, { termCount: 30, termUnit: 'days', rateBp: 300 });
    const c = await customerWith(suite, 100_000n);
    const body = { plan: plan.id, amount: '200', idempotencyKey: clientKey(), pin: TEST_PIN };
    const answers = await Promise.all([1, 2, 3, 4].map(() => c.client.post(OPEN, body)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await entriesWithKeyPrefix(suite, `fd-open:${c.userId}:`)).toHaveLength(1);
    expect(await balanceOf(suite, c.currentAccountId)).toBe(80_000n);
    expect(await tries(c)).toEqual({ failures: 0, pausedUntil: null });
  });
});

describe('who may see and open fixed deposits', () => {
  it('a customer sees only their own deposits; no session, no answer', async () => {
    const plan = await addPlan(suite, { termCount: 30, termUnit: 'days', rateBp: 300 });
    const a = await customerWith(suite, 100_000n);
    const b = await customerWith(suite, 100_000n);
    const opened = await a.client.post(OPEN, {
      plan: plan.id,
      amount: '500',
      idempotencyKey: clientKey(),
      pin: TEST_PIN,
    });
    expect(opened.statusCode).toBe(201);
    expect((await a.client.get(OPEN)).json().items.map((d: { id: string }) => d.id)).toEqual([
      opened.json().id,
    ]);
    expect((await b.client.get(OPEN)).json().items).toEqual([]);
    const anonymous = new TestClient(suite.app);
    expect((await anonymous.get(OPEN)).statusCode).toBe(401);
    expect((await anonymous.get(`${OPEN}/quote?plan=${plan.id}&amount=500`)).statusCode).toBe(401);
    const post = await anonymous.post(OPEN, {
      plan: plan.id,
      amount: '500',
      idempotencyKey: clientKey(),
      pin: TEST_PIN,
    });
    expect([401, 403]).toContain(post.statusCode);
  });

  it('a region without fixed deposits may not quote or open one, and still sees its own', async () => {
    const plan = await addPlan(suite, { termCount: 30, termUnit: 'days', rateBp: 300 });
    const c = await customerWith(suite, 100_000n);
    await c.client.post(OPEN, {
      plan: plan.id,
      amount: '200',
      idempotencyKey: clientKey(),
      pin: TEST_PIN,
    });
    const db = suite.database.db;
    await db
      .insertInto('customer_profiles')
      .values({ user_id: c.userId, country: 'FR' })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ country: 'FR' }))
      .execute();
    await sql`update product_availability set unavailable_countries = array['FR']
              where product = 'fixed_deposit'`.execute(db);
    try {
      const before = await openingFootprint(suite);
      const quote = await c.client.get(`${OPEN}/quote?plan=${plan.id}&amount=200`);
      const open = await c.client.post(OPEN, {
        plan: plan.id,
        amount: '200',
        idempotencyKey: clientKey(),
        pin: TEST_PIN,
      });
      for (const res of [quote, open]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().detail).toBe('Not available for your region');
      }
      expect(await openingFootprint(suite)).toEqual(before);
      expect((await c.client.get(OPEN)).json().items).toHaveLength(1);
    } finally {
      await sql`update product_availability set unavailable_countries = '{}'
                where product = 'fixed_deposit'`.execute(db);
    }
  });
});

describe('who may pay for a fixed deposit from their balance', () => {
  it('a customer whose identity check is no longer approved, or under a restriction notice, opens nothing and spends no PIN try', async () => {
    const plan = await addPlan(suite, { termCount: 30, termUnit: 'days', rateBp: 300 });
    const c = await customerWith(suite, 100_000n);
    const db = suite.database.db;
    const open = () =>
      c.client.post(OPEN, {
        plan: plan.id,
        amount: '200',
        idempotencyKey: clientKey(),
        pin: TEST_PIN,
      });
    const before = await openingFootprint(suite);
    const tries = await pinState(suite.database, c.userId);

    await db
      .updateTable('users')
      .set({ kyc_status: 'declined' })
      .where('id', '=', c.userId)
      .execute();
    const unverified = await open();
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().detail).toBe('Your identity check must be approved first.');

    await db
      .updateTable('users')
      .set({
        kyc_status: 'approved',
        restriction_head: 'Account restricted',
        restriction_body: 'Please contact us before you use your account.',
      })
      .where('id', '=', c.userId)
      .execute();
    const restricted = await open();
    expect(restricted.statusCode, restricted.body).toBe(422);
    expect(restricted.json()).toMatchObject({
      code: 'ACCOUNT_ON_HOLD',
      notice: {
        title: 'Account restricted',
        body: 'Please contact us before you use your account.',
      },
    });

    expect(await openingFootprint(suite)).toEqual(before);
    expect(await pinState(suite.database, c.userId)).toEqual(tries);
  });
});

describe('a fixed deposit from a confirmed crypto request', () => {
  it('opens from crypto-deposit clearing under the request’s key, even on a plan retired since', async () => {
    const plan = await addPlan(suite, { termCount: 60, termUnit: 'days', rateBp: 600 });
    const c = await customerWith(suite, 0n);
    const requestId = await cryptoFixedDepositRequest(suite, c.userId, plan.id, 50_000n);
    await suite.database.db
      .updateTable('fixed_deposit_plans')
      .set({ active: false })
      .where('id', '=', BigInt(plan.id))
      .execute();
    const opened = await suite.database.db.transaction().execute((trx) =>
      openFixedDeposit(trx, suite.app.deps, {
        userId: c.userId,
        planId: BigInt(plan.id),
        principal: 48_000n,
        funding: { kind: 'crypto', requestId, actor: 'staff:1' },
      }),
    );
    const row = await depositRow(suite, opened.fixedDepositId);
    expect(row).toMatchObject({
      funded_by: 'crypto',
      request_id: requestId,
      principal: 48_000n,
      opening_entry_id: opened.entryId,
      interest_at_maturity: interestForDays(48_000n, 600, 60),
    });
    const [entry] = await entriesWithKeyPrefix(suite, `funding:${requestId}`);
    const clearing = await suite.database.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('kind', '=', 'crypto_deposit_clearing')
      .where('currency', '=', 'USD')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      id: opened.entryId,
      actor: 'staff:1',
      postings: [
        { accountId: String(clearing.id), amount: '-48000' },
        { accountId: String(row.account_id), amount: '48000' },
      ],
    });
    // The current account is not touched; the deposit is the customer's to see.
    expect(await balanceOf(suite, c.currentAccountId)).toBe(0n);
    expect((await c.client.get(OPEN)).json().items[0]).toMatchObject({
      fundedBy: 'crypto',
      principal: '48000',
    });
    // Still within the plan's amounts: below its minimum is refused and nothing is written.
    const small = await cryptoFixedDepositRequest(suite, c.userId, plan.id, 5_000n);
    const before = await openingFootprint(suite);
    await expect(
      suite.database.db.transaction().execute((trx) =>
        openFixedDeposit(trx, suite.app.deps, {
          userId: c.userId,
          planId: BigInt(plan.id),
          principal: 5_000n,
          funding: { kind: 'crypto', requestId: small, actor: 'staff:1' },
        }),
      ),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { errors: [{ path: 'body.amount' }] },
    });
    expect(await openingFootprint(suite)).toEqual(before);
  });
});
