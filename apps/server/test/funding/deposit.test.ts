import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/ledger/index.js';
import { mailTo } from '../helpers/mail.js';
import { useTestApp } from '../helpers/suite.js';
import { CATALOG, STAFF_FUNDING, fields, fundingHelpers, proof } from './setup.js';

/** A crypto deposit from the customer's form to their balance, and every way it is decided. */

const suite = useTestApp();
const { staff, customer, cryptoType, submit, footprint } = fundingHelpers(suite);

async function auditOf(id: string) {
  return suite.database.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'before', 'after'])
    .where('target_type', '=', 'funding_request')
    .where('target_id', '=', id)
    .orderBy('id')
    .execute();
}

async function entriesFor(id: string) {
  return suite.database.db
    .selectFrom('journal_entries')
    .select(['id', 'memo'])
    .where('idempotency_key', '=', `funding:${id}`)
    .execute();
}

describe('a crypto deposit', () => {
  it('goes from the form to the balance with the amount that arrived, the same everywhere', async () => {
    const coin = await cryptoType('Bitcoin');
    const c = await customer();
    const s = await staff();
    const before = await footprint();

    const request = await submit(c.client, 'deposits', [
      ...fields({ type: coin.id, amount: '150.00' }),
      await proof(),
    ]);
    expect(request).toMatchObject({
      kind: 'deposit',
      type: 'Bitcoin',
      subject: null,
      claimedAmount: '15000',
      receivedAmount: null,
      currency: 'USD',
      status: 'pending',
      decidedAt: null,
    });
    expect(await footprint()).toMatchObject({
      requests: before.requests + 1,
      storedFiles: before.storedFiles + 1,
      filesOnDisk: before.filesOnDisk + 1,
      entries: before.entries,
    });
    const received = (await c.client.get('/api/v1/notifications')).json().items[0];
    expect(received).toMatchObject({ title: 'Crypto deposit received' });
    expect(received.body).toContain('$150.00');

    // The address the customer was shown is the one staff check, even after it changes.
    await s.put(`${CATALOG}/crypto-types/${coin.id}`, {
      name: 'Bitcoin',
      address: 'bc1qnewaddressnewaddressnewaddress00',
      network: 'Bitcoin',
    });

    const queue = (await s.get(`${STAFF_FUNDING}/queue`)).json().items;
    expect(queue.find((i: { id: string }) => i.id === request.id)).toMatchObject({
      kind: 'deposit',
      claimedAmount: '15000',
      status: 'pending',
      customer: { id: String(c.userId), email: c.email },
    });
    const view = (await s.get(`${STAFF_FUNDING}/requests/${request.id}`)).json();
    expect(view).toMatchObject({
      payToAddress: coin.address,
      network: 'Bitcoin',
      proofMime: 'image/webp',
      planTerms: null,
      decidedBy: null,
    });

    const shown = await s.get(`${STAFF_FUNDING}/requests/${request.id}/proof`);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(shown.headers['content-disposition']).toMatch(/^inline; filename="proof-\d+\.webp"$/);
    expect((await sharp(shown.rawPayload).metadata()).format).toBe('webp');

    const confirmed = await s.post(`${STAFF_FUNDING}/requests/${request.id}/confirm`, {
      receivedAmount: '14250',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      status: 'confirmed',
      claimedAmount: '15000',
      receivedAmount: '14250',
      decidedBy: 'Bank Administrator',
    });

    // The balance, the totals and the statement show what arrived, once.
    expect((await c.client.get('/api/v1/accounts/current')).json()).toMatchObject({
      availableBalance: '14250',
      totalCredit: '14250',
      totalDebit: '0',
    });
    const statement = (await c.client.get('/api/v1/statements')).json();
    expect(statement.items).toHaveLength(1);
    expect(statement.items[0]).toMatchObject({
      name: 'Crypto deposit (Bitcoin)',
      amount: '14250',
      transactionType: 'credit',
      status: 'successful',
    });
    expect(await entriesFor(request.id)).toHaveLength(1);

    const [mine] = (await c.client.get('/api/v1/funding/requests?kind=deposit')).json().items;
    expect(mine).toMatchObject({
      id: request.id,
      status: 'confirmed',
      claimedAmount: '15000',
      receivedAmount: '14250',
    });
    expect(mine.decidedAt).not.toBeNull();

    const told = (await c.client.get('/api/v1/notifications')).json().items[0];
    expect(told.title).toBe('Crypto deposit confirmed');
    expect(told.body).toContain('You told us $150.00; $142.50 arrived');
    const [mail] = await mailTo(suite.app, c.email);
    expect(mail?.subject).toBe('Crypto deposit confirmed');
    expect(mail?.text).toContain('$150.00');
    expect(mail?.text).toContain('$142.50');

    const audit = await auditOf(request.id);
    expect(audit.map((a) => a.action)).toEqual(['funding.view_proof', 'funding.confirm']);
    expect(audit[1]).toMatchObject({
      before: { status: 'pending', claimedAmount: '15000' },
      after: { status: 'confirmed', claimedAmount: '15000', receivedAmount: '14250' },
    });

    const decided = (await s.get(`${STAFF_FUNDING}/queue?status=confirmed`)).json().items;
    expect(decided[0].id).toBe(request.id);
    const pending = (await s.get(`${STAFF_FUNDING}/queue`)).json().items;
    expect(pending.map((i: { id: string }) => i.id)).not.toContain(request.id);
    expect((await checkLedger(suite.database.db)).violations).toEqual([]);
  });

  it('declined: nothing moves, the customer reads the reason in the app and by email', async () => {
    const coin = await cryptoType();
    const c = await customer();
    const s = await staff();
    const request = await submit(c.client, 'deposits', [
      ...fields({ type: coin.id, amount: '75.5' }),
      await proof(),
    ]);
    const entries = (await footprint()).entries;
    const declined = await s.post(`${STAFF_FUNDING}/requests/${request.id}/decline`, {
      reason: 'No payment reached the address',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({
      status: 'declined',
      receivedAmount: null,
      declineReason: 'No payment reached the address',
    });
    expect((await footprint()).entries).toBe(entries);
    expect((await c.client.get('/api/v1/accounts/current')).json().availableBalance).toBe('0');
    const [mine] = (await c.client.get('/api/v1/funding/requests?kind=deposit')).json().items;
    expect(mine).toMatchObject({
      status: 'declined',
      declineReason: 'No payment reached the address',
      receivedAmount: null,
    });
    const [mail] = await mailTo(suite.app, c.email);
    expect(mail?.subject).toBe('Crypto deposit declined');
    expect(mail?.text).toContain('No payment reached the address');
    expect((await auditOf(request.id)).map((a) => a.action)).toEqual(['funding.decline']);
    const listed = (await s.get(`${STAFF_FUNDING}/queue?status=declined`)).json().items;
    expect(listed[0].id).toBe(request.id);
  });

  it('is decided once: after a confirmation, a decline or a second confirmation is a 409', async () => {
    const coin = await cryptoType();
    const c = await customer();
    const s = await staff();
    const request = await submit(c.client, 'deposits', [
      ...fields({ type: coin.id, amount: '20' }),
      await proof(),
    ]);
    const url = `${STAFF_FUNDING}/requests/${request.id}`;
    expect((await s.post(`${url}/confirm`, { receivedAmount: '2000' })).statusCode).toBe(200);
    const decline = await s.post(`${url}/decline`, { reason: 'Changed my mind' });
    expect(decline.statusCode).toBe(409);
    expect(decline.json().detail).toBe('This request was already decided.');
    expect((await s.post(`${url}/confirm`, { receivedAmount: '2000' })).statusCode).toBe(409);
    expect(await entriesFor(request.id)).toHaveLength(1);
    expect((await c.client.get('/api/v1/accounts/current')).json().availableBalance).toBe('2000');

    const other = await submit(c.client, 'deposits', [
      ...fields({ type: coin.id, amount: '20' }),
      await proof(),
    ]);
    const otherUrl = `${STAFF_FUNDING}/requests/${other.id}`;
    expect((await s.post(`${otherUrl}/decline`, { reason: 'Nothing arrived' })).statusCode).toBe(
      200,
    );
    expect((await s.post(`${otherUrl}/confirm`, { receivedAmount: '2000' })).statusCode).toBe(409);
    expect(await entriesFor(other.id)).toHaveLength(0);
  });

  it('two staff confirming at once: one 200, one 409, one journal entry', async () => {
    const coin = await cryptoType();
    const c = await customer();
    const first = await staff();
    const second = await staff('operations');
    const request = await submit(c.client, 'deposits', [
      ...fields({ type: coin.id, amount: '40' }),
      await proof(),
    ]);
    const url = `${STAFF_FUNDING}/requests/${request.id}/confirm`;
    const answers = await Promise.all([
      first.post(url, { receivedAmount: '4000' }),
      second.post(url, { receivedAmount: '3900' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.statusCode === 200)?.json();
    expect(await entriesFor(request.id)).toHaveLength(1);
    expect((await c.client.get('/api/v1/accounts/current')).json().availableBalance).toBe(
      won.receivedAmount,
    );
    expect((await auditOf(request.id)).filter((a) => a.action === 'funding.confirm')).toHaveLength(
      1,
    );
    expect((await checkLedger(suite.database.db)).violations).toEqual([]);
  });

  it('waits in the queue first come, first served', async () => {
    const coin = await cryptoType();
    const c = await customer();
    const s = await staff();
    const ids: string[] = [];
    for (const amount of ['1', '2', '3']) {
      ids.push(
        (await submit(c.client, 'deposits', [...fields({ type: coin.id, amount }), await proof()]))
          .id,
      );
    }
    const queue = (await s.get(`${STAFF_FUNDING}/queue?status=pending`)).json().items as {
      id: string;
    }[];
    const positions = ids.map((id) => queue.findIndex((i) => i.id === id));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // The customer's own list is newest first.
    const mine = (await c.client.get('/api/v1/funding/requests?kind=deposit')).json().items;
    expect(mine.map((r: { id: string }) => r.id).slice(0, 3)).toEqual([...ids].reverse());
  });
});
