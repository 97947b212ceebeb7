/**
 * Paying the bank from the available balance (decision 27): a payment for a purpose, and an
 * upgrade that applies at once, each one ledger entry under the same checks as a transfer;
 * idempotent by the client's key; never overdrawing, whatever arrives at the same moment. Races
 * are only real on PostgreSQL (TEST_DATABASE_URL); on PGlite they run one after another and
 * still check the invariants.
 */
import { describe, expect, it } from 'vitest';
import { checkLedger, ensureInternalAccounts, getBalance } from '../../src/ledger/index.js';
import { TEST_PIN, pinState } from '../helpers/customers.js';
import { mailTo } from '../helpers/mail.js';
import { useTestApp } from '../helpers/suite.js';
import { TRANSFERS, transferHelpers } from '../transfers/setup.js';
import { fields, fundingHelpers, proof, type Customer } from './setup.js';

const suite = useTestApp();
const { staff, customer, payer, fund, cryptoType, purpose, accountPlan, send, footprint } =
  fundingHelpers(suite);
/** A transfer waiting for its PIN: what the transfer flow answers is compared with a payment's. */
const { confirmed } = transferHelpers(suite);

const PAY = '/api/v1/funding/payments/from-balance';
const UPGRADE = '/api/v1/funding/upgrades/from-balance';

let keys = 0;
const key = () => `balance-key-${(keys += 1).toString().padStart(6, '0')}`;

async function balanceOf(c: Customer): Promise<bigint> {
  const row = await suite.database.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('id', '=', c.accountId)
    .executeTakeFirstOrThrow();
  return row.balance;
}

/** Fee income as the books hold it (with the movements not yet folded: decision 29). */
async function feeIncome(): Promise<bigint> {
  const { fee_income } = await ensureInternalAccounts(suite.database.db, 'USD');
  return (await getBalance(suite.database.db, { accountId: fee_income.id, ownerId: null })).balance;
}

/** The entries that moved money out of this customer's current account, with their postings. */
async function debitsOf(c: Customer) {
  return suite.database.db
    .selectFrom('postings as p')
    .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
    .select(['e.id', 'e.kind', 'e.memo', 'p.amount'])
    .where('p.account_id', '=', c.accountId)
    .where('p.amount', '<', 0n)
    .orderBy('e.id')
    .execute();
}

async function planOf(c: Customer) {
  return (await c.client.get('/api/v1/funding/forms')).json().currentPlanId as string;
}

async function ledgerOk() {
  expect((await checkLedger(suite.database.db)).violations).toEqual([]);
}

const pinStateOf = (c: Customer) => pinState(suite.database, c.userId);

/** The wrong PINs the audit log holds for the customer. */
async function wrongPinsAudited(c: Customer) {
  const rows = await suite.database.db
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', 'security.pin_failed')
    .where('target_id', '=', String(c.userId))
    .execute();
  return rows.length;
}

const WRONG_PIN = '9713';

