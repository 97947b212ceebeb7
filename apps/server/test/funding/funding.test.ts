import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  checkLedger,
  ensureInternalAccounts,
  openCustomerAccount,
} from '../../src/ledger/index.js';
import { signedInCustomer, type TestCustomer } from '../helpers/customers.js';
import type { TestClient } from '../helpers/http.js';
import { mailTo } from '../helpers/mail.js';
import { multipartBody, type Part } from '../helpers/multipart.js';
import { createStaff, signInStaff } from '../helpers/staff.js';
import { useTestApp } from '../helpers/suite.js';

const suite = useTestApp();
const ADMIN = {
  email: 'funding.admin@bank.example',
  password: 'granite harbour lighthouse keeper',
};
const SECOND = {
  email: 'funding.second@bank.example',
  password: 'granite harbour lighthouse keeper',
};
const CATALOG = '/api/v1/staff/catalog';

let staffSession: TestClient | undefined;
async function staff() {
  if (!staffSession) {
    await createStaff(suite.database, ADMIN);
    staffSession = await signInStaff(suite.app, ADMIN);
  }
  return staffSession;
}

let png: Buffer;
async function picture() {
  png ??= await sharp({ create: { width: 60, height: 40, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  return png;
}

/** An approved customer with an open current account. */
async function customer(): Promise<TestCustomer & { accountId: bigint }> {
  const c = await signedInCustomer(suite.app, suite.database, { kycStatus: 'approved' });
  const account = await openCustomerAccount(suite.database.db, {
    ownerId: c.userId,
    kind: 'customer_current',
    currency: 'USD',
    name: 'Dorothy Vaughan',
  });
  return { ...c, accountId: account.id };
}

async function send(client: TestClient, path: string, parts: Part[]) {
  const { payload, contentType } = multipartBody(parts);
  return suite.app.inject({
    method: 'POST',
    url: `/api/v1/funding/${path}`,
    payload,
    headers: { 'content-type': contentType, 'x-bank-csrf': '1', cookie: client.cookie ?? '' },
  });
}

async function proofPart(name = 'depositPic'): Promise<Part> {
  return { name, value: await picture(), fileName: 'proof.png', type: 'image/png' };
}

let seq = 0;
async function cryptoType() {
  seq += 1;
  const res = await (
    await staff()
  ).post(`${CATALOG}/crypto-types`, {
    name: `Coin ${seq}`,
    address: `bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkf${seq}`,
    network: 'Bitcoin',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string; address: string };
}

async function counts() {
  const db = suite.database.db;
  const one = async (table: 'funding_requests' | 'stored_files' | 'journal_entries') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    requests: await one('funding_requests'),
    files: await one('stored_files'),
    entries: await one('journal_entries'),
  };
}

describe('the funding catalog', () => {
  it('staff add, edit, retire and restore entries; names are unique; every change is audited', async () => {
    const s = await staff();
    const added = await s.post(`${CATALOG}/payment-purposes`, { name: 'Account maintenance' });
    expect(added.statusCode).toBe(201);
    const again = await s.post(`${CATALOG}/payment-purposes`, { name: 'ACCOUNT MAINTENANCE' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].path).toBe('body.name');
    const id = added.json().id as string;
    const edited = await s.put(`${CATALOG}/payment-purposes/${id}`, { name: 'Card fee' });
    expect(edited.json()).toMatchObject({ name: 'Card fee', active: true });
    expect((await s.post(`${CATALOG}/payment-purposes/${id}/retire`)).json().active).toBe(false);
    expect((await s.post(`${CATALOG}/payment-purposes/${id}/restore`)).json().active).toBe(true);
    const audit = await suite.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'payment_purpose')
      .where('target_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'catalog.payment_purpose.add',
      'catalog.payment_purpose.edit',
      'catalog.payment_purpose.retire',
      'catalog.payment_purpose.restore',
    ]);
  });

  it('refuses bad entries on their field, and keeps the default plan offered', async () => {
    const s = await staff();
    const cases: [string, unknown, string][] = [
      ['crypto-types', { name: 'X', address: 'bc1qxy2kgdygjrsqtzq2n0yrf' }, 'body.name'],
      ['crypto-types', { name: 'Ether', address: 'short' }, 'body.address'],
      ['crypto-types', { name: 'Ether', address: '<script>alert(1)</script>' }, 'body.address'],
      [
        'fixed-deposit-plans',
        { name: 'Zero', termCount: 12, termUnit: 'months', annualRateBp: 0, minAmount: '100' },
        'body.annualRateBp',
      ],
      [
        'fixed-deposit-plans',
        {
          name: 'Upside down',
          termCount: 12,
          termUnit: 'months',
          annualRateBp: 500,
          minAmount: '10000',
          maxAmount: '100',
        },
        'body.maxAmount',
      ],
      [
        'account-plans',
        {
          name: 'Gold',
          serviceChargeBp: 250.5,
          dailyTransferLimit: '100',
          stepUpThreshold: '10',
          price: '0',
        },
        'body.serviceChargeBp',
      ],
    ];
    for (const [path, body, field] of cases) {
      const res = await s.post(`${CATALOG}/${path}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    const plans = (await s.get(`${CATALOG}/account-plans`)).json().items as {
      id: string;
      isDefault: boolean;
    }[];
    const basic = plans.find((p) => p.isDefault);
    expect((await s.post(`${CATALOG}/account-plans/${basic?.id}/retire`)).statusCode).toBe(409);
  });

  it('is for catalog managers only', async () => {
    const c = await customer();
    // A customer's session is not a staff session at all.
    expect((await c.client.get(`${CATALOG}/crypto-types`)).statusCode).toBe(401);
    await createStaff(suite.database, SECOND, 'kyc_reviewer');
    const reviewer = await signInStaff(suite.app, SECOND);
    expect((await reviewer.post(`${CATALOG}/crypto-types`, {})).statusCode).toBe(403);
    expect((await reviewer.get('/api/v1/staff/funding/queue')).statusCode).toBe(403);
  });

  it("gives customers the receive details, n/a (null) until staff set the bank's", async () => {
    const c = await customer();
    const before = (await c.client.get('/api/v1/funding/receive-details')).json();
    expect(before).toMatchObject({ swiftCode: null, routingNumber: null, country: null });
    expect(before.accountNumber).toMatch(/^\d{10}$/);
    const s = await staff();
    const bad = await s.put(`${CATALOG}/institution`, {
      swiftCode: 'NOPE',
      routingNumber: '12',
      country: 'GB',
    });
    expect(bad.statusCode).toBe(400);
    const set = await s.put(`${CATALOG}/institution`, {
      swiftCode: 'cedrgb2l',
      routingNumber: '021000021',
      country: 'GB',
    });
    expect(set.json()).toMatchObject({ swiftCode: 'CEDRGB2L', routingNumber: '021000021' });
    expect((await c.client.get('/api/v1/funding/receive-details')).json()).toMatchObject({
      swiftCode: 'CEDRGB2L',
      routingNumber: '021000021',
      country: 'GB',
    });
  });
});

describe('a crypto deposit', () => {
  it('is confirmed with the amount that arrived: balance, totals, statement, list and notification agree', async () => {
    const coin = await cryptoType();
    const c = await customer();
    const forms = (await c.client.get('/api/v1/funding/forms')).json();
    expect(forms.cryptoTypes.map((t: { id: string }) => t.id)).toContain(coin.id);

    const sent = await send(c.client, 'deposits', [
      { name: 'type', value: coin.id },
      { name: 'amount', value: '150.00' },
      await proofPart(),
    ]);
    expect(sent.statusCode, sent.body).toBe(201);
    const request = sent.json().request;
    expect(request).toMatchObject({ status: 'pending', claimedAmount: '15000', type: coin.name });

    const s = await staff();
    const queue = (await s.get('/api/v1/staff/funding/queue')).json().items;
    expect(queue.map((i: { id: string }) => i.id)).toContain(request.id);
    const proof = await s.get(`/api/v1/staff/funding/requests/${request.id}/proof`);
    expect(proof.statusCode).toBe(200);
    expect(proof.headers['cache-control']).toBe('no-store');
    expect(proof.headers['content-security-policy']).toContain('sandbox');
    expect(proof.headers['content-type']).toBe('image/webp');

    const confirmed = await s.post(`/api/v1/staff/funding/requests/${request.id}/confirm`, {
      receivedAmount: '14250',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'confirmed', receivedAmount: '14250' });

    const summary = (await c.client.get('/api/v1/accounts/current')).json();
    expect(summary).toMatchObject({ availableBalance: '14250', totalCredit: '14250' });
    const statement = (await c.client.get('/api/v1/statements')).json();
    expect(statement.items).toHaveLength(1);
    expect(statement.items[0]).toMatchObject({ amount: '14250', transactionType: 'credit' });
    const list = (await c.client.get('/api/v1/funding/requests?kind=deposit')).json().items;
    expect(list[0]).toMatchObject({
      status: 'confirmed',
      claimedAmount: '15000',
      receivedAmount: '14250',
    });
    const notes = (await c.client.get('/api/v1/notifications')).json().items;
    expect(notes[0].body).toContain('$142.50');
    expect(notes[0].body).toContain('$150.00');
    const [mail] = await mailTo(suite.app, c.email);
    expect(mail?.text).toContain('$142.50');

    const audit = await suite.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'funding_request')
      .where('target_id', '=', request.id)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['funding.confirm', 'funding.view_proof']);
    expect((await checkLedger(suite.database.db)).violations).toEqual([]);
  });

  it('is decided once: two staff at once get one decision and one entry', async () => {
    const coin = await cryptoType();
    const c = await customer();
    const sent = await send(c.client, 'deposits', [
      { name: 'type', value: coin.id },
      { name: 'amount', value: '20' },
      await proofPart(),
    ]);
    const id = sent.json().request.id as string;
    const s = await staff();
    const entriesBefore = (await counts()).entries;
    const answers = await Promise.all([
      s.post(`/api/v1/staff/funding/requests/${id}/confirm`, { receivedAmount: '2000' }),
      s.post(`/api/v1/staff/funding/requests/${id}/decline`, { reason: 'Nothing arrived' }),
      s.post(`/api/v1/staff/funding/requests/${id}/confirm`, { receivedAmount: '2000' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const entriesAfter = (await counts()).entries;
    const won = answers.find((a) => a.statusCode === 200)?.json();
    expect(entriesAfter - entriesBefore).toBe(won.status === 'confirmed' ? 1 : 0);
  });

  it('declined: nothing moves, the customer reads the reason', async () => {
    const coin = await cryptoType();
    const c = await customer();
    const sent = await send(c.client, 'deposits', [
      { name: 'type', value: coin.id },
      { name: 'amount', value: '75.5' },
      await proofPart(),
    ]);
    const id = sent.json().request.id;
    const s = await staff();
    const declined = await s.post(`/api/v1/staff/funding/requests/${id}/decline`, {
      reason: 'No payment reached the address',
    });
    expect(declined.json().status).toBe('declined');
    expect(
      (await s.post(`/api/v1/staff/funding/requests/${id}/confirm`, { receivedAmount: '1' }))
        .statusCode,
    ).toBe(409);
    const list = (await c.client.get('/api/v1/funding/requests?kind=deposit')).json().items;
    expect(list[0]).toMatchObject({
      status: 'declined',
      declineReason: 'No payment reached the address',
    });
    expect((await c.client.get('/api/v1/accounts/current')).json().availableBalance).toBe('0');
  });

  it('refuses bad input with a clear 4xx, storing and posting nothing', async () => {
    const coin = await cryptoType();
    const c = await customer();
    const s = await staff();
    const retired = await cryptoType();
    await s.post(`${CATALOG}/crypto-types/${retired.id}/retire`);
    const before = await counts();
    const svgWithScript = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const polyglot = Buffer.concat([
      Buffer.from('<html><script>alert(1)</script></html>'),
      await picture(),
    ]);
    const cases: [Part[], string][] = [
      [
        [
          { name: 'type', value: coin.id },
          { name: 'amount', value: 'ten' },
        ],
        'body.amount',
      ],
      [
        [
          { name: 'type', value: coin.id },
          { name: 'amount', value: '0' },
        ],
        'body.amount',
      ],
      [
        [
          { name: 'type', value: coin.id },
          { name: 'amount', value: '-5' },
        ],
        'body.amount',
      ],
      [
        [
          { name: 'type', value: coin.id },
          { name: 'amount', value: '1.234' },
        ],
        'body.amount',
      ],
      [
        [
          { name: 'type', value: coin.id },
          { name: 'amount', value: '1e5' },
        ],
        'body.amount',
      ],
      [
        [
          { name: 'type', value: coin.id },
          { name: 'amount', value: '99999999999999999999999' },
        ],
        'body.amount',
      ],
      [
        [
          { name: 'type', value: '999999' },
          { name: 'amount', value: '5' },
        ],
        'body.type',
      ],
      [
        [
          { name: 'type', value: retired.id },
          { name: 'amount', value: '5' },
        ],
        'body.type',
      ],
      [
        [
          { name: 'type', value: coin.id },
          { name: 'amount', value: '5' },
        ],
        'body.depositPic',
      ],
    ];
    for (const [parts, field] of cases) {
      const res = await send(
        c.client,
        'deposits',
        [...parts, await proofPart()].slice(0, field === 'body.depositPic' ? 2 : 3),
      );
      expect(res.statusCode, `${field} ${res.body}`).toBe(400);
      expect(res.json().errors[0].path).toBe(field);
    }
    for (const [value, fileName] of [
      [Buffer.from('just some text, not a picture'), 'proof.png'],
      [svgWithScript, 'proof.svg'],
      [polyglot, 'proof.png'],
      [Buffer.alloc(6 * 1024 * 1024, 1), 'big.png'],
    ] as const) {
      const res = await send(c.client, 'deposits', [
        { name: 'type', value: coin.id },
        { name: 'amount', value: '5' },
        { name: 'depositPic', value, fileName, type: 'image/png' },
      ]);
      expect([400, 413], `${fileName} ${res.body}`).toContain(res.statusCode);
    }
    expect(await counts()).toEqual(before);
  });

  it("is the customer's own, and follows region availability", async () => {
    const coin = await cryptoType();
    const a = await customer();
    const b = await customer();
    await send(a.client, 'deposits', [
      { name: 'type', value: coin.id },
      { name: 'amount', value: '5' },
      await proofPart(),
    ]);
    expect((await b.client.get('/api/v1/funding/requests?kind=deposit')).json().items).toEqual([]);
    await suite.database.db
      .insertInto('customer_profiles')
      .values({ user_id: b.userId, country: 'FR' })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ country: 'FR' }))
      .execute();
    const s = await staff();
    await s.post('/api/v1/staff/catalog/availability/crypto_deposit', {
      unavailableCountries: ['FR'],
    });
    const refused = await send(b.client, 'deposits', [
      { name: 'type', value: coin.id },
      { name: 'amount', value: '5' },
      await proofPart(),
    ]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Not available for your region');
    await s.post('/api/v1/staff/catalog/availability/crypto_deposit', { unavailableCountries: [] });
  });
});

describe('payments, upgrades and fixed deposits paid in crypto', () => {
  it('a payment goes to the bank with a receipt; the balance does not move', async () => {
    const coin = await cryptoType();
    const s = await staff();
    const purpose = (
      await s.post(`${CATALOG}/payment-purposes`, { name: 'Statement copy' })
    ).json();
    const c = await customer();
    const sent = await send(c.client, 'payments', [
      { name: 'type', value: coin.id },
      { name: 'purpose', value: purpose.id },
      { name: 'amount', value: '12' },
      await proofPart(),
    ]);
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().request.id;
    await s.post(`/api/v1/staff/funding/requests/${id}/confirm`, { receivedAmount: '1200' });
    expect((await c.client.get('/api/v1/accounts/current')).json().availableBalance).toBe('0');
    const income = (await ensureInternalAccounts(suite.database.db, 'USD')).fee_income;
    const row = await suite.database.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('id', '=', income.id)
      .executeTakeFirstOrThrow();
    expect(row.balance >= 1200n).toBe(true);
    const [mail] = await mailTo(suite.app, c.email);
    expect(mail?.subject).toBe('Payment receipt');
    expect(mail?.text).toContain(`Reference: payment ${id}`);
  });

  it('an upgrade switches the plan once the price arrived', async () => {
    const coin = await cryptoType();
    const s = await staff();
    const gold = (
      await s.post(`${CATALOG}/account-plans`, {
        name: `Gold ${seq}`,
        serviceChargeBp: 250,
        dailyTransferLimit: '5000000',
        stepUpThreshold: '500000',
        price: '5000',
      })
    ).json();
    const c = await customer();
    const sent = await send(c.client, 'upgrades', [
      { name: 'type', value: coin.id },
      { name: 'plan', value: gold.id },
      { name: 'amount', value: '50' },
      await proofPart(),
    ]);
    const id = sent.json().request.id;
    const short = await s.post(`/api/v1/staff/funding/requests/${id}/confirm`, {
      receivedAmount: '4000',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0].path).toBe('body.receivedAmount');
    await s.post(`/api/v1/staff/funding/requests/${id}/confirm`, { receivedAmount: '5000' });
    expect((await c.client.get('/api/v1/funding/forms')).json().currentPlanId).toBe(gold.id);
    const again = await send(c.client, 'upgrades', [
      { name: 'type', value: coin.id },
      { name: 'plan', value: gold.id },
      { name: 'amount', value: '50' },
      await proofPart(),
    ]);
    expect(again.json().errors[0].path).toBe('body.plan');
  });

  it('a fixed deposit opens with the amount received, within the plan', async () => {
    const coin = await cryptoType();
    const s = await staff();
    const plan = (
      await s.post(`${CATALOG}/fixed-deposit-plans`, {
        name: `Six months ${seq}`,
        termCount: 6,
        termUnit: 'months',
        annualRateBp: 450,
        minAmount: '10000',
        maxAmount: '1000000',
      })
    ).json();
    const c = await customer();
    const low = await send(c.client, 'fixed-deposits', [
      { name: 'type', value: coin.id },
      { name: 'plan', value: plan.id },
      { name: 'amount', value: '50' },
      await proofPart('fixedDepositPic'),
    ]);
    expect(low.json().errors[0].path).toBe('body.amount');
    const sent = await send(c.client, 'fixed-deposits', [
      { name: 'type', value: coin.id },
      { name: 'plan', value: plan.id },
      { name: 'amount', value: '500' },
      await proofPart('fixedDepositPic'),
    ]);
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().request.id;
    const ok = await s.post(`/api/v1/staff/funding/requests/${id}/confirm`, {
      receivedAmount: '49000',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const deposits = (await c.client.get('/api/v1/fixed-deposits')).json().items;
    expect(deposits).toHaveLength(1);
    expect(deposits[0]).toMatchObject({
      principal: '49000',
      annualRateBp: 450,
      fundedBy: 'crypto',
      status: 'active',
    });
    expect((await c.client.get('/api/v1/accounts/current')).json().availableBalance).toBe('0');
    expect((await checkLedger(suite.database.db)).violations).toEqual([]);
  });
});
