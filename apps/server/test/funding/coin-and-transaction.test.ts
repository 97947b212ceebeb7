/**
 * What the crypto forms say about the coin (decision 27): the rate staff keep per crypto type
 * with its time (one person, audited), the coin amount it gives, kept with each request as the
 * customer was told; and the transaction id (hash) a customer gives beside the proof, checked,
 * kept and shown to staff.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { requestForReview, reviewQueue } from '../../src/modules/funding/views.js';
import { StatementCounter } from '../helpers/query-counter.js';
import { useTestApp } from '../helpers/suite.js';
import { CATALOG, STAFF_FUNDING, fields, fundingHelpers, proof } from './setup.js';

const suite = useTestApp();
const { staff, customer, cryptoType, send, submit, footprint } = fundingHelpers(suite);

const HASH = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';
const BTC_HASH = 'a1075db55d416d3ca199f55b6084e2115b9345e16c5cf302fc80e9d5fbf5d48d';

const rateOf = (id: string) => `${CATALOG}/crypto-types/${id}/rate`;

async function formsType(client: { get(url: string): Promise<{ json(): unknown }> }, id: string) {
  const forms = (await client.get('/api/v1/funding/forms')).json() as {
    cryptoTypes: { id: string; rate: unknown }[];
  };
  return forms.cryptoTypes.find((t) => t.id === id);
}

describe('a crypto type rate', () => {
  it('is set by one staff member, audited, and shown to customers with its time', async () => {
    const coin = await cryptoType('Bitcoin');
    const s = await staff();
    const c = await customer();
    expect((await formsType(c.client, coin.id))?.rate).toBeNull();
    const proposalsBefore = await suite.database.db
      .selectFrom('approvals')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();

    const set = await s.put(rateOf(coin.id), { perCoin: '65,000.50', symbol: 'btc', decimals: 8 });
    expect(set.statusCode, set.body).toBe(200);
    const rate = set.json().rate;
    expect(rate).toMatchObject({ perCoin: '65000.5', symbol: 'BTC', decimals: 8 });
    expect(Number.isNaN(Date.parse(rate.setAt))).toBe(false);
    // At once, for the customer too: no proposal waits.
    expect((await formsType(c.client, coin.id))?.rate).toEqual(rate);
    const listed = (await s.get(`${CATALOG}/crypto-types`)).json().items;
    expect(listed.find((t: { id: string }) => t.id === coin.id).rate).toEqual(rate);
    const proposalsAfter = await suite.database.db
      .selectFrom('approvals')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(proposalsAfter.n).toEqual(proposalsBefore.n);
    const [audited] = await suite.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'before', 'after'])
      .where('action', '=', 'catalog.crypto_type.rate')
      .where('target_id', '=', coin.id)
      .execute();
    expect(audited?.actor_id).not.toBeNull();
    expect(audited?.before).toMatchObject({ name: 'Bitcoin', perCoin: null, symbol: null });
    expect(audited?.after).toMatchObject({ perCoin: '65000.5', symbol: 'BTC', decimals: 8 });

    // An address change through two people keeps the rate.
    const edited = await s.put(`${CATALOG}/crypto-types/${coin.id}`, {
      name: 'Bitcoin',
      address: 'bc1qnewaddress0000000000000000000000000001',
      network: null,
      address2: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().rate).toEqual(rate);

    const cleared = await s.delete(rateOf(coin.id));
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().rate).toBeNull();
    expect((await formsType(c.client, coin.id))?.rate).toBeNull();
    const trail = await suite.database.db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'catalog.crypto_type.rate')
      .where('target_id', '=', coin.id)
      .orderBy('id')
      .execute();
    expect(trail).toHaveLength(2);
    expect(trail[1]?.after).toMatchObject({ perCoin: null });
  });

  it('refuses what is not a price, ticker or number of decimals, and customers', async () => {
    const coin = await cryptoType();
    const s = await staff();
    for (const [body, path] of [
      [{ perCoin: '0', symbol: 'BTC', decimals: 8 }, 'perCoin'],
      [{ perCoin: '-5', symbol: 'BTC', decimals: 8 }, 'perCoin'],
      [{ perCoin: '1e6', symbol: 'BTC', decimals: 8 }, 'perCoin'],
      [{ perCoin: '100', symbol: 'B', decimals: 8 }, 'symbol'],
      [{ perCoin: '100', symbol: 'BT C', decimals: 8 }, 'symbol'],
      [{ perCoin: '100', symbol: 'BTC', decimals: 19 }, 'decimals'],
      [{ perCoin: '100', symbol: 'BTC', decimals: 2.5 }, 'decimals'],
    ] as const) {
      const res = await s.put(rateOf(coin.id), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json().errors)).toContain(path);
    }
    expect(
      (await s.put(rateOf('99999999'), { perCoin: '1', symbol: 'ABC', decimals: 2 })).statusCode,
    ).toBe(404);
    const c = await customer();
    const res = await c.client.put(rateOf(coin.id), { perCoin: '1', symbol: 'ABC', decimals: 2 });
    // A customer's session is not a staff one: refused before anything is read.
    expect([401, 403]).toContain(res.statusCode);
    const listed = (await s.get(`${CATALOG}/crypto-types`)).json().items;
    expect(listed.find((t: { id: string }) => t.id === coin.id).rate).toBeNull();
  });

  it('is kept with a request as the customer was told it; staff see the claim in the coin', async () => {
    const coin = await cryptoType();
    const s = await staff();
    const c = await customer();
    await s.put(rateOf(coin.id), { perCoin: '65000.5', symbol: 'BTC', decimals: 8 });
    const told = await submit(c.client, 'deposits', [
      ...fields({ type: coin.id, amount: '800' }),
      await proof(),
    ]);
    // A new rate later changes what new requests are told, not this one.
    await s.put(rateOf(coin.id), { perCoin: '70000', symbol: 'BTC', decimals: 8 });
    const view = (await s.get(`${STAFF_FUNDING}/requests/${told.id}`)).json();
    expect(view.coinQuote).toMatchObject({ amount: '0.0123076 BTC', perCoin: '65000.5' });
    const later = await submit(c.client, 'deposits', [
      ...fields({ type: coin.id, amount: '700' }),
      await proof(),
    ]);
    const laterView = (await s.get(`${STAFF_FUNDING}/requests/${later.id}`)).json();
    expect(laterView.coinQuote).toMatchObject({ amount: '0.01 BTC', perCoin: '70000' });
    await s.delete(rateOf(coin.id));
    const none = await submit(c.client, 'deposits', [
      ...fields({ type: coin.id, amount: '700' }),
      await proof(),
    ]);
    expect((await s.get(`${STAFF_FUNDING}/requests/${none.id}`)).json().coinQuote).toBeNull();
  });
});

describe('the transaction id', () => {
  it('is kept with the request and shown to staff in the queue and the request, found by search', async () => {
    const coin = await cryptoType();
    const s = await staff();
    const c = await customer({ firstName: 'Grace', lastName: 'Hopper' });
    const first = await submit(c.client, 'deposits', [
      ...fields({ type: coin.id, amount: '25', transactionId: `  ${HASH}  ` }),
      await proof(),
    ]);
    const queue = (await s.get(`${STAFF_FUNDING}/queue?status=pending`)).json().items;
    expect(queue.find((i: { id: string }) => i.id === first.id)).toMatchObject({
      transactionId: HASH,
    });
    const view = (await s.get(`${STAFF_FUNDING}/requests/${first.id}`)).json();
    expect(view).toMatchObject({ transactionId: HASH, sameTransactionIdOn: [] });
    // A block explorer's copy, in capitals, finds it.
    const found = (
      await s.get(`${STAFF_FUNDING}/queue?status=pending&q=${HASH.toUpperCase()}`)
    ).json().items;
    expect(found.map((i: { id: string }) => i.id)).toEqual([first.id]);

    // The same payment claimed again: staff are told on both.
    const second = await submit(c.client, 'deposits', [
      ...fields({ type: coin.id, amount: '26', transactionId: HASH.toUpperCase() }),
      await proof(),
    ]);
    const secondView = (await s.get(`${STAFF_FUNDING}/requests/${second.id}`)).json();
    expect(secondView.sameTransactionIdOn).toEqual([first.id]);
    expect(
      (await s.get(`${STAFF_FUNDING}/requests/${first.id}`)).json().sameTransactionIdOn,
    ).toEqual([second.id]);
    // Without one, there is none.
    const bare = await submit(c.client, 'deposits', [
      ...fields({ type: coin.id, amount: '27', transactionId: '' }),
      await proof(),
    ]);
    expect((await s.get(`${STAFF_FUNDING}/requests/${bare.id}`)).json().transactionId).toBeNull();
  });

  it('is flagged in the queue when given on another request, a page read in two statements however long', async () => {
    const coin = await cryptoType();
    const s = await staff();
    const c = await customer({ firstName: 'Ada', lastName: 'Lovelace' });
    const first = await submit(c.client, 'deposits', [
      ...fields({ type: coin.id, amount: '31', transactionId: BTC_HASH }),
      await proof(),
    ]);
    // Three hundred more requests as the queue will meet them: numbers 1 to 150 each give a
    // transaction id of their own, and 151 to 300 give the same ids again (in capitals).
    const db = suite.database.db;
    await sql`
      insert into funding_requests (user_id, kind, crypto_type_id, pay_to_address, claimed_amount,
        currency, proof_key, proof_mime, tx_id, created_at)
      select user_id, kind, crypto_type_id, pay_to_address, claimed_amount + g, currency,
        proof_key, proof_mime,
        case when g <= 150 then 'bulk' || lpad(g::text, 20, '0')
             else 'BULK' || lpad((g - 150)::text, 20, '0') end,
        created_at + g * interval '1 second'
      from funding_requests, generate_series(1, 300) g
      where id = ${BigInt(first.id)}`.execute(db);
    const bulk = await db
      .selectFrom('funding_requests')
      .select(['id', 'tx_id'])
      .where(sql<boolean>`lower(tx_id) like 'bulk%'`)
      .orderBy('id')
      .execute();
    expect(bulk).toHaveLength(300);
    const twin = new Map<string, string>();
    for (let i = 0; i < 150; i += 1) {
      const [a, b] = [String(bulk[i]?.id), String(bulk[i + 150]?.id)];
      twin.set(a, b);
      twin.set(b, a);
    }

    const listed = new Map<string, string[]>();
    let cursor: string | null = null;
    do {
      const page = (
        await s.get(
          `${STAFF_FUNDING}/queue?status=pending&limit=200${cursor ? `&cursor=${cursor}` : ''}`,
        )
      ).json() as {
        items: { id: string; sameTransactionIdOn: string[] }[];
        nextCursor: string | null;
      };
      for (const item of page.items) listed.set(item.id, item.sameTransactionIdOn);
      cursor = page.nextCursor;
    } while (cursor);
    for (const [id, other] of twin) expect(listed.get(id), id).toEqual([other]);
    expect(listed.get(first.id)).toEqual([]);

    // However many rows, a page is one statement for the rows (with the same-id flags) and one
    // for the proposals waiting on them.
    const counter = new StatementCounter();
    const deps = { ...suite.app.deps, db: db.withPlugin(counter) };
    const page = await reviewQueue(deps, { status: 'pending', limit: 200 });
    expect(page.items).toHaveLength(200);
    expect(page.items.filter((i) => i.sameTransactionIdOn.length > 0).length).toBeGreaterThan(100);
    expect(counter.statements).toBe(2);
    const one = new StatementCounter();
    const request = await requestForReview({ ...deps, db: db.withPlugin(one) }, bulk[0]?.id ?? 0n);
    expect(request.sameTransactionIdOn).toEqual([String(bulk[150]?.id)]);
    // The request's page reads the flags with its row: no statement of their own.
    expect(one.statements).toBe(3);
  });

  it('is refused on its field, with nothing kept, when not 16 to 128 letters and digits', async () => {
    const coin = await cryptoType();
    const c = await customer();
    const before = await footprint();
    for (const bad of [
      'abc123',
      `${BTC_HASH} x`,
      'x'.repeat(129),
      'ä'.repeat(20),
      `${BTC_HASH};`,
    ]) {
      const res = await send(c.client, 'deposits', [
        ...fields({ type: coin.id, amount: '25', transactionId: bad }),
        await proof(),
      ]);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors).toEqual([expect.objectContaining({ path: 'body.transactionId' })]);
    }
    expect(await footprint()).toEqual(before);
  });
});