describe('an upgrade paid from the balance', () => {
  it('applies at once: one entry to the bank, the plan switched, audited, receipted', async () => {
    const gold = await accountPlan({ price: '5000', serviceChargeBp: 250 });
    const c = await payer();
    await fund(c, 20_000n);
    const basic = await planOf(c);
    const income = await feeIncome();

    const res = await c.client.post(UPGRADE, {
      plan: gold.id,
      amount: '50.00',
      idempotencyKey: key(),
      pin: TEST_PIN,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'confirmed',
      request: {
        kind: 'upgrade',
        paidFrom: 'balance',
        type: 'Account balance',
        subject: gold.name,
        claimedAmount: '5000',
        receivedAmount: '5000',
        status: 'confirmed',
      },
    });
    // The plan changed in the same transaction as the entry.
    expect(await planOf(c)).toBe(gold.id);
    expect((await c.client.get('/api/v1/profile')).json().plan).toBe(gold.name);
    expect(await balanceOf(c)).toBe(15_000n);
    expect(await feeIncome()).toBe(income + 5000n);
    const debits = await debitsOf(c);
    expect(debits).toEqual([
      expect.objectContaining({
        kind: 'funding_upgrade',
        memo: `Upgrade to the ${gold.name} plan`,
        amount: -5000n,
      }),
    ]);
    // The customer's own act, in their audit trail: who (the customer), before and after.
    const [change] = await suite.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'before', 'after'])
      .where('action', '=', 'plan.change')
      .where('target_id', '=', String(c.userId))
      .execute();
    expect(change).toMatchObject({
      actor_id: c.userId,
      before: { planId: basic },
      after: { plan: gold.name, planId: gold.id, fundingRequest: res.json().request.id },
    });
    const [mine] = (await c.client.get('/api/v1/funding/requests?kind=upgrade')).json().items;
    expect(mine).toMatchObject({ paidFrom: 'balance', status: 'confirmed', subject: gold.name });
    const [mail] = await mailTo(suite.app, c.email);
    expect(mail?.subject).toBe('Account upgraded');
    expect(mail?.text).toContain(`You paid $50.00 from your balance for the ${gold.name} plan.`);
    // Never a staff decision: not in the review queue, and it has no proof to look at.
    const s = await staff();
    const queue = (await s.get('/api/v1/staff/funding/queue?status=confirmed')).json();
    expect(queue.items.map((i: { id: string }) => i.id)).not.toContain(mine.id);
    const view = (await s.get(`/api/v1/staff/funding/requests/${mine.id}`)).json();
    expect(view).toMatchObject({ paidFrom: 'balance', payToAddress: null, proofMime: null });
    expect((await s.get(`/api/v1/staff/funding/requests/${mine.id}/proof`)).statusCode).toBe(404);
    const confirm = await s.post(`/api/v1/staff/funding/requests/${mine.id}/confirm`, {
      receivedAmount: '5000',
    });
    expect(confirm.statusCode).toBe(409);
    await ledgerOk();
  });

  it('is refused at another price than the plan has now, on a plan not offered, or the one held', async () => {
    const gold = await accountPlan({ price: '5000' });
    const c = await payer();
    await fund(c, 20_000n);
    const before = await footprint();
    const wrongPrice = await c.client.post(UPGRADE, {
      plan: gold.id,
      amount: '40',
      idempotencyKey: key(),
      pin: TEST_PIN,
    });
    expect(wrongPrice.statusCode).toBe(400);
    expect(wrongPrice.json().errors[0]).toMatchObject({ path: 'body.amount' });
    expect(wrongPrice.json().errors[0].message).toContain('costs $50.00 now');
    const unknown = await c.client.post(UPGRADE, {
      plan: '999999',
      amount: '50',
      idempotencyKey: key(),
      pin: TEST_PIN,
    });
    expect(unknown.json().errors[0]).toMatchObject({ path: 'body.plan' });
    const basic = await planOf(c);
    const startPlan = await c.client.post(UPGRADE, {
      plan: basic,
      amount: '50',
      idempotencyKey: key(),
      pin: TEST_PIN,
    });
    expect(startPlan.statusCode).toBe(400);
    expect(startPlan.json().errors[0]).toMatchObject({ path: 'body.plan' });
    expect(await footprint()).toEqual(before);
    expect(await balanceOf(c)).toBe(20_000n);
  });

  it('waits for a crypto upgrade already waiting: one upgrade at a time', async () => {
    const coin = await cryptoType();
    const gold = await accountPlan({ price: '1000' });
    const platinum = await accountPlan({ price: '2000' });
    const c = await payer();
    await fund(c, 50_000n);
    const sent = await send(c.client, 'upgrades', [
      ...fields({ type: coin.id, plan: gold.id, amount: '10' }),
      await proof(),
    ]);
    expect(sent.statusCode, sent.body).toBe(201);
    const res = await c.client.post(UPGRADE, {
      plan: platinum.id,
      amount: '20',
      idempotencyKey: key(),
      pin: TEST_PIN,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain('already waiting');
    expect(await balanceOf(c)).toBe(50_000n);
  });

  it('with too little in the balance is refused with nothing written and the plan unchanged', async () => {
    const gold = await accountPlan({ price: '5000' });
    const c = await payer();
    await fund(c, 4_999n);
    const basic = await planOf(c);
    const before = await footprint();
    const res = await c.client.post(UPGRADE, {
      plan: gold.id,
      amount: '50',
      idempotencyKey: key(),
      pin: TEST_PIN,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ path: 'body.amount', message: 'Insufficient balance' });
    expect(await footprint()).toEqual(before);
    expect(await planOf(c)).toBe(basic);
    expect(await balanceOf(c)).toBe(4_999n);
  });
});

