import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInCustomer } from '../helpers/customers.js';
import type { Part } from '../helpers/multipart.js';
import { useTestApp } from '../helpers/suite.js';
import { CATALOG, STAFF_FUNDING, fields, fundingHelpers, picture, proof } from './setup.js';

/**
 * What a funding request refuses, each with a clear 4xx on the field at fault, and what a
 * refusal leaves behind: nothing (no request, no registered file, no file on disk, no entry).
 */

const suite = useTestApp();
const helpers = fundingHelpers(suite);
const { staff, customer, cryptoType, purpose, fixedDepositPlan, accountPlan, send, footprint } =
  helpers;

let before: Awaited<ReturnType<typeof footprint>>;
beforeEach(async () => {
  before = await footprint();
});
afterEach(async () => {
  expect(await footprint()).toEqual(before);
});

/** Expects a 400 naming `path` first. */
function refusedOn(res: { statusCode: number; body: string; json(): unknown }, path: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect((res.json() as { errors: { path: string }[] }).errors[0]?.path, res.body).toBe(path);
}

/** Everything a request of each kind needs that is valid, given a crypto type and the rest. */
async function validForms() {
  const coin = await cryptoType();
  const paymentPurpose = await purpose();
  const plan = await fixedDepositPlan({ minAmount: '100', maxAmount: null });
  const gold = await accountPlan();
  const forms: { form: string; values: Record<string, string>; file: string }[] = [
    { form: 'deposits', values: { type: coin.id }, file: 'depositPic' },
    {
      form: 'payments',
      values: { type: coin.id, purpose: paymentPurpose.id },
      file: 'depositPic',
    },
    {
      form: 'fixed-deposits',
      values: { type: coin.id, plan: plan.id },
      file: 'fixedDepositPic',
    },
    { form: 'upgrades', values: { type: coin.id, plan: gold.id }, file: 'depositPic' },
  ];
  return { coin, forms };
}

describe('the amount', () => {
  it('is refused on body.amount when not a positive amount of at most two decimals, on every form', async () => {
    const { forms } = await validForms();
    const c = await customer();
    const amounts = ['ten', '0', '0.00', '-5', '1.234', '1e5', '99999999999999999999', '', '5,00'];
    for (const { form, values, file } of forms) {
      for (const amount of amounts) {
        const res = await send(c.client, form, [
          ...fields({ ...values, amount }),
          await proof(file),
        ]);
        refusedOn(res, 'body.amount');
      }
      refusedOn(await send(c.client, form, [...fields(values), await proof(file)]), 'body.amount');
    }
  });
});

