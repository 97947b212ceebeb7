import { describe, expect, it } from 'vitest';
import { checkLedger, ensureInternalAccounts, getBalance } from '../../src/ledger/index.js';
import { mailTo } from '../helpers/mail.js';
import { useTestApp } from '../helpers/suite.js';
import { CATALOG, STAFF_FUNDING, fields, fundingHelpers, proof } from './setup.js';

/** Payments, upgrades and fixed deposits paid in crypto: submitted, reviewed, confirmed. */

const suite = useTestApp();
const {
  staff,
  approvedBySecond,
  customer,
  cryptoType,
  purpose,
  fixedDepositPlan,
  accountPlan,
  send,
  submit,
} = fundingHelpers(suite);

/** Fee income as the books hold it (with the movements not yet folded: decision 29). */
async function feeIncome(): Promise<bigint> {
  const { fee_income } = await ensureInternalAccounts(suite.database.db, 'USD');
  return (await getBalance(suite.database.db, { accountId: fee_income.id, ownerId: null })).balance;
}

async function entriesFor(id: string) {
  return suite.database.db
    .selectFrom('journal_entries')
    .select(['id', 'memo'])
    .where('idempotency_key', '=', `funding:${id}`)
    .execute();
}

async function viewProof(id: string) {
  const res = await (await staff()).get(`${STAFF_FUNDING}/requests/${id}/proof`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  const audited = await suite.database.db
    .selectFrom('audit_log')
    .select('action')
    .where('target_id', '=', id)
    .where('action', '=', 'funding.view_proof')
    .execute();
  expect(audited.length).toBeGreaterThan(0);
}

describe('a payment to the bank', () => {
  it('goes to the bank, with a receipt of what arrived; the balance does not move', async () => {
    const coin = await cryptoType('Tether');
    const statementCopy = await purpose('Statement copy');
    const c = await customer();
    const s = await staff();
    const request = await submit(c.client, 'payments', [
      ...fields({ type: coin.id, purpose: statementCopy.id, amount: '12' }),
      await proof(),
    ]);
    expect(request).toMatchObject({
      kind: 'payment',
      type: 'Tether',
      subject: 'Statement copy',
      claimedAmount: '1200',
    });
    const queued = (await s.get(`${STAFF_FUNDING}/queue`)).json().items;
    expect(queued.find((i: { id: string }) => i.id === request.id)?.subject).toBe('Statement copy');
    await viewProof(request.id);
    const income = await feeIncome();
    const confirmed = await s.post(`${STAFF_FUNDING}/requests/${request.id}/confirm`, {
      receivedAmount: '1150',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await feeIncome()).toBe(income + 1150n);
    expect(await entriesFor(request.id)).toHaveLength(1);
    expect((await c.client.get('/api/v1/accounts/current')).json()).toMatchObject({
      availableBalance: '0',
      totalCredit: '0',
      totalDebit: '0',
    });
    expect((await c.client.get('/api/v1/statements')).json().items).toEqual([]);

    const [mine] = (await c.client.get('/api/v1/funding/requests?kind=payment')).json().items;
    expect(mine).toMatchObject({
      status: 'confirmed',
      claimedAmount: '1200',
      receivedAmount: '1150',
    });
    const [mail] = await mailTo(suite.app, c.email);
    expect(mail?.subject).toBe('Payment receipt');
    for (const line of [
      'You told us $12.00; $11.50 arrived',
      'Purpose: Statement copy.',
      'Amount received: $11.50 in Tether.',
      `Reference: payment ${request.id}.`,
      `Date: ${new Date().toISOString().slice(0, 10).split('-').reverse().join('/')}.`,
    ]) {
      expect(mail?.text).toContain(line);
    }
    expect((await checkLedger(suite.database.db)).violations).toEqual([]);
  });
});

describe('an upgrade', () => {
  it('switches the plan once at least its price arrived, audited, and tells the customer', async () => {
    const coin = await cryptoType();
    const gold = await accountPlan({ price: '5000', serviceChargeBp: 250 });
    const c = await customer();
    const s = await staff();
    const forms = (await c.client.get('/api/v1/funding/forms')).json();
    const basic = forms.currentPlanId as string;
    expect(basic).not.toBe(gold.id);

    const request = await submit(c.client, 'upgrades', [
      ...fields({ type: coin.id, plan: gold.id, amount: '50' }),
      await proof(),
    ]);
    expect(request).toMatchObject({ kind: 'upgrade', subject: gold.name, claimedAmount: '5000' });
    const view = (await s.get(`${STAFF_FUNDING}/requests/${request.id}`)).json();
    expect(view.planTerms).toBe(
      'Price $50.00; service charge 2.5 %; daily transfer limit $50,000.00; authorization code from $5,000.00',
    );
    await viewProof(request.id);

    const short = await s.post(`${STAFF_FUNDING}/requests/${request.id}/confirm`, {
      receivedAmount: '4999',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0]).toMatchObject({ path: 'body.receivedAmount' });
    expect(short.json().errors[0].message).toContain('costs $50.00');
    expect(await entriesFor(request.id)).toHaveLength(0);
    expect((await c.client.get('/api/v1/funding/forms')).json().currentPlanId).toBe(basic);

    const income = await feeIncome();
    const confirmed = await s.post(`${STAFF_FUNDING}/requests/${request.id}/confirm`, {
      receivedAmount: '5200',
    });
    // More than the customer claimed: a second person approves it before anything moves.
    expect(await feeIncome()).toBe(income);
    await approvedBySecond(confirmed);
    expect(await feeIncome()).toBe(income + 5200n);
    expect((await c.client.get('/api/v1/funding/forms')).json().currentPlanId).toBe(gold.id);
    expect((await c.client.get('/api/v1/profile')).json().plan).toBe(gold.name);
    const [change] = await suite.database.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'plan.change')
      .where('target_id', '=', String(c.userId))
      .execute();
    expect(change).toMatchObject({
      before: { planId: basic },
      after: { plan: gold.name, fundingRequest: request.id },
    });
    const [mine] = (await c.client.get('/api/v1/funding/requests?kind=upgrade')).json().items;
    expect(mine).toMatchObject({
      status: 'confirmed',
      claimedAmount: '5000',
      receivedAmount: '5200',
    });
    const [mail] = await mailTo(suite.app, c.email);
    expect(mail?.subject).toBe('Account upgrade confirmed');
    expect(mail?.text).toContain('You told us $50.00; $52.00 arrived');

    // On Gold now: asking for Gold again is refused on the plan.
    const again = await send(c.client, 'upgrades', [
      ...fields({ type: coin.id, plan: gold.id, amount: '50' }),
      await proof(),
    ]);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0]).toMatchObject({
      path: 'body.plan',
      message: 'You are on this plan already',
    });
  });

  it('one upgrade waits at a time, and a plan is never charged twice', async () => {
    const coin = await cryptoType();
    const gold = await accountPlan({ price: '1000' });
    const c = await customer();
    const s = await staff();
    const parts = async () => [
      ...fields({ type: coin.id, plan: gold.id, amount: '10' }),
      await proof(),
    ];
    const first = await submit(c.client, 'upgrades', await parts());
    const again = await send(c.client, 'upgrades', await parts());
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toContain('already waiting');
    const short = await send(c.client, 'upgrades', [
      ...fields({ type: coin.id, plan: gold.id, amount: '9.99' }),
      await proof(),
    ]);
    expect(short.json().errors[0]).toMatchObject({ path: 'body.amount' });
    const answers = await Promise.all([
      s.post(`${STAFF_FUNDING}/requests/${first.id}/confirm`, { receivedAmount: '1000' }),
      s.post(`${STAFF_FUNDING}/requests/${first.id}/confirm`, { receivedAmount: '1000' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await entriesFor(first.id)).toHaveLength(1);
  });
});

describe('a fixed deposit paid in crypto', () => {
  it('opens with the amount that arrived, on the terms asked for, within the plan', async () => {
    const coin = await cryptoType();
    const plan = await fixedDepositPlan({
      termCount: 12,
      termUnit: 'months',
      annualRateBp: 525,
      minAmount: '100000',
      maxAmount: '5000000',
    });
    const c = await customer();
    const s = await staff();
    for (const amount of ['999.99', '50000.01']) {
      const refused = await send(c.client, 'fixed-deposits', [
        ...fields({ type: coin.id, plan: plan.id, amount }),
        await proof('fixedDepositPic'),
      ]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0].path).toBe('body.amount');
    }
    const request = await submit(c.client, 'fixed-deposits', [
      ...fields({ type: coin.id, plan: plan.id, amount: '2000' }),
      await proof('fixedDepositPic'),
    ]);
    expect(request).toMatchObject({ kind: 'fixed_deposit', subject: plan.name });
    const view = (await s.get(`${STAFF_FUNDING}/requests/${request.id}`)).json();
    expect(view.planTerms).toBe('12 months at 5.25 % a year, $1,000.00 to $50,000.00');
    await viewProof(request.id);

    for (const receivedAmount of ['99999', '5000001']) {
      const outside = await s.post(`${STAFF_FUNDING}/requests/${request.id}/confirm`, {
        receivedAmount,
      });
      expect(outside.statusCode, outside.body).toBe(400);
      expect(outside.json().errors[0].path).toBe('body.receivedAmount');
    }
    expect(await entriesFor(request.id)).toHaveLength(0);

    const confirmed = await s.post(`${STAFF_FUNDING}/requests/${request.id}/confirm`, {
      receivedAmount: '195000',
    });
    // At or above the dual-control threshold (1,000.00): a second person approves it.
    expect(await entriesFor(request.id)).toHaveLength(0);
    await approvedBySecond(confirmed);
    const deposits = (await c.client.get('/api/v1/fixed-deposits')).json().items;
    expect(deposits).toHaveLength(1);
    expect(deposits[0]).toMatchObject({
      planName: plan.name,
      principal: '195000',
      annualRateBp: 525,
      fundedBy: 'crypto',
      status: 'active',
    });
    expect(await entriesFor(request.id)).toHaveLength(1);
    expect((await c.client.get('/api/v1/accounts/current')).json().availableBalance).toBe('0');
    const [mine] = (await c.client.get('/api/v1/funding/requests?kind=fixed_deposit')).json().items;
    expect(mine).toMatchObject({
      status: 'confirmed',
      claimedAmount: '200000',
      receivedAmount: '195000',
    });
    const mails = await mailTo(suite.app, c.email);
    expect(mails.map((m) => m.subject)).toContain('Fixed deposit confirmed');
    const told = mails.find((m) => m.subject === 'Fixed deposit confirmed');
    expect(told?.text).toContain('You told us $2,000.00; $1,950.00 arrived');
    expect((await checkLedger(suite.database.db)).violations).toEqual([]);
  });

  it('is not confirmed on terms staff changed after the customer asked', async () => {
    const coin = await cryptoType();
    const plan = await fixedDepositPlan({
      termCount: 30,
      termUnit: 'days',
      annualRateBp: 900,
      minAmount: '10000',
      maxAmount: null,
    });
    const c = await customer();
    const s = await staff();
    const request = await submit(c.client, 'fixed-deposits', [
      ...fields({ type: coin.id, plan: plan.id, amount: '500' }),
      await proof('fixedDepositPic'),
    ]);
    const edited = await s.put(`${CATALOG}/fixed-deposit-plans/${plan.id}`, {
      name: plan.name,
      termCount: 120,
      termUnit: 'months',
      annualRateBp: 1,
      minAmount: '10000',
      maxAmount: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const view = (await s.get(`${STAFF_FUNDING}/requests/${request.id}`)).json();
    expect(view.planTerms).toBe(
      '120 months at 0.01 % a year, from $100.00; the customer asked on 30 days at 9 % a year',
    );
    const refused = await s.post(`${STAFF_FUNDING}/requests/${request.id}/confirm`, {
      receivedAmount: '50000',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain('changed after the customer asked');
    expect((await c.client.get('/api/v1/fixed-deposits')).json().items).toEqual([]);
    expect(await entriesFor(request.id)).toHaveLength(0);
    // Declining it is what is left; the request stays the customer's to see.
    const declined = await s.post(`${STAFF_FUNDING}/requests/${request.id}/decline`, {
      reason: 'The plan changed: please ask again on the new terms',
    });
    expect(declined.statusCode).toBe(200);
  });
});