describe('a payment paid from the balance', () => {
  it('posts one entry to the bank and is listed with the payments as done', async () => {
    const fee = await purpose('Card replacement');
    const c = await payer();
    await fund(c, 10_000n);
    const income = await feeIncome();
    const res = await c.client.post(PAY, {
      purpose: fee.id,
      amount: '12.50',
      idempotencyKey: key(),
      pin: TEST_PIN,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().request).toMatchObject({
      kind: 'payment',
      paidFrom: 'balance',
      subject: 'Card replacement',
      claimedAmount: '1250',
      status: 'confirmed',
    });
    expect(await balanceOf(c)).toBe(8_750n);
    expect(await feeIncome()).toBe(income + 1250n);
    expect(await debitsOf(c)).toEqual([
      expect.objectContaining({
        kind: 'funding_payment',
        memo: 'Payment (Card replacement)',
        amount: -1250n,
      }),
    ]);
    // The dashboard's transactions read it from the ledger, as every other line.
    const lines = (await c.client.get('/api/v1/accounts/current/transactions?limit=5')).json();
    expect(JSON.stringify(lines)).toContain('Payment (Card replacement)');
    const [listed] = (await c.client.get('/api/v1/funding/requests?kind=payment')).json().items;
    expect(listed).toMatchObject({ type: 'Account balance', status: 'confirmed' });
    const [mail] = await mailTo(suite.app, c.email);
    expect(mail?.subject).toBe('Payment receipt');
    expect(mail?.text).toContain('You paid $12.50 from your balance. This is your receipt.');
    expect(mail?.text).toContain(`Reference: payment ${listed.id}.`);
    await ledgerOk();
  });

  it('is refused, with nothing written, beyond the balance, while debits are frozen, under a restriction, or before the identity check', async () => {
    const fee = await purpose();
    const c = await payer();
    await fund(c, 1_000n);
    const before = await footprint();
    const pay = (amount: string) =>
      c.client.post(PAY, { purpose: fee.id, amount, idempotencyKey: key(), pin: TEST_PIN });

    const tooMuch = await pay('10.01');
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors[0]).toEqual({
      path: 'body.amount',
      message: 'Insufficient balance',
    });

    const s = await staff();
    const customers = `/api/v1/staff/customers/${c.userId}`;
    const froze = await s.post(`${customers}/freeze`, {
      scope: 'debits',
      reasonCode: 'suspected_fraud',
      note: 'Case 4410: reported by the fraud team',
    });
    expect(froze.statusCode, froze.body).toBe(200);
    const frozen = await pay('1');
    expect(frozen.statusCode).toBe(422);
    expect(frozen.json()).toMatchObject({
      code: 'ACCOUNT_ON_HOLD',
      notice: { title: 'Your account is on hold' },
    });
    expect(frozen.json().notice.body).toContain('this payment cannot be made from your balance');
    expect(frozen.body).not.toMatch(/fraud/i);
    const lifted = await s.post(`${customers}/unfreeze`, { reason: 'Case 4410 closed' });
    expect(lifted.statusCode, lifted.body).toBe(200);

    const db = suite.database.db;
    await db
      .updateTable('users')
      .set({ restriction_head: 'Account under review', restriction_body: 'Please call us.' })
      .where('id', '=', c.userId)
      .execute();
    const restricted = await pay('1');
    expect(restricted.statusCode).toBe(422);
    expect(restricted.json().notice).toEqual({
      title: 'Account under review',
      body: 'Please call us.',
    });
    await db
      .updateTable('users')
      .set({ restriction_head: null, restriction_body: null })
      .where('id', '=', c.userId)
      .execute();

    await db
      .updateTable('users')
      .set({ kyc_status: 'pending' })
      .where('id', '=', c.userId)
      .execute();
    expect((await pay('1')).statusCode).toBe(403);
    await db
      .updateTable('users')
      .set({ kyc_status: 'approved' })
      .where('id', '=', c.userId)
      .execute();

    const badPurpose = await c.client.post(PAY, {
      purpose: '999999',
      amount: '1',
      idempotencyKey: key(),
      pin: TEST_PIN,
    });
    expect(badPurpose.json().errors[0]).toMatchObject({ path: 'body.purpose' });
    const badKey = await c.client.post(PAY, {
      purpose: fee.id,
      amount: '1',
      idempotencyKey: 'x',
      pin: TEST_PIN,
    });
    expect(badKey.statusCode).toBe(400);

    expect(await footprint()).toEqual(before);
    expect(await balanceOf(c)).toBe(1_000n);
    // Still possible once nothing stands in the way.
    expect((await pay('10')).statusCode).toBe(201);
    expect(await balanceOf(c)).toBe(0n);
  });
});

