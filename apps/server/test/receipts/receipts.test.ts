/**
 * Detail views and receipts (issue 19, decision 0026): every read scoped by the customer, a
 * receipt's reference checked on the public endpoint, which says what the receipt says and no
 * more, and which is limited and tells nothing about references never issued.
 */
import { pdfTextRuns } from '@bank/test-support';
import { describe, expect, it } from 'vitest';
import { engineName } from '../helpers/database.js';
import { useTestApp } from '../helpers/suite.js';
import { reviewHelpers } from '../transfers-review/review-setup.js';
import { TRANSFERS, details } from '../transfers/setup.js';

const suite = useTestApp();
const r = reviewHelpers(suite);

const publicGet = (url: string, ip = '203.0.113.7') =>
  suite.app.inject({ method: 'GET', url, remoteAddress: ip });

function referenceIn(pdf: Buffer): string {
  const runs = pdfTextRuns(pdf);
  const reference = runs.find((run) => /^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/.test(run));
  expect(reference, runs.join('\n')).toBeDefined();
  return reference as string;
}

describe(`receipts and detail views (${engineName})`, () => {
  it("a transfer's line opens the transfer; another customer's line or transfer is not found", async () => {
    const c = await r.sender(1_000_000n);
    const other = await r.sender(1_000_000n);
    const { id } = await r.send(c, details({ amount: '25', note: 'detail' }));
    const [line] = (await c.client.get('/api/v1/accounts/current/transactions')).json().items;
    const detail = await c.client.get(`/api/v1/transactions/${line.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      transferId: id,
      transaction: { id: line.id, amount: '2500', status: 'in_progress' },
    });
    expect(detail.json().reference).toMatch(/^CEDARBANK-\d+$/);
    expect((await other.client.get(`/api/v1/transactions/${line.id}`)).statusCode).toBe(404);
    expect((await other.client.get(`/api/v1/transactions/999999999`)).statusCode).toBe(404);
    expect((await other.client.get(`${TRANSFERS}/${id}/receipt.pdf`)).statusCode).toBe(404);
    expect((await other.client.get(`/api/v1/transactions/${line.id}/receipt.pdf`)).statusCode).toBe(
      404,
    );
  });

  it('a transfer receipt downloads, and the public check confirms it, masked, with the status now', async () => {
    const c = await r.sender(1_000_000n, { firstName: 'Wei' });
    const { id } = await r.send(
      c,
      details({ amount: '40', note: 'receipt', accountHolderName: '王伟 Wang' }),
    );
    const pdf = await c.client.get(`${TRANSFERS}/${id}/receipt.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfTextRuns(pdf.rawPayload).join('');
    expect(text).toContain('Transfer receipt');
    expect(text).toContain('王伟 Wang');
    expect(text).toContain('$40.00');
    // Dates in the one style of statements, emails and the back office: "27/11/2026, 10:00 UTC".
    expect(text).toMatch(/Issued \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} UTC/);
    const reference = referenceIn(pdf.rawPayload);

    // Downloaded again in the same status: the same receipt.
    const again = await c.client.get(`${TRANSFERS}/${id}/receipt.pdf`);
    expect(referenceIn(again.rawPayload)).toBe(reference);

    // Anyone, signed in or not, with the reference typed loosely.
    const check = await publicGet(`/api/v1/receipts/${reference.toLowerCase().replace(/-/g, ' ')}`);
    expect(check.statusCode, check.body).toBe(200);
    const confirmed = check.json();
    expect(confirmed).toMatchObject({
      reference,
      bank: 'Cedar Bank',
      amount: '4000',
      currency: 'USD',
      status: 'in_progress',
      currentStatus: 'in_progress',
      payee: '王伟 W., account ••3000 at DEUTDEFF',
    });
    expect(confirmed.payer).toMatch(/^Wei [^ ]\., Cedar Bank account ••\d{4}$/);
    // Nothing more than what the receipt says: no note, no full account numbers, no ids.
    expect(Object.keys(confirmed).sort()).toEqual(
      [
        'amount',
        'bank',
        'currency',
        'currentStatus',
        'date',
        'issuedAt',
        'payee',
        'payer',
        'reference',
        'status',
      ].sort(),
    );
    expect(check.body).not.toContain('receipt');
    expect(check.body).not.toContain(c.accountNumber);

    // Cancelled: the old receipt says so when checked, and a new one is issued.
    expect((await c.client.post(`${TRANSFERS}/${id}/cancel`)).statusCode).toBe(200);
    const after = (await publicGet(`/api/v1/receipts/${reference}`)).json();
    expect(after).toMatchObject({ status: 'in_progress', currentStatus: 'cancelled' });
    const cancelled = await c.client.get(`${TRANSFERS}/${id}/receipt.pdf`);
    expect(referenceIn(cancelled.rawPayload)).not.toBe(reference);
    expect(pdfTextRuns(cancelled.rawPayload).join('\n')).toContain('Cancelled by the customer');
  });

  it('the public check shortens a name whose family name is a character or two as a payee check does: hidden, not printed whole', async () => {
    await r.ownSwift();
    const c = await r.sender(1_000_000n);
    await suite.database.db
      .updateTable('users')
      .set({ first_name: '小明', last_name: '王' })
      .where('id', '=', c.userId)
      .execute();
    const to = await r.sender(0n);
    const check = async (
      client: typeof c.client,
      url: string,
      ip: string,
    ): Promise<{ payer: string; payee: string }> => {
      const pdf = await client.get(url);
      expect(pdf.statusCode, pdf.body).toBe(200);
      const res = await publicGet(`/api/v1/receipts/${referenceIn(pdf.rawPayload)}`, ip);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    // The payer's receipt of a transfer to another bank.
    const { id } = await r.send(c, details({ amount: '12', note: 'masked' }));
    const sent = await check(c.client, `${TRANSFERS}/${id}/receipt.pdf`, '203.0.113.11');
    expect(sent.payer).toMatch(/^\*小明, Cedar Bank account ••\d{4}$/);

    // The recipient's receipt of a transfer inside the bank: the sender shortened alike.
    const inside = await r.send(c, r.inside(to, { amount: '10', note: 'inside' }));
    expect(inside.id).toBeDefined();
    const [line] = (await to.client.get('/api/v1/accounts/current/transactions')).json().items;
    const received = await check(
      to.client,
      `/api/v1/transactions/${line.id}/receipt.pdf`,
      '203.0.113.12',
    );
    expect(received.payer).toBe('*小明, Cedar Bank');
    for (const shown of [sent, received]) expect(JSON.stringify(shown)).not.toContain('王');

    // And as a payee: a customer of this bank paid by a transfer is named as the payee check
    // names them, whether the transfer holds their full name or that masked form already.
    const back = await r.send(
      to,
      r.inside(c, { amount: '5', note: 'back', accountHolderName: '小明 王' }),
    );
    const paid = await check(to.client, `${TRANSFERS}/${back.id}/receipt.pdf`, '203.0.113.13');
    expect(paid.payee).toMatch(/^\*小明, Cedar Bank account ••\d{4}$/);
  });

  it('the public check: unknown references look alike, malformed ones are refused', async () => {
    const unknown = await publicGet('/api/v1/receipts/0000-0000-0000-0000-0000', '203.0.113.8');
    expect(unknown.statusCode).toBe(404);
    const other = await publicGet('/api/v1/receipts/ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ', '203.0.113.8');
    expect(other.statusCode).toBe(404);
    expect(other.json().detail).toBe(unknown.json().detail);
    expect((await publicGet('/api/v1/receipts/not-a-reference', '203.0.113.8')).statusCode).toBe(
      400,
    );
  });

  it('a line that is not a transfer: its own receipt, the parties the bank and the customer', async () => {
    const c = await r.sender(1_000_000n);
    const [funded] = (await c.client.get('/api/v1/accounts/current/transactions')).json().items;
    const detail = (await c.client.get(`/api/v1/transactions/${funded.id}`)).json();
    expect(detail).toMatchObject({ transferId: null, transaction: { transactionType: 'credit' } });
    const pdf = await c.client.get(`/api/v1/transactions/${funded.id}/receipt.pdf`);
    expect(pdf.statusCode).toBe(200);
    const check = (
      await publicGet(`/api/v1/receipts/${referenceIn(pdf.rawPayload)}`, '203.0.113.10')
    ).json();
    expect(check).toMatchObject({ amount: '1000000', status: 'successful', payer: 'Cedar Bank' });
  });

  it("the bank's postal address (a two-person change) and the customer's name in any script, on receipts and statements", async () => {
    const admin = await r.staff();
    const set = await admin.put('/api/v1/staff/catalog/institution', {
      swiftCode: 'CEDRUS33XXX',
      routingNumber: '123456789',
      country: 'US',
      postalAddress: '1 Harbour Street\n  London EC1A 1BB ',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ postalAddress: '1 Harbour Street\nLondon EC1A 1BB' });

    const c = await r.sender(1_000_000n);
    await suite.database.db
      .updateTable('users')
      .set({ first_name: 'محمد', last_name: '王' })
      .where('id', '=', c.userId)
      .execute();
    const { id } = await r.send(c, details({ amount: '12', note: 'address' }));
    const receipt = pdfTextRuns((await c.client.get(`${TRANSFERS}/${id}/receipt.pdf`)).rawPayload);
    expect(receipt).toContain('1 Harbour Street');
    expect(receipt).toContain('London EC1A 1BB');
    const statement = await c.client.get('/api/v1/statements/export.pdf');
    expect(statement.statusCode).toBe(200);
    const runs = pdfTextRuns(statement.rawPayload);
    expect(runs).toContain('London EC1A 1BB');
    // Drawn right to left: the Arabic first name comes out turned around, the Chinese as it is.
    expect(runs.join('')).toContain('王');
    expect(runs.join('')).toContain([...'محمد'].reverse().join(''));

    // A Chinese name is printed family name first, with no space, as it is written.
    await suite.database.db
      .updateTable('users')
      .set({ first_name: '小明', last_name: '王' })
      .where('id', '=', c.userId)
      .execute();
    const chinese = pdfTextRuns(
      (await c.client.get('/api/v1/statements/export.pdf')).rawPayload,
    ).join('');
    expect(chinese).toContain('王小明');
    expect(chinese).not.toContain('小明 王');
  });
});
