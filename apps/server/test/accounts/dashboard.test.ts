/**
 * The dashboard's reads (decision 25): money on its way above the history, totals of money that
 * moved, and the live channel telling a customer's open dashboard what changed, the receiver of
 * a payment inside the bank included.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/ledger/index.js';
import { openEventStream, unreadData } from '../helpers/event-stream.js';
import { useTestApp } from '../helpers/suite.js';
import { STAFF_FUNDING, fields, proof } from '../funding/setup.js';
import { STAFF_TRANSFERS, details } from '../transfers/setup.js';
import { reviewHelpers } from '../transfers-review/review-setup.js';

const suite = useTestApp();
const r = reviewHelpers(suite);

const RECENT = '/api/v1/accounts/current/transactions?limit=10';

interface Line {
  entryId: string;
  name: string;
  amount: string;
  transactionType: string;
  status: string;
}
interface Pending {
  type: string;
  id: string;
  name: string;
  date: string;
  amount: string;
  status: string;
  effect: string;
  entryId: string | null;
  reason: string | null;
}

async function recent(c: { client: { get(path: string): Promise<{ json(): unknown }> } }) {
  return (await c.client.get(RECENT)).json() as { items: Line[]; pending: Pending[] };
}

async function summary(c: { client: { get(path: string): Promise<{ json(): unknown }> } }) {
  return (await c.client.get('/api/v1/accounts/current')).json() as {
    availableBalance: string;
    totalCredit: string;
    totalDebit: string;
  };
}

describe('the dashboard: money on its way', () => {
  it('shows pending requests and transfers in progress above the history, newest first, each customer only their own', async () => {
    const s = await r.staff();
    const coin = await r.cryptoType('Bitcoin');
    const fee = await r.purpose('Card replacement');
    const plan = await r.fixedDepositPlan({ name: 'Six months', minAmount: '10000' });
    const gold = await r.accountPlan({ name: 'Gold', price: '5000' });
    const c = await r.sender(100_000n);
    const other = await r.sender(100_000n);

    const deposit = await r.submit(c.client, 'deposits', [
      ...fields({ type: coin.id, amount: '150' }),
      await proof(),
    ]);
    const payment = await r.submit(c.client, 'payments', [
      ...fields({ type: coin.id, purpose: fee.id, amount: '12.50' }),
      await proof(),
    ]);
    const fixed = await r.submit(c.client, 'fixed-deposits', [
      ...fields({ type: coin.id, plan: plan.id, amount: '200' }),
      await proof('fixedDepositPic'),
    ]);
    const upgrade = await r.submit(c.client, 'upgrades', [
      ...fields({ type: coin.id, plan: gold.id, amount: '50' }),
      await proof(),
    ]);
    const { id: transferId, submit } = await r.send(c, details({ amount: '100' }));
    expect(submit.statusCode, submit.body).toBe(200);

    const first = await recent(c);
    expect(first.pending).toMatchObject([
      {
        type: 'transfer',
        id: transferId,
        name: 'Transfer to Grace Hopper (Deutsche Bank)',
        amount: '10000',
        status: 'in_progress',
        effect: 'debit',
      },
      {
        type: 'upgrade',
        id: upgrade.id,
        name: 'Upgrade to the Gold plan, by Bitcoin',
        amount: '5000',
        status: 'pending',
        effect: 'none',
        entryId: null,
      },
      {
        type: 'fixed_deposit',
        id: fixed.id,
        name: 'Fixed deposit on the Six months plan, by Bitcoin',
        amount: '20000',
        status: 'pending',
        effect: 'none',
      },
      {
        type: 'payment',
        id: payment.id,
        name: 'Payment (Card replacement), by Bitcoin',
        amount: '1250',
        status: 'pending',
        effect: 'none',
      },
      {
        type: 'deposit',
        id: deposit.id,
        name: 'Crypto deposit (Bitcoin)',
        amount: '15000',
        status: 'pending',
        effect: 'credit',
      },
    ]);
    // The transfer's money has left: its line is in the history too, the same entry.
    const [transferLine] = first.items;
    expect(transferLine).toMatchObject({
      name: 'Transfer to Grace Hopper (Deutsche Bank)',
      transactionType: 'debit',
      status: 'in_progress',
    });
    expect(first.pending[0]?.entryId).toBe(transferLine?.entryId);
    expect(transferLine?.entryId).toMatch(/^[1-9]\d*$/);

    // Another customer sees none of it; a later page carries no pending items.
    expect((await recent(other)).pending).toEqual([]);
    const page = (await c.client.get('/api/v1/accounts/current/transactions?limit=1')).json();
    const next = (
      await c.client.get(
        `/api/v1/accounts/current/transactions?limit=1&cursor=${encodeURIComponent(page.nextCursor)}`,
      )
    ).json();
    expect(next.pending).toEqual([]);

    // Decided: the deposit becomes the line of what arrived; the transfer is successful.
    const confirmed = await s.post(`${STAFF_FUNDING}/requests/${deposit.id}/confirm`, {
      receivedAmount: '14250',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const declined = await s.post(`${STAFF_FUNDING}/requests/${payment.id}/decline`, {
      reason: 'Nothing arrived',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const sent = await s.post(`${STAFF_TRANSFERS}/${transferId}/complete`, {
      reference: 'DB-2026-0001',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const after = await recent(c);
    // The declined payment stays, dated by the decision, with the reason; nothing moved.
    expect(after.pending.map((p) => [p.type, p.status])).toEqual([
      ['payment', 'declined'],
      ['upgrade', 'pending'],
      ['fixed_deposit', 'pending'],
    ]);
    expect(after.pending[0]).toMatchObject({
      id: payment.id,
      name: 'Payment (Card replacement), by Bitcoin',
      amount: '1250',
      effect: 'none',
      entryId: null,
      reason: 'Nothing arrived',
    });
    expect(after.pending.slice(1).map((p) => p.reason)).toEqual([null, null]);
    expect(after.items[0]).toMatchObject({
      name: 'Crypto deposit (Bitcoin)',
      amount: '14250',
      transactionType: 'credit',
      status: 'successful',
    });
    expect(after.items.find((i) => i.entryId === transferLine?.entryId)?.status).toBe('successful');

    // A confirmed upgrade paid in crypto has no line on the account: it stays, confirmed, with
    // what arrived, where a confirmed deposit left for its ledger line.
    const upgraded = await s.post(`${STAFF_FUNDING}/requests/${upgrade.id}/confirm`, {
      receivedAmount: '5000',
    });
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    const later = await recent(c);
    expect(later.pending.map((p) => [p.type, p.status])).toEqual([
      ['upgrade', 'confirmed'],
      ['payment', 'declined'],
      ['fixed_deposit', 'pending'],
    ]);
    expect(later.pending[0]).toMatchObject({
      id: upgrade.id,
      amount: '5000',
      effect: 'none',
      entryId: null,
      reason: null,
    });
    expect(later.items.map((i) => i.name)).not.toContain('Upgrade to the Gold plan, by Bitcoin');
  });
});

describe('the dashboard: a request staff declined', () => {
  const DAY = 24 * 60 * 60 * 1000;

  /** Moves a request back in time, as if asked for a day before staff declined it `days` ago. */
  async function declinedDaysAgo(id: string, days: number) {
    const at = new Date(Date.now() - days * DAY);
    await sql`update funding_requests set decided_at = ${at}, created_at = ${new Date(at.getTime() - DAY)}
               where id = ${BigInt(id)}`.execute(suite.database.db);
  }

  it("stays 14 days after the decision with staff's reason in full, then leaves; each customer sees only their own", async () => {
    const s = await r.staff();
    const coin = await r.cryptoType('Litecoin');
    const c = await r.sender(0n);
    const other = await r.sender(0n);
    const ask = async (who: typeof c, amount: string) =>
      r.submit(who.client, 'deposits', [...fields({ type: coin.id, amount }), await proof()]);
    const decline = async (id: string, reason: string) => {
      const declined = await s.post(`${STAFF_FUNDING}/requests/${id}/decline`, { reason });
      expect(declined.statusCode, declined.body).toBe(200);
    };

    const fresh = await ask(c, '150');
    const lately = await ask(c, '60');
    const old = await ask(c, '75');
    const waiting = await ask(c, '20');
    const confirmed = await ask(c, '30');
    const theirs = await ask(other, '45');
    const long =
      `Nothing arrived at the address you paid to. ${'Check the id in your wallet. '.repeat(15)}`.trim();
    expect(long.length).toBeGreaterThan(400);
    await decline(fresh.id, long);
    await decline(lately.id, 'The proof shows another address');
    await decline(old.id, 'The proof is unreadable');
    await decline(theirs.id, 'Not for this account');
    const ok = await s.post(`${STAFF_FUNDING}/requests/${confirmed.id}/confirm`, {
      receivedAmount: '3000',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    await declinedDaysAgo(lately.id, 13);
    await declinedDaysAgo(old.id, 15);

    const { pending, items } = await recent(c);
    expect(pending.map((p) => [p.id, p.status])).toEqual([
      [fresh.id, 'declined'],
      [waiting.id, 'pending'],
      [lately.id, 'declined'],
    ]);
    expect(pending[0]).toMatchObject({
      type: 'deposit',
      name: 'Crypto deposit (Litecoin)',
      amount: '15000',
      effect: 'none',
      entryId: null,
      reason: long,
    });
    expect(pending[1]).toMatchObject({ effect: 'credit', reason: null });
    expect(pending[2]).toMatchObject({ reason: 'The proof shows another address' });
    // Dated by the decision: 13 days ago, to the day.
    expect(Date.now() - Date.parse(pending[2]?.date ?? '')).toBeGreaterThan(13 * DAY - 60_000);
    expect(Date.now() - Date.parse(pending[2]?.date ?? '')).toBeLessThan(13 * DAY + 60_000);
    // The confirmed one is its ledger line, not a pending item.
    expect(items[0]).toMatchObject({ name: 'Crypto deposit (Litecoin)', amount: '3000' });

    // The other customer sees their own decline only.
    expect((await recent(other)).pending).toMatchObject([
      { id: theirs.id, status: 'declined', reason: 'Not for this account' },
    ]);

    // Its page keeps it for good, old one included, with the reason in full.
    const listed = (await c.client.get('/api/v1/funding/requests?kind=deposit')).json() as {
      items: { id: string; status: string; declineReason: string | null }[];
    };
    expect(listed.items.find((i) => i.id === old.id)).toMatchObject({
      status: 'declined',
      declineReason: 'The proof is unreadable',
    });
  });

  it("tells the customer's open dashboard the moment staff decline, and the next read shows it declined", async () => {
    const s = await r.staff();
    const coin = await r.cryptoType('Dogecoin');
    const c = await r.sender(0n);
    const stream = await openEventStream(suite.app, c.client.cookie ?? '');
    try {
      await stream.next();
      const request = await r.submit(c.client, 'deposits', [
        ...fields({ type: coin.id, amount: '80' }),
        await proof(),
      ]);
      await stream.next((e) => unreadData(e).changed.includes('funding.received'));
      await s.post(`${STAFF_FUNDING}/requests/${request.id}/decline`, {
        reason: 'No payment arrived',
      });
      await stream.next((e) => unreadData(e).changed.includes('funding.declined'));
      expect((await recent(c)).pending).toMatchObject([
        { id: request.id, status: 'declined', reason: 'No payment arrived', effect: 'none' },
      ]);
    } finally {
      stream.close();
    }
  });
});