describe('idempotency and races', () => {
  it('a replay with the same key pays once and answers the same; other details are refused', async () => {
    const fee = await purpose();
    const gold = await accountPlan({ price: '3000' });
    const c = await payer();
    await fund(c, 10_000n);
    const k = key();
    const first = await c.client.post(PAY, {
      purpose: fee.id,
      amount: '20',
      idempotencyKey: k,
      pin: TEST_PIN,
    });
    const again = await c.client.post(PAY, {
      purpose: fee.id,
      amount: '20',
      idempotencyKey: k,
      pin: TEST_PIN,
    });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().request.id).toBe(first.json().request.id);
    expect(await debitsOf(c)).toHaveLength(1);
    const other = await c.client.post(PAY, {
      purpose: fee.id,
      amount: '21',
      idempotencyKey: k,
      pin: TEST_PIN,
    });
    expect(other.statusCode).toBe(409);
    const asUpgrade = await c.client.post(UPGRADE, {
      plan: gold.id,
      amount: '30',
      idempotencyKey: k,
      pin: TEST_PIN,
    });
    expect(asUpgrade.statusCode).toBe(409);
    expect(await balanceOf(c)).toBe(8_000n);

    // An upgrade's replay answers the upgrade, although the customer is on that plan now.
    const u = key();
    const upgraded = await c.client.post(UPGRADE, {
      plan: gold.id,
      amount: '30',
      idempotencyKey: u,
      pin: TEST_PIN,
    });
    const replayed = await c.client.post(UPGRADE, {
      plan: gold.id,
      amount: '30',
      idempotencyKey: u,
      pin: TEST_PIN,
    });
    expect(upgraded.statusCode, upgraded.body).toBe(201);
    expect(replayed.statusCode, replayed.body).toBe(201);
    expect(replayed.json().request.id).toBe(upgraded.json().request.id);
    expect(await balanceOf(c)).toBe(5_000n);
    await ledgerOk();
  });

  it('payments from parallel tabs never overdraw: as many as the balance holds, no more', async () => {
    const fee = await purpose();
    const c = await payer();
    await fund(c, 5_000n);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        c.client.post(PAY, { purpose: fee.id, amount: '10', idempotencyKey: key(), pin: TEST_PIN }),
      ),
    );
    for (const a of answers) expect([201, 400, 503], a.body).toContain(a.statusCode);
    const paid = answers.filter((a) => a.statusCode === 201).length;
    expect(paid).toBe(5);
    expect(await balanceOf(c)).toBe(0n);
    expect(await debitsOf(c)).toHaveLength(5);
    await ledgerOk();
  });

  it('the same key sent from several tabs at once pays once', async () => {
    const fee = await purpose();
    const c = await payer();
    await fund(c, 5_000n);
    const k = key();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        c.client.post(PAY, { purpose: fee.id, amount: '10', idempotencyKey: k, pin: TEST_PIN }),
      ),
    );
    const ids = new Set(answers.map((a) => a.json().request?.id));
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    expect(ids.size).toBe(1);
    expect(await balanceOf(c)).toBe(4_000n);
    await ledgerOk();
  });

  it('two upgrades to one plan from the balance at once charge once', async () => {
    const gold = await accountPlan({ price: '1000' });
    const c = await payer();
    await fund(c, 10_000n);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        c.client.post(UPGRADE, {
          plan: gold.id,
          amount: '10',
          idempotencyKey: key(),
          pin: TEST_PIN,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400, 400]);
    expect(await balanceOf(c)).toBe(9_000n);
    expect(await planOf(c)).toBe(gold.id);
    await ledgerOk();
  });
});

