import { describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/ledger/index.js';
import { engineName } from '../helpers/database.js';
import type { TestClient } from '../helpers/http.js';
import { mailTo } from '../helpers/mail.js';
import { useTestApp } from '../helpers/suite.js';
import { STAFF_FUNDING, fields, proof } from '../funding/setup.js';
import { STAFF_TRANSFERS, details } from '../transfers/setup.js';
import { reviewHelpers } from '../transfers-review/review-setup.js';

/**
 * Two people for money (decision 21): a funding confirmation or a transfer refund at or above
 * the dual-control threshold, or a confirmation above the claim, is a proposal that a second
 * person with the same permission approves, which carries out exactly what was proposed; the
 * threshold itself changes only by a proposal another administrator approves.
 */
const suite = useTestApp();
const r = reviewHelpers(suite);
const APPROVALS = '/api/v1/staff/approvals';
const SETTINGS = '/api/v1/staff/settings/dual-control';

const db = () => suite.database.db;

async function fundingEntries(id: string) {
  return db()
    .selectFrom('journal_entries')
    .select('id')
    .where('idempotency_key', '=', `funding:${id}`)
    .execute();
}

async function reversals(id: string) {
  return db()
    .selectFrom('journal_entries')
    .select('id')
    .where('idempotency_key', '=', `transfer:${id}:reversal`)
    .execute();
}

/** The proposals of money decisions (catalog changes made while setting up are not counted). */
async function approvalRows() {
  return db()
    .selectFrom('approvals')
    .select(['id', 'kind', 'status'])
    .where('kind', 'not like', 'catalog.%')
    .orderBy('id')
    .execute();
}

async function balance(c: { client: TestClient }) {
  return (await c.client.get('/api/v1/accounts/current')).json().availableBalance as string;
}

/** A customer's deposit request claiming `amount` (decimal), waiting for review. */
async function depositOf(amount: string) {
  const coin = await r.cryptoType();
  const c = await r.customer();
  const request = await r.submit(c.client, 'deposits', [
    ...fields({ type: coin.id, amount }),
    await proof(),
  ]);
  return { c, id: request.id, url: `${STAFF_FUNDING}/requests/${request.id}` };
}

describe(`dual control on funding confirmations (${engineName})`, () => {
  it('at the threshold: proposed, nothing moves, then another reviewer approves and it posts once', async () => {
    const proposer = await r.staff('operations', 'ops1');
    const checker = await r.staff('operations', 'ops2');
    const { c, id, url } = await depositOf('1000');
    const review = (await proposer.get(url)).json();
    expect(review).toMatchObject({ dualControlThreshold: '100000', proposal: null });

    const sent = await proposer.post(`${url}/confirm`, { receivedAmount: '100000' });
    expect(sent.statusCode, sent.body).toBe(202);
    const proposal = sent.json().proposal;
    expect(sent.json()).toMatchObject({ status: 'pending', receivedAmount: null });
    expect(proposal).toMatchObject({ proposedBy: 'Bank Administrator' });
    expect(proposal.summary).toContain('$1,000.00');
    expect(await fundingEntries(id)).toHaveLength(0);
    expect(await balance(c)).toBe('0');

    // The customer still sees it pending; staff see it waiting for a second person.
    const [mine] = (await c.client.get('/api/v1/funding/requests?kind=deposit')).json().items;
    expect(mine).toMatchObject({ status: 'pending', receivedAmount: null });
    expect(JSON.stringify(mine)).not.toContain('proposal');
    const queue = (await checker.get(`${STAFF_FUNDING}/queue`)).json().items;
    expect(queue.find((i: { id: string }) => i.id === id).proposal).toMatchObject({
      id: proposal.id,
    });
    expect((await checker.get(url)).json().proposal).toMatchObject({ id: proposal.id });

    // Direct decisions wait for the proposal; so does a second proposal.
    for (const [path, body] of [
      ['confirm', { receivedAmount: '100000' }],
      ['confirm', { receivedAmount: '500' }],
      ['decline', { reason: 'Nothing arrived' }],
    ] as const) {
      const direct = await checker.post(`${url}/${path}`, body);
      expect(direct.statusCode, direct.body).toBe(409);
      expect(direct.json().detail).toContain(`proposal ${proposal.id}`);
    }

    // The proposer cannot approve it; someone without funding.review cannot either.
    expect((await proposer.post(`${APPROVALS}/${proposal.id}/approve`, {})).statusCode).toBe(403);
    const outsider = await r.staff('customer_service', 'cs');
    expect([403, 404]).toContain(
      (await outsider.post(`${APPROVALS}/${proposal.id}/approve`, {})).statusCode,
    );
    expect(await fundingEntries(id)).toHaveLength(0);

    const inbox = (await checker.get(`${APPROVALS}?view=waiting`)).json().items;
    expect(inbox.find((a: { id: string }) => a.id === proposal.id)).toMatchObject({
      kind: 'funding.confirm',
      amount: '100000',
      canDecide: true,
      customer: { id: String(c.userId) },
    });

    const approved = await checker.post(`${APPROVALS}/${proposal.id}/approve`, { note: 'Seen' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('approved');
    expect(await fundingEntries(id)).toHaveLength(1);
    expect(await balance(c)).toBe('100000');
    const after = (await checker.get(url)).json();
    expect(after).toMatchObject({ status: 'confirmed', receivedAmount: '100000', proposal: null });
    const told = (await c.client.get('/api/v1/notifications')).json().items[0];
    expect(told.title).toBe('Crypto deposit confirmed');
    expect((await mailTo(suite.app, c.email)).map((m) => m.subject)).toContain(
      'Crypto deposit confirmed',
    );
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('target_type', '=', 'funding_request')
      .where('target_id', '=', id)
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'funding.confirm',
        after: expect.objectContaining({ receivedAmount: '100000', approvalId: proposal.id }),
      }),
    ]);
    // Approving twice does nothing more.
    expect((await checker.post(`${APPROVALS}/${proposal.id}/approve`, {})).statusCode).toBe(409);
    expect(await fundingEntries(id)).toHaveLength(1);
    expect((await checkLedger(db())).violations).toEqual([]);
  });

  it('the approver reads what they decide on, with funding.review: the request, its proof, its transaction id given twice', async () => {
    const proposer = await r.staff('operations', 'ops1');
    const checker = await r.staff('operations', 'ops2');
    const coin = await r.cryptoType();
    const rate = await (
      await r.staff()
    ).put(`/api/v1/staff/catalog/crypto-types/${coin.id}/rate`, {
      perCoin: '50000',
      symbol: 'BTC',
      decimals: 8,
    });
    expect(rate.statusCode, rate.body).toBe(200);
    const c = await r.customer();
    const hash = 'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16';
    const earlier = await r.submit(c.client, 'deposits', [
      ...fields({ type: coin.id, amount: '1200', transactionId: hash }),
      await proof(),
    ]);
    const request = await r.submit(c.client, 'deposits', [
      ...fields({ type: coin.id, amount: '1250', transactionId: hash.toUpperCase() }),
      await proof(),
    ]);
    const url = `${STAFF_FUNDING}/requests/${request.id}`;
    const { proposal } = (
      await proposer.post(`${url}/confirm`, { receivedAmount: '125000' })
    ).json();

    const approval = (await checker.get(`${APPROVALS}/${proposal.id}`)).json();
    expect(approval).toMatchObject({
      kind: 'funding.confirm',
      amount: '125000',
      subject: { type: 'funding_request', id: request.id },
      evidenceMime: null,
      canDecide: true,
    });
    // What the approval page reads beside it: the request as the funding queue shows it, and
    // the customer's proof (each view audited).
    const seen = (await checker.get(url)).json();
    expect(seen).toMatchObject({
      claimedAmount: '125000',
      transactionId: hash.toUpperCase(),
      sameTransactionIdOn: [earlier.id],
      coinQuote: { amount: '0.025 BTC', perCoin: '50000' },
      proposal: { id: proposal.id },
    });
    const shown = await checker.get(`${url}/proof`);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toMatch(/^image\//);
    const views = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'funding.view_proof')
      .where('target_id', '=', request.id)
      .execute();
    expect(views).toHaveLength(1);

    // Staff who may not review funding see neither the proposal nor what it concerns.
    for (const role of ['finance', 'customer_service']) {
      const other = await r.staff(role, `reader-${role}`);
      expect((await other.get(`${APPROVALS}/${proposal.id}`)).statusCode, role).toBeOneOf([
        403, 404,
      ]);
      expect((await other.get(url)).statusCode, role).toBe(403);
      expect((await other.get(`${url}/proof`)).statusCode, role).toBe(403);
    }
  });

  it('more than the customer claimed is proposed even below the threshold; below and not above, one person decides', async () => {
    const s = await r.staff('operations', 'ops1');
    const above = await depositOf('20');
    const sent = await s.post(`${above.url}/confirm`, { receivedAmount: '2001' });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json().proposal.summary).toContain('claimed $20.00');
    expect(await fundingEntries(above.id)).toHaveLength(0);

    const below = await depositOf('999.99');
    const direct = await s.post(`${below.url}/confirm`, { receivedAmount: '99999' });
    expect(direct.statusCode, direct.body).toBe(200);
    expect(direct.json()).toMatchObject({ status: 'confirmed', proposal: null });
    expect(await fundingEntries(below.id)).toHaveLength(1);
    expect(await balance(below.c)).toBe('99999');
  });

  it('a rejected or withdrawn proposal leaves the request pending for a new decision', async () => {
    const proposer = await r.staff('operations', 'ops1');
    const checker = await r.staff('operations', 'ops2');
    const { c, id, url } = await depositOf('2000');
    const first = (await proposer.post(`${url}/confirm`, { receivedAmount: '200000' })).json();
    const rejected = await checker.post(`${APPROVALS}/${first.proposal.id}/reject`, {
      note: 'The proof shows 20.00',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const view = (await proposer.get(url)).json();
    expect(view).toMatchObject({ status: 'pending', proposal: null });
    expect(await fundingEntries(id)).toHaveLength(0);

    const second = (await checker.post(`${url}/confirm`, { receivedAmount: '150000' })).json();
    expect(second.proposal.id).not.toBe(first.proposal.id);
    expect((await checker.post(`${APPROVALS}/${second.proposal.id}/withdraw`)).statusCode).toBe(
      200,
    );
    const declined = await proposer.post(`${url}/decline`, { reason: 'Nothing arrived' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await balance(c)).toBe('0');
  });

  it('an approval racing a direct decision, and two approvals at once: one decision, one posting', async () => {
    const proposer = await r.staff('operations', 'ops1');
    const second = await r.staff('operations', 'ops2');
    const checkers = [second, await r.staff('admin', 'adm2')];
    for (let round = 0; round < 3; round += 1) {
      const { c, id, url } = await depositOf('1500');
      const { proposal } = (
        await proposer.post(`${url}/confirm`, { receivedAmount: '150000' })
      ).json();
      const answers = await Promise.all([
        ...checkers.map((s) => s.post(`${APPROVALS}/${proposal.id}/approve`, {})),
        second.post(`${url}/decline`, { reason: 'Nothing arrived' }),
        proposer.post(`${url}/confirm`, { receivedAmount: '1000' }),
      ]);
      const codes = answers.map((a) => a.statusCode);
      expect(
        codes.filter((code) => code === 200),
        JSON.stringify(codes),
      ).toHaveLength(1);
      expect(codes.filter((code) => code !== 200).every((code) => code === 409)).toBe(true);
      expect(await fundingEntries(id)).toHaveLength(1);
      expect(await balance(c)).toBe('150000');
    }
    // Two confirmations above the threshold at once: one proposal, one 409.
    const { url } = await depositOf('3000');
    const both = await Promise.all(
      [proposer, second].map((s) => s.post(`${url}/confirm`, { receivedAmount: '300000' })),
    );
    expect(both.map((a) => a.statusCode).sort()).toEqual([202, 409]);
    expect((await checkLedger(db())).violations).toEqual([]);
  });

  it('refuses what cannot be approved, before proposing, and bad amounts, writing nothing', async () => {
    const s = await r.staff('operations', 'ops1');
    const { url, id } = await depositOf('5000');
    const before = await approvalRows();
    for (const receivedAmount of ['10000000001', '99999999999999999', '0', '-5', '12.5', 7]) {
      const res = await s.post(`${url}/confirm`, { receivedAmount });
      expect(res.statusCode, String(receivedAmount)).toBe(400);
    }
    // The largest amount the form takes, 100,000,000.00, is still a proposal.
    const largest = await s.post(`${url}/confirm`, { receivedAmount: '10000000000' });
    expect(largest.statusCode, largest.body).toBe(202);
    expect(await approvalRows()).toHaveLength(before.length + 1);
    expect(await fundingEntries(id)).toHaveLength(0);

    // A fixed deposit above its plan's maximum is refused now, not at approval.
    const coin = await r.cryptoType();
    const plan = await r.fixedDepositPlan({ minAmount: '100000', maxAmount: '200000' });
    const c = await r.customer();
    const fd = await r.submit(c.client, 'fixed-deposits', [
      ...fields({ type: coin.id, plan: plan.id, amount: '1500' }),
      await proof('fixedDepositPic'),
    ]);
    const outside = await s.post(`${STAFF_FUNDING}/requests/${fd.id}/confirm`, {
      receivedAmount: '200001',
    });
    expect(outside.statusCode, outside.body).toBe(400);
    expect(outside.json().errors[0].path).toBe('body.receivedAmount');
    expect(await approvalRows()).toHaveLength(before.length + 1);
    expect((await c.client.get('/api/v1/fixed-deposits')).json().items).toEqual([]);
  });
});

describe(`dual control on transfer refunds (${engineName})`, () => {
  it('a refund at the threshold waits for a second person, then refunds once and tells the customer', async () => {
    const proposer = await r.staff('operations', 'ops1');
    const checker = await r.staff('operations', 'ops2');
    const c = await r.sender(1_000_000n);
    const { id } = await r.send(c, details({ amount: '1000', note: 'big one' }));
    const taken = await r.balanceOf(c);
    expect((await proposer.get(`${STAFF_TRANSFERS}/${id}`)).json()).toMatchObject({
      dualControlThreshold: '100000',
      proposal: null,
    });

    const failed = await proposer.post(`${STAFF_TRANSFERS}/${id}/fail`, {
      reason: 'Account closed',
    });
    expect(failed.statusCode, failed.body).toBe(202);
    const { proposal } = failed.json();
    expect(failed.json().status).toBe('in_progress');
    expect(await reversals(id)).toHaveLength(0);
    expect(await r.balanceOf(c)).toBe(taken);
    const queue = (await checker.get(STAFF_TRANSFERS)).json().items;
    expect(queue.find((t: { id: string }) => t.id === id).proposal.id).toBe(proposal.id);
    const mine = (await c.client.get(`/api/v1/transfers/${id}`)).json();
    expect(mine.status).toBe('in_progress');

    for (const [path, body] of [
      ['complete', { reference: 'FT-1234' }],
      ['fail', { reason: 'Account closed' }],
    ] as const) {
      expect((await checker.post(`${STAFF_TRANSFERS}/${id}/${path}`, body)).statusCode).toBe(409);
    }
    expect((await proposer.post(`${APPROVALS}/${proposal.id}/approve`, {})).statusCode).toBe(403);

    const approved = await checker.post(`${APPROVALS}/${proposal.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await reversals(id)).toHaveLength(1);
    expect(await r.balanceOf(c)).toBe(1_000_000n);
    expect((await checker.get(`${STAFF_TRANSFERS}/${id}`)).json()).toMatchObject({
      status: 'failed',
      failureReason: 'Account closed',
      proposal: null,
    });
    const notices = (await c.client.get('/api/v1/notifications')).json().items;
    expect(notices[0].body).toContain('Account closed');
    expect((await checkLedger(db())).violations).toEqual([]);
  });

  it('below the threshold one person refunds; an approval racing a completion gives one decision', async () => {
    const s = await r.staff('operations', 'ops1');
    const checker = await r.staff('operations', 'ops2');
    const c = await r.sender(2_000_000n);
    const small = (await r.send(c, details({ amount: '999.99' }))).id;
    const direct = await s.post(`${STAFF_TRANSFERS}/${small}/fail`, { reason: 'Account closed' });
    expect(direct.statusCode, direct.body).toBe(200);
    expect(await reversals(small)).toHaveLength(1);

    const big = (await r.send(c, details({ amount: '1200' }))).id;
    const { proposal } = (
      await s.post(`${STAFF_TRANSFERS}/${big}/fail`, { reason: 'Account closed' })
    ).json();
    const answers = await Promise.all([
      checker.post(`${APPROVALS}/${proposal.id}/approve`, {}),
      checker.post(`${APPROVALS}/${proposal.id}/approve`, {}),
      s.post(`${STAFF_TRANSFERS}/${big}/complete`, { reference: 'FT-9999' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await reversals(big)).toHaveLength(1);
    expect((await checkLedger(db())).violations).toEqual([]);
  });
});

describe(`the dual-control threshold (${engineName})`, () => {
  it('changes only by a proposal another administrator approves, then holds at the new value', async () => {
    const admin = await r.staff('admin', 'adm1');
    const other = await r.staff('admin', 'adm2');
    const ops = await r.staff('operations', 'ops1');
    expect((await admin.get(SETTINGS)).json()).toMatchObject({
      threshold: '100000',
      currency: 'USD',
      pending: null,
    });
    // Only administrators read or propose it; bad input is refused and writes nothing.
    expect((await ops.get(SETTINGS)).statusCode).toBe(403);
    expect((await ops.post(SETTINGS, { threshold: '50000', reason: 'Lower' })).statusCode).toBe(
      403,
    );
    const before = await approvalRows();
    for (const body of [
      { threshold: '0', reason: 'Lower it' },
      { threshold: '50000', reason: '' },
      { threshold: '5.00', reason: 'Lower it' },
      { threshold: '10000000001', reason: 'Lower it' },
      { threshold: '50000' },
      { threshold: '50000', reason: 'Lower it', extra: 1 },
    ]) {
      expect((await admin.post(SETTINGS, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await admin.post(SETTINGS, { threshold: '100000', reason: 'Same' })).statusCode).toBe(
      409,
    );
    expect(await approvalRows()).toEqual(before);

    const proposed = await admin.post(SETTINGS, { threshold: '50000', reason: 'Audit advice' });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const { approvalId } = proposed.json();
    expect((await admin.get(SETTINGS)).json()).toMatchObject({
      threshold: '100000',
      pending: { id: approvalId, threshold: '50000', proposedBy: 'Bank Administrator' },
    });
    expect((await other.post(SETTINGS, { threshold: '70000', reason: 'Other' })).statusCode).toBe(
      409,
    );
    expect((await admin.post(`${APPROVALS}/${approvalId}/approve`, {})).statusCode).toBe(403);
    expect([403, 404]).toContain(
      (await ops.post(`${APPROVALS}/${approvalId}/approve`, {})).statusCode,
    );

    // Still 1,000.00 while it waits: 600.00 is decided by one person.
    const early = await depositOf('600');
    expect((await ops.post(`${early.url}/confirm`, { receivedAmount: '60000' })).statusCode).toBe(
      200,
    );

    const approved = await other.post(`${APPROVALS}/${approvalId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const now = (await admin.get(SETTINGS)).json();
    expect(now).toMatchObject({
      threshold: '50000',
      pending: null,
      updatedBy: 'Bank Administrator',
    });
    const [audit] = await db()
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'settings.dual_control_threshold')
      .execute();
    expect(audit).toMatchObject({
      before: { threshold: '100000' },
      after: { threshold: '50000', approvalId },
    });

    // Enforced at the new value: 600.00 now needs a second person, 499.99 does not.
    const late = await depositOf('600');
    expect((await ops.post(`${late.url}/confirm`, { receivedAmount: '60000' })).statusCode).toBe(
      202,
    );
    const small = await depositOf('499.99');
    expect((await ops.post(`${small.url}/confirm`, { receivedAmount: '49999' })).statusCode).toBe(
      200,
    );
    expect((await ops.get(late.url)).json().dualControlThreshold).toBe('50000');
  });
});
