/**
 * A customer cancels a transfer that staff have not sent (issue 19, decision 0026): the refund
 * posts at once and exactly once, whatever staff decide at the same moment (send, fail, a refund
 * proposal and its approval). The races race for real on PostgreSQL (TEST_DATABASE_URL); on
 * PGlite transactions wait in line and the same outcomes hold. Each ends with the books checked.
 */
import { describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/ledger/index.js';
import { engineName } from '../helpers/database.js';
import type { TestClient } from '../helpers/http.js';
import { useTestApp } from '../helpers/suite.js';
import { reviewHelpers, type Json } from '../transfers-review/review-setup.js';
import { STAFF_TRANSFERS, TRANSFERS, details } from './setup.js';

const suite = useTestApp();
const r = reviewHelpers(suite);
const APPROVALS = '/api/v1/staff/approvals';
const db = () => suite.database.db;

const cancel = (client: TestClient, id: string) => client.post(`${TRANSFERS}/${id}/cancel`);

async function reversals(id: string) {
  return r.entriesWithKey(`transfer:${id}:reversal`);
}

async function ledgerIsRight() {
  expect((await checkLedger(db())).violations).toEqual([]);
}

describe(`cancelling a transfer (${engineName})`, () => {
  it('in progress: refunded at once, cancelled everywhere (customer, staff, notification, audit)', async () => {
    const c = await r.sender(1_000_000n);
    const { id } = await r.send(c, details({ amount: '100', note: 'to cancel' }));
    expect(await r.balanceOf(c)).toBe(990_000n);

    const res = await cancel(c.client, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'cancelled', availableBalance: '1000000' });
    expect(await r.balanceOf(c)).toBe(1_000_000n);
    expect(await reversals(id)).toHaveLength(1);
    expect(await r.row(id)).toMatchObject({ status: 'cancelled', decided_by: null });

    // The customer's history: the transfer's line says cancelled, the refund is its own line.
    const lines = (await c.client.get('/api/v1/accounts/current/transactions')).json().items;
    expect(lines.slice(0, 2)).toMatchObject([
      { transactionType: 'credit', amount: '10000', status: 'successful' },
      { transactionType: 'debit', amount: '10000', status: 'cancelled' },
    ]);
    const notices = (await c.client.get('/api/v1/notifications')).json().items;
    expect(notices[0]).toMatchObject({ title: 'Transfer cancelled' });
    expect(notices[0].body).toContain('$100.00');

    // Staff: in the cancelled tab, and their decision is refused with the true words.
    const staff = await r.staff('operations', 'ops-cancel');
    const tab = (await staff.get(`${STAFF_TRANSFERS}?status=cancelled`)).json().items;
    expect(tab.map((t: Json) => t.id)).toContain(id);
    const sent = await staff.post(`${STAFF_TRANSFERS}/${id}/complete`, { reference: 'FT-1' });
    expect(sent.statusCode).toBe(409);
    expect(sent.json().detail).toMatch(/customer cancelled this transfer/);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('action', '=', 'transfer.cancel')
      .where('target_id', '=', id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ status: 'cancelled' });
    await ledgerIsRight();
  });

  it('refused once staff sent it, for a transfer inside the bank, a draft, or someone else', async () => {
    await r.ownSwift();
    const c = await r.sender(1_000_000n);
    const other = await r.sender(1_000_000n);
    const staff = await r.staff('operations', 'ops-refuse');

    const { id: sent } = await r.send(c, details({ amount: '10', note: 'sent' }));
    await staff.post(`${STAFF_TRANSFERS}/${sent}/complete`, { reference: 'FT-SENT' });
    const late = await cancel(c.client, sent);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toMatch(/reference FT-SENT/);

    const { id: inside } = await r.send(c, r.inside(other, { amount: '5' }));
    expect((await cancel(c.client, inside)).statusCode).toBe(409);

    const draft = (await r.create(c.client, details())).json() as Json;
    expect((await cancel(c.client, String(draft.id))).statusCode).toBe(409);

    const { id: theirs } = await r.send(other, details({ amount: '10', note: 'theirs' }));
    expect((await cancel(c.client, theirs)).statusCode).toBe(404);
    expect((await r.row(theirs)).status).toBe('in_progress');
    expect((await cancel(c.client, '999999999')).statusCode).toBe(404);
    await ledgerIsRight();
  });

  it('cancelled five times at once: one refund, the same answer each time', async () => {
    const c = await r.sender(1_000_000n);
    const { id } = await r.send(c, details({ amount: '50', note: 'double' }));
    const results = await Promise.all(Array.from({ length: 5 }, () => cancel(c.client, id)));
    expect(results.map((x) => x.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(results.every((x) => x.json().status === 'cancelled')).toBe(true);
    expect(await reversals(id)).toHaveLength(1);
    expect(await r.balanceOf(c)).toBe(1_000_000n);
    await ledgerIsRight();
  });

  it('a cancel racing a staff send: one of them, and the refund only if the cancel won', async () => {
    const c = await r.sender(1_000_000n);
    const staff = await r.staff('operations', 'ops-send');
    for (let round = 0; round < 6; round++) {
      const { id } = await r.send(c, details({ amount: '20', note: `send ${round}` }));
      const [cancelled, sent] = await Promise.all([
        cancel(c.client, id),
        staff.post(`${STAFF_TRANSFERS}/${id}/complete`, { reference: `FT-${round}` }),
      ]);
      expect([cancelled.statusCode, sent.statusCode].sort()).toEqual([200, 409]);
      const row = await r.row(id);
      expect(row.status).toBe(cancelled.statusCode === 200 ? 'cancelled' : 'successful');
      expect(await reversals(id)).toHaveLength(row.status === 'cancelled' ? 1 : 0);
    }
    await ledgerIsRight();
  });

  it('a cancel racing a staff failure (refund): exactly one refund', async () => {
    const c = await r.sender(1_000_000n);
    const staff = await r.staff('operations', 'ops-fail');
    const before = await r.balanceOf(c);
    for (let round = 0; round < 6; round++) {
      const { id } = await r.send(c, details({ amount: '30', note: `fail ${round}` }));
      const [cancelled, failed] = await Promise.all([
        cancel(c.client, id),
        staff.post(`${STAFF_TRANSFERS}/${id}/fail`, { reason: 'Beneficiary bank refused' }),
      ]);
      expect([cancelled.statusCode, failed.statusCode].sort()).toEqual([200, 409]);
      expect((await r.row(id)).status).toBe(cancelled.statusCode === 200 ? 'cancelled' : 'failed');
      expect(await reversals(id)).toHaveLength(1);
    }
    // Every transfer came back whole, once.
    expect(await r.balanceOf(c)).toBe(before);
    await ledgerIsRight();
  });

  it('a refund waiting for a second person: the cancel refunds at once and closes the proposal', async () => {
    const c = await r.sender(1_000_000n);
    const proposer = await r.staff('operations', 'ops-propose');
    const checker = await r.staff('operations', 'ops-check');
    const { id } = await r.send(c, details({ amount: '1000', note: 'big' }));
    const proposed = await proposer.post(`${STAFF_TRANSFERS}/${id}/fail`, {
      reason: 'Account closed',
    });
    expect(proposed.statusCode, proposed.body).toBe(202);
    const proposalId = proposed.json().proposal.id as string;

    const res = await cancel(c.client, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await r.balanceOf(c)).toBe(1_000_000n);
    const proposal = (await checker.get(`${APPROVALS}/${proposalId}`)).json();
    expect(proposal).toMatchObject({ status: 'superseded', decidedBy: null });
    expect(proposal.outcome).toContainEqual({
      label: 'Transfer',
      value: `#${id}: cancelled by the customer, refunded`,
    });
    const approve = await checker.post(`${APPROVALS}/${proposalId}/approve`, {});
    expect(approve.statusCode).toBe(409);
    expect(await reversals(id)).toHaveLength(1);
    await ledgerIsRight();
  });

  it('a cancel racing the approval of a refund proposal: one refund, by whichever came first', async () => {
    const c = await r.sender(10_000_000n);
    const proposer = await r.staff('operations', 'ops-race-p');
    const checker = await r.staff('operations', 'ops-race-c');
    const before = await r.balanceOf(c);
    for (let round = 0; round < 4; round++) {
      const { id } = await r.send(c, details({ amount: '1000', note: `proposal ${round}` }));
      const proposed = await proposer.post(`${STAFF_TRANSFERS}/${id}/fail`, {
        reason: 'Account closed',
      });
      expect(proposed.statusCode, proposed.body).toBe(202);
      const proposalId = proposed.json().proposal.id as string;
      const [cancelled, approved] = await Promise.all([
        cancel(c.client, id),
        checker.post(`${APPROVALS}/${proposalId}/approve`, {}),
      ]);
      expect([cancelled.statusCode, approved.statusCode].sort()).toEqual([200, 409]);
      const row = await r.row(id);
      const status = (await checker.get(`${APPROVALS}/${proposalId}`)).json().status;
      if (cancelled.statusCode === 200) {
        expect([row.status, status]).toEqual(['cancelled', 'superseded']);
      } else {
        expect([row.status, status]).toEqual(['failed', 'approved']);
      }
      expect(await reversals(id)).toHaveLength(1);
    }
    expect(await r.balanceOf(c)).toBe(before);
    await ledgerIsRight();
  });

  it('a cancel racing a staff failure that proposes a refund: one outcome, the money right', async () => {
    const c = await r.sender(10_000_000n);
    const proposer = await r.staff('operations', 'ops-race-q');
    const before = await r.balanceOf(c);
    for (let round = 0; round < 4; round++) {
      const { id } = await r.send(c, details({ amount: '1000', note: `propose ${round}` }));
      const [cancelled, proposed] = await Promise.all([
        cancel(c.client, id),
        proposer.post(`${STAFF_TRANSFERS}/${id}/fail`, { reason: 'Account closed' }),
      ]);
      // Either the cancel came first (the failure is refused), or the proposal did and the
      // cancel closed it.
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect([202, 409]).toContain(proposed.statusCode);
      expect((await r.row(id)).status).toBe('cancelled');
      const open = await db()
        .selectFrom('approvals')
        .select('status')
        .where('subject_type', '=', 'transfer')
        .where('subject_id', '=', id)
        .execute();
      expect(open.map((a) => a.status)).toEqual(proposed.statusCode === 202 ? ['superseded'] : []);
      expect(await reversals(id)).toHaveLength(1);
    }
    expect(await r.balanceOf(c)).toBe(before);
    await ledgerIsRight();
  });
});