describe('one pending upgrade at a time', () => {
  it('six crypto upgrade requests at once leave exactly one waiting, and no orphan proof', async () => {
    const coin = await cryptoType();
    const gold = await accountPlan({ price: '1000' });
    const c = await payer();
    const before = await footprint();
    const parts = async () => [
      ...fields({ type: coin.id, plan: gold.id, amount: '10' }),
      await proof(),
    ];
    const answers = await Promise.all(
      Array.from({ length: 6 }, async () => send(c.client, 'upgrades', await parts())),
    );
    const codes = answers.map((a) => a.statusCode);
    // One person's proofs are checked one at a time with three waiting (decision 32): those
    // beyond, sent at the same moment, may be told to come back (503) and are never kept.
    expect(
      codes.filter((code) => code === 201),
      answers.map((a) => a.body).join('\n'),
    ).toHaveLength(1);
    expect(codes.every((code) => code === 201 || code === 409 || code === 503)).toBe(true);
    for (const a of answers.filter((r) => r.statusCode === 409)) {
      expect(a.json().detail).toContain('already waiting');
    }
    for (const a of answers.filter((r) => r.statusCode === 503)) {
      expect(a.json().code).toBe('UNAVAILABLE');
      expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
    }
    const pending = await suite.database.db
      .selectFrom('funding_requests')
      .select('id')
      .where('user_id', '=', c.userId)
      .where('kind', '=', 'upgrade')
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(1);
    const after = await footprint();
    expect(after.requests).toBe(before.requests + 1);
    expect(after.storedFiles).toBe(before.storedFiles + 1);
    expect(after.filesOnDisk).toBe(before.filesOnDisk + 1);
  });

  it('the database holds it even past the service', async () => {
    const coin = await cryptoType();
    const gold = await accountPlan({ price: '1000' });
    const c = await payer();
    const sent = await send(c.client, 'upgrades', [
      ...fields({ type: coin.id, plan: gold.id, amount: '10' }),
      await proof(),
    ]);
    expect(sent.statusCode).toBe(201);
    const row = await suite.database.db
      .selectFrom('funding_requests')
      .select([
        'user_id',
        'kind',
        'crypto_type_id',
        'pay_to_address',
        'account_plan_id',
        'claimed_amount',
        'currency',
        'proof_key',
        'proof_mime',
      ])
      .where('id', '=', BigInt(sent.json().request.id))
      .executeTakeFirstOrThrow();
    await expect(
      suite.database.db.insertInto('funding_requests').values(row).execute(),
    ).rejects.toThrow(/funding_requests_one_pending_upgrade/);
  });
});