describe('the catalog entries a request names', () => {
  it('refuses an unknown, retired or malformed crypto type on body.type', async () => {
    const { forms, coin } = await validForms();
    const retired = await cryptoType();
    const s = await staff();
    expect((await s.post(`${CATALOG}/crypto-types/${retired.id}/retire`)).statusCode).toBe(200);
    const c = await customer();
    for (const { form, values, file } of forms) {
      for (const type of ['999999', retired.id, 'abc', '0', '9999999999999999999', `${coin.id} `]) {
        const res = await send(c.client, form, [
          ...fields({ ...values, type, amount: '100' }),
          await proof(file),
        ]);
        refusedOn(res, 'body.type');
      }
    }
    const res = await send(c.client, 'deposits', [
      ...fields({ type: retired.id, amount: '5' }),
      await proof(),
    ]);
    expect(res.json().errors[0].message).toBe('Choose a crypto type from the list');
  });

  it('refuses an unknown or retired purpose, or plan, on its field', async () => {
    const coin = await cryptoType();
    const s = await staff();
    const retiredPurpose = await purpose();
    const retiredPlan = await fixedDepositPlan({ minAmount: '100', maxAmount: null });
    const retiredTier = await accountPlan();
    await s.post(`${CATALOG}/payment-purposes/${retiredPurpose.id}/retire`);
    await s.post(`${CATALOG}/fixed-deposit-plans/${retiredPlan.id}/retire`);
    await s.post(`${CATALOG}/account-plans/${retiredTier.id}/retire`);
    const c = await customer();
    const cases: [string, string, string, string[]][] = [
      ['payments', 'purpose', 'depositPic', ['999999', retiredPurpose.id, 'abc']],
      ['fixed-deposits', 'plan', 'fixedDepositPic', ['999999', retiredPlan.id, 'x']],
      ['upgrades', 'plan', 'depositPic', ['999999', retiredTier.id, '-1']],
    ];
    for (const [form, field, file, ids] of cases) {
      for (const id of ids) {
        const res = await send(c.client, form, [
          ...fields({ type: coin.id, [field]: id, amount: '100' }),
          await proof(file),
        ]);
        refusedOn(res, `body.${field}`);
      }
      // Missing altogether.
      refusedOn(
        await send(c.client, form, [
          ...fields({ type: coin.id, amount: '100' }),
          await proof(file),
        ]),
        `body.${field}`,
      );
    }
  });

  it('refuses an upgrade to the plan every account starts on, or to the one the customer is on', async () => {
    const coin = await cryptoType();
    const c = await customer();
    const current = (await c.client.get('/api/v1/funding/forms')).json().currentPlanId as string;
    const res = await send(c.client, 'upgrades', [
      ...fields({ type: coin.id, plan: current, amount: '5' }),
      await proof(),
    ]);
    refusedOn(res, 'body.plan');
    expect(res.json().errors[0].message).toMatch(/begin with|already/);
    const gold = await accountPlan();
    await suite.database.db
      .updateTable('users')
      .set({ plan_id: BigInt(gold.id) })
      .where('id', '=', c.userId)
      .execute();
    const onIt = await send(c.client, 'upgrades', [
      ...fields({ type: coin.id, plan: gold.id, amount: '50' }),
      await proof(),
    ]);
    refusedOn(onIt, 'body.plan');
    expect(onIt.json().errors[0].message).toBe('You are on this plan already');
  });
});