describe('the dashboard totals: money that moved', () => {
  it('leaves a failed transfer and its refund out of both totals; the balance is credit less debit', async () => {
    const s = await r.staff();
    const c = await r.sender(100_000n);
    expect(await summary(c)).toEqual(
      expect.objectContaining({
        availableBalance: '100000',
        totalCredit: '100000',
        totalDebit: '0',
      }),
    );

    // In progress: the money has left the balance, so it is money out.
    const { id: failing } = await r.send(c, details({ amount: '300', note: 'will fail' }));
    expect(await summary(c)).toMatchObject({
      availableBalance: '70000',
      totalCredit: '100000',
      totalDebit: '30000',
    });

    // Failed and refunded: neither the debit nor the refund moved money.
    const failed = await s.post(`${STAFF_TRANSFERS}/${failing}/fail`, {
      reason: 'The beneficiary bank returned it',
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(await summary(c)).toMatchObject({
      availableBalance: '100000',
      totalCredit: '100000',
      totalDebit: '0',
    });
    // Both lines stay in the history, each with its true status.
    const lines = (await recent(c)).items;
    expect(lines.slice(0, 2)).toMatchObject([
      { name: 'Refund: transfer to Grace Hopper failed', transactionType: 'credit' },
      { name: 'Transfer to Grace Hopper (Deutsche Bank)', status: 'failed' },
    ]);

    // A transfer that was sent is money out for good.
    const { id: sending } = await r.send(c, details({ amount: '120', note: 'will arrive' }));
    const done = await s.post(`${STAFF_TRANSFERS}/${sending}/complete`, {
      reference: 'DB-2026-0002',
    });
    expect(done.statusCode, done.body).toBe(200);
    const totals = await summary(c);
    expect(totals).toMatchObject({
      availableBalance: '88000',
      totalCredit: '100000',
      totalDebit: '12000',
    });
    expect(BigInt(totals.totalCredit) - BigInt(totals.totalDebit)).toBe(
      BigInt(totals.availableBalance),
    );
    expect((await checkLedger(suite.database.db)).ok).toBe(true);
  });
});

describe('the live channel', () => {
  it("tells the receiver's open dashboard of money from another customer, and the payer's of the transfer", async () => {
    await r.ownSwift();
    const a = await r.sender(50_000n);
    const b = await r.sender(0n);
    const bStream = await openEventStream(suite.app, b.client.cookie ?? '');
    const aStream = await openEventStream(suite.app, a.client.cookie ?? '');
    try {
      // At once: the count, nothing changed yet.
      expect(unreadData(await bStream.next())).toMatchObject({ changed: [] });
      expect(unreadData(await aStream.next())).toMatchObject({ changed: [] });

      await r.send(a, r.inside(b, { amount: '40' }));

      const told = await bStream.next((e) => unreadData(e).changed.includes('transfer.received'));
      expect(told.event).toBe('unread');
      await aStream.next((e) => unreadData(e).changed.includes('transfer.sent'));

      // What the refreshed dashboard reads: the money is there, named for its sender.
      const lines = (await recent(b)).items;
      expect(lines[0]).toMatchObject({
        name: `Transfer from ${a.name}`,
        amount: '4000',
        transactionType: 'credit',
        status: 'successful',
      });
      expect(await summary(b)).toMatchObject({ availableBalance: '4000', totalCredit: '4000' });
      const note = (await b.client.get('/api/v1/notifications')).json().items[0];
      expect(note).toMatchObject({ kind: 'transfer.received', title: 'Money received' });
    } finally {
      bStream.close();
      aStream.close();
    }
  });

  it("names a staff decision's kind to the customer's open dashboard: a deposit confirmed", async () => {
    const s = await r.staff();
    const coin = await r.cryptoType();
    const c = await r.sender(0n);
    const stream = await openEventStream(suite.app, c.client.cookie ?? '');
    try {
      await stream.next();
      const request = await r.submit(c.client, 'deposits', [
        ...fields({ type: coin.id, amount: '80' }),
        await proof(),
      ]);
      await stream.next((e) => unreadData(e).changed.includes('funding.received'));
      await s.post(`${STAFF_FUNDING}/requests/${request.id}/confirm`, { receivedAmount: '8000' });
      await stream.next((e) => unreadData(e).changed.includes('funding.confirmed'));
      expect(await summary(c)).toMatchObject({ availableBalance: '8000' });
      // Marking read changes the count and names no kind.
      await c.client.post('/api/v1/notifications/read-all');
      const read = unreadData(await stream.next((e) => unreadData(e).unread === 0));
      expect(read.changed).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it('tells the oldest of too many streams of one person that it was replaced, and ends it', async () => {
    const c = await r.sender(0n);
    const streams = [];
    try {
      for (let i = 0; i < 5; i++) {
        const stream = await openEventStream(suite.app, c.client.cookie ?? '');
        await stream.next();
        streams.push(stream);
      }
      const sixth = await openEventStream(suite.app, c.client.cookie ?? '');
      streams.push(sixth);
      await sixth.next();
      const [oldest] = streams;
      await oldest?.next((e) => e.event === 'replaced');
      await oldest?.ended();
      // The others stay open and keep hearing.
      await suite.database.db.transaction().execute((trx) =>
        suite.app.deps.notifications.send(trx, c.userId, 'bank.message', {
          title: 'Still here',
          body: 'For every open tab.',
        }),
      );
      for (const stream of streams.slice(1)) {
        await stream.next((e) => unreadData(e).changed.includes('bank.message'));
      }
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});