describe('the transaction PIN', () => {
  it('is asked for: none, or not four digits, is a 400 on body.pin with nothing written and no try counted', async () => {
    const fee = await purpose();
    const gold = await accountPlan({ price: '1000' });
    const c = await payer();
    await fund(c, 10_000n);
    const before = await footprint();
    const bodies = [
      { purpose: fee.id, amount: '5', idempotencyKey: key() },
      { purpose: fee.id, amount: '5', idempotencyKey: key(), pin: '' },
      { purpose: fee.id, amount: '5', idempotencyKey: key(), pin: '258' },
      { purpose: fee.id, amount: '5', idempotencyKey: key(), pin: '25800' },
      { purpose: fee.id, amount: '5', idempotencyKey: key(), pin: '25a0' },
      { purpose: fee.id, amount: '5', idempotencyKey: key(), pin: 2580 },
    ];
    for (const body of bodies) {
      const res = await c.client.post(PAY, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toContainEqual({ path: 'body.pin', message: 'Invalid Pin' });
    }
    const upgrade = await c.client.post(UPGRADE, {
      plan: gold.id,
      amount: '10',
      idempotencyKey: key(),
    });
    expect(upgrade.statusCode).toBe(400);
    expect(upgrade.json().errors).toEqual([{ path: 'body.pin', message: 'Invalid Pin' }]);
    expect(await footprint()).toEqual(before);
    expect(await balanceOf(c)).toBe(10_000n);
    expect(await pinStateOf(c)).toEqual({ failures: 0, pausedUntil: null });
  });

  it('a wrong PIN is refused with the tries left: nothing posted, the try counted and audited', async () => {
    const fee = await purpose();
    const gold = await accountPlan({ price: '1000' });
    const c = await payer();
    await fund(c, 10_000n);
    const basic = await planOf(c);
    const before = await footprint();
    const k = key();

    const payment = await c.client.post(PAY, {
      purpose: fee.id,
      amount: '5',
      idempotencyKey: k,
      pin: WRONG_PIN,
    });
    expect(payment.statusCode).toBe(422);
    expect(payment.json()).toMatchObject({
      code: 'UNPROCESSABLE',
      detail: 'Incorrect PIN. 4 tries left before PIN use is paused.',
      errors: [{ path: 'body.pin', message: 'Incorrect PIN' }],
    });
    const upgrade = await c.client.post(UPGRADE, {
      plan: gold.id,
      amount: '10',
      idempotencyKey: key(),
      pin: WRONG_PIN,
    });
    expect(upgrade.statusCode).toBe(422);
    expect(upgrade.json().detail).toBe('Incorrect PIN. 3 tries left before PIN use is paused.');

    // Nothing but the tries: no request, no entry, the balance and the plan as they were.
    expect(await footprint()).toEqual(before);
    expect(await balanceOf(c)).toBe(10_000n);
    expect(await planOf(c)).toBe(basic);
    expect(await pinStateOf(c)).toEqual({ failures: 2, pausedUntil: null });
    expect(await wrongPinsAudited(c)).toBe(2);
    const told = (await c.client.get('/api/v1/notifications')).json().items;
    expect(told.map((n: { title: string }) => n.title)).not.toContain('Payment receipt');

    // The key was not spent: the right PIN pays with it, and the count starts again.
    const paid = await c.client.post(PAY, {
      purpose: fee.id,
      amount: '5',
      idempotencyKey: k,
      pin: TEST_PIN,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await balanceOf(c)).toBe(9_500n);
    expect(await pinStateOf(c)).toEqual({ failures: 0, pausedUntil: null });
    await ledgerOk();
  });

  it('paused after five wrong PINs: refused as the transfer PIN step refuses, even with the right PIN', async () => {
    const fee = await purpose();
    const gold = await accountPlan({ price: '1000' });
    const c = await payer();
    await fund(c, 50_000n);
    // A transfer waiting for its PIN, to hear what the transfer flow answers.
    const transfer = await confirmed(c.client);
    const pay = (pin: string) =>
      c.client.post(PAY, { purpose: fee.id, amount: '5', idempotencyKey: key(), pin });
    for (let i = 0; i < 4; i += 1) expect((await pay(WRONG_PIN)).statusCode).toBe(422);
    const fifth = await pay(WRONG_PIN);
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toMatchObject({ code: 'PIN_LOCKED' });
    const before = await footprint();

    const payment = await pay(TEST_PIN);
    const upgrade = await c.client.post(UPGRADE, {
      plan: gold.id,
      amount: '10',
      idempotencyKey: key(),
      pin: TEST_PIN,
    });
    const atTransfer = await c.client.post(`${TRANSFERS}/${transfer}/pin`, { pin: TEST_PIN });
    expect(atTransfer.statusCode).toBe(423);
    const answer = (res: typeof atTransfer) => {
      const { code, title, status, detail } = res.json();
      return { statusCode: res.statusCode, code, title, status, detail };
    };
    expect(answer(payment)).toEqual(answer(atTransfer));
    expect(answer(upgrade)).toEqual(answer(atTransfer));
    expect(payment.json().detail).toMatch(
      /^Too many wrong PINs\. For your security, PIN use is paused for \d+ more minutes\. Forgot your PIN\? Reset it in Settings\.$/,
    );

    expect(await footprint()).toEqual(before);
    expect(await balanceOf(c)).toBe(50_000n);
    expect((await pinStateOf(c)).failures).toBe(5);
    // The customer was told of the pause, once.
    const paused = (await mailTo(suite.app, c.email)).filter(
      (m) => m.subject === 'Transaction PIN paused',
    );
    expect(paused).toHaveLength(1);
  });

  it('a retry of a payment made costs no PIN try, whatever PIN it carries, even while paused', async () => {
    const fee = await purpose();
    const c = await payer();
    await fund(c, 10_000n);
    const k = key();
    const body = { purpose: fee.id, amount: '20', idempotencyKey: k };
    const first = await c.client.post(PAY, { ...body, pin: TEST_PIN });
    expect(first.statusCode, first.body).toBe(201);

    const wrong = await c.client.post(PAY, { ...body, pin: WRONG_PIN });
    expect(wrong.statusCode, wrong.body).toBe(201);
    expect(wrong.json().request.id).toBe(first.json().request.id);
    expect(await pinStateOf(c)).toEqual({ failures: 0, pausedUntil: null });
    expect(await wrongPinsAudited(c)).toBe(0);

    for (let i = 0; i < 5; i += 1) {
      await c.client.post(PAY, { ...body, idempotencyKey: key(), pin: WRONG_PIN });
    }
    expect((await pinStateOf(c)).pausedUntil).not.toBeNull();
    const whilePaused = await c.client.post(PAY, { ...body, pin: TEST_PIN });
    expect(whilePaused.statusCode, whilePaused.body).toBe(201);
    expect(whilePaused.json().request.id).toBe(first.json().request.id);
    expect((await pinStateOf(c)).failures).toBe(5);
    expect(await debitsOf(c)).toHaveLength(1);
    expect(await balanceOf(c)).toBe(8_000n);
  });

  it('the same key sent from several tabs at once with the PIN pays once and counts no try', async () => {
    const gold = await accountPlan({ price: '1000' });
    const c = await payer();
    await fund(c, 5_000n);
    const body = { plan: gold.id, amount: '10', idempotencyKey: key(), pin: TEST_PIN };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => c.client.post(UPGRADE, body)),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    expect(new Set(answers.map((a) => a.json().request.id)).size).toBe(1);
    expect(await debitsOf(c)).toHaveLength(1);
    expect(await balanceOf(c)).toBe(4_000n);
    expect(await planOf(c)).toBe(gold.id);
    expect(await pinStateOf(c)).toEqual({ failures: 0, pausedUntil: null });
    await ledgerOk();
  });

  it('a customer without a PIN is sent to create one, and nothing moves', async () => {
    const fee = await purpose();
    const c = await customer();
    await fund(c, 10_000n);
    const before = await footprint();
    const res = await c.client.post(PAY, {
      purpose: fee.id,
      amount: '5',
      idempotencyKey: key(),
      pin: TEST_PIN,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Create your transaction PIN first.');
    expect(await footprint()).toEqual(before);
    expect(await balanceOf(c)).toBe(10_000n);
  });
});