describe('the proof', () => {
  const svgWith = (inside: string) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="80" height="40">${inside}</svg>`,
    );

  it('is required, a picture, at most 5 MB, and inert: refused on its field otherwise', async () => {
    const coin = await cryptoType();
    const plan = await fixedDepositPlan({ minAmount: '100', maxAmount: null });
    const c = await customer();
    const png = await picture();
    const bad: [string, Buffer, string][] = [
      ['a text file', Buffer.from('just some text, not a picture'), 'proof.png'],
      ['an SVG with a script', svgWith('<script>alert(1)</script>'), 'proof.svg'],
      ['an SVG with onload', svgWith('<rect width="9" height="9" onload="alert(1)"/>'), 'p.svg'],
      ['an SVG linking out', svgWith('<image xlink:href="https://evil.example/x.png"/>'), 'p.svg'],
      [
        'an SVG with entities',
        Buffer.from(
          `<!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>`,
        ),
        'p.svg',
      ],
      ['an SVG with foreign content', svgWith('<foreignObject><p>x</p></foreignObject>'), 'p.svg'],
      [
        'HTML pretending to be a picture',
        Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'),
        'proof.png',
      ],
      [
        'HTML in front of a PNG',
        Buffer.concat([Buffer.from('<html><script>alert(1)</script></html>'), png]),
        'proof.png',
      ],
      [
        'a PDF',
        Buffer.from(
          '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
        ),
        'proof.pdf',
      ],
      ['over 5 MB', Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]), 'big.png'],
    ];
    for (const [what, value, fileName] of bad) {
      const res = await send(c.client, 'deposits', [
        ...fields({ type: coin.id, amount: '5' }),
        { name: 'depositPic', value, fileName, type: 'image/png' },
      ]);
      expect([400, 413], `${what}: ${res.body}`).toContain(res.statusCode);
      if (res.statusCode === 400) {
        expect(res.json().errors[0].path, what).toBe('body.depositPic');
      }
    }
    refusedOn(
      await send(c.client, 'deposits', fields({ type: coin.id, amount: '5' })),
      'body.depositPic',
    );
    // A fixed deposit's proof has its own field name (the spec's fixedDepositPic).
    const misnamed = await send(c.client, 'fixed-deposits', [
      ...fields({ type: coin.id, plan: plan.id, amount: '5' }),
      await proof('depositPic'),
    ]);
    refusedOn(misnamed, 'body.fixedDepositPic');
  });
});

describe('accepted proofs', () => {
  // These store a request each: the footprint check above is not theirs.
  it('keeps a GIF or a clean SVG as a re-encoded picture, never as sent', async () => {
    const coin = await cryptoType();
    const c = await customer();
    const s = await staff();
    const gif = Buffer.concat([
      await sharp({ create: { width: 30, height: 20, channels: 3, background: '#39f' } })
        .gif()
        .toBuffer(),
      Buffer.from('<script>alert("APPENDED")</script>'),
    ]);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#39f"/><text x="10" y="50">Paid</text></svg>',
    );
    for (const [value, fileName] of [
      [gif, 'receipt.gif'],
      [svg, 'receipt.svg'],
    ] as const) {
      const parts: Part[] = [
        ...fields({ type: coin.id, amount: '5' }),
        { name: 'depositPic', value, fileName, type: 'image/svg+xml' },
      ];
      const res = await send(c.client, 'deposits', parts);
      expect(res.statusCode, res.body).toBe(201);
      const shown = await s.get(`${STAFF_FUNDING}/requests/${res.json().request.id}/proof`);
      expect(shown.headers['content-type']).toBe('image/webp');
      expect((await sharp(shown.rawPayload).metadata()).format).toBe('webp');
      expect(shown.rawPayload.includes('<svg')).toBe(false);
      expect(shown.rawPayload.includes('APPENDED')).toBe(false);
    }
    before = await footprint();
  });
});

describe('who may ask', () => {
  it('only a customer whose identity check is approved (403) and whose account is open (409)', async () => {
    const coin = await cryptoType();
    const declined = await customer();
    await suite.database.db
      .updateTable('users')
      .set({ kyc_status: 'declined' })
      .where('id', '=', declined.userId)
      .execute();
    const refused = await send(declined.client, 'deposits', [
      ...fields({ type: coin.id, amount: '5' }),
      await proof(),
    ]);
    expect([401, 403], refused.body).toContain(refused.statusCode);

    const noAccount = await signedInCustomer(suite.app, suite.database, { kycStatus: 'approved' });
    const closed = await send(noAccount.client, 'deposits', [
      ...fields({ type: coin.id, amount: '5' }),
      await proof(),
    ]);
    expect(closed.statusCode, closed.body).toBe(409);
    expect(closed.json().detail).toBe('Your account is not open yet.');
  });

  it('only where the product is offered: 403 "Not available for your region" for each form', async () => {
    const { forms } = await validForms();
    const c = await customer();
    await suite.database.db
      .insertInto('customer_profiles')
      .values({ user_id: c.userId, country: 'FR' })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ country: 'FR' }))
      .execute();
    const s = await staff();
    const products = ['crypto_deposit', 'make_payment', 'fixed_deposit', 'upgrade'];
    try {
      for (const [k, { form, values, file }] of forms.entries()) {
        const product = products[k];
        const off = await s.post(`${CATALOG}/availability/${product}`, {
          unavailableCountries: ['FR'],
        });
        expect(off.statusCode, off.body).toBeLessThan(300);
        const res = await send(c.client, form, [
          ...fields({ ...values, amount: '100' }),
          await proof(file),
        ]);
        expect(res.statusCode, `${form}: ${res.body}`).toBe(403);
        expect(res.json().detail).toBe('Not available for your region');
      }
    } finally {
      for (const product of products) {
        await s.post(`${CATALOG}/availability/${product}`, { unavailableCountries: [] });
      }
    }
  });
});
