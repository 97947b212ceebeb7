/**
 * Security review of bank transfers (decision 0019): bad input on every field, header, path
 * parameter and step body. Regression tests, including of findings fixed in 287a262.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/suite.js';
import { OWN_SWIFT, PIN, STAFF_TRANSFERS, TRANSFERS, details, newKey } from '../transfers/setup.js';
import { reviewHelpers, type Json } from './review-setup.js';

const suite = useTestApp();
const r = reviewHelpers(suite);

describe('transfer review: input', () => {
  it('refuses a bad value in every field of the send form with a 400, and writes nothing', async () => {
    const c = await r.sender();
    const before = await r.transferCount();
    const bad: Record<string, unknown[]> = {
      bank: [
        123,
        null,
        '',
        '   ',
        'x'.repeat(101),
        'a\u0000b',
        'a\u007fb',
        'a\u0085b',
        'a\ud800b',
        ['Deutsche'],
        {},
      ],
      swift: [
        'DEUTDEF',
        'DEUTDEFFX',
        'DEUTDEFF12',
        'DEUT DEFF',
        'ＤＥＵＴＤＥＦＦ',
        'DEUT1EFF',
        12345678,
        '',
      ],
      currency: ['US', 'USDD', 'EUR', 'U$D', 840, ''],
      routing: ['ab', 'x'.repeat(21), '12_34', '１２３４', '123\n456', 123456789],
      country: ['XX', 'D', 'DEU', 'ZZ', 49, ''],
      accountNumber: [
        '123',
        'A'.repeat(35),
        'DE89!',
        'DE89\u0000370400',
        'ＤＥ８９３７０４',
        1234567890,
      ],
      accountHolderName: ['A', ' A ', 'x'.repeat(101), '\u0000Grace', 42],
      amount: [
        100,
        '-1',
        '0',
        '0.00',
        '1e3',
        '1,000',
        '10.001',
        '.5',
        '00.10',
        '0x10',
        'NaN',
        'Infinity',
        '١٠٠',
        '１００',
        '92233720368547758.08',
        '9'.repeat(40),
        '',
        null,
      ],
      note: ['', 'x'.repeat(141), 'a\u001bb', 7],
      saveBeneficiary: ['true', 1, null],
    };
    for (const [field, values] of Object.entries(bad)) {
      for (const value of values) {
        const res = await r.create(c.client, details({ [field]: value }));
        expect(res.statusCode, `${field}=${JSON.stringify(value)}: ${res.body}`).toBe(400);
      }
    }
    // Missing fields and fields the server computes or owns.
    for (const field of Object.keys(details())) {
      if (field === 'saveBeneficiary') continue;
      const body = Object.fromEntries(Object.entries(details()).filter(([k]) => k !== field));
      expect((await r.create(c.client, body as never)).statusCode, `without ${field}`).toBe(400);
    }
    for (const extra of [
      { fee: '0' },
      { feeRateBp: 0 },
      { status: 'successful' },
      { stage: 'submitted' },
      { userId: '1' },
      { recipientAccountId: '1' },
      { internal: true },
    ]) {
      expect((await r.create(c.client, { ...details(), ...extra } as never)).statusCode).toBe(400);
    }
    const proto = await c.client.request(
      'POST',
      TRANSFERS,
      `{"__proto__":{"fee":"0"},${JSON.stringify(details()).slice(1)}`,
      { 'idempotency-key': newKey(), 'content-type': 'application/json' },
    );
    expect(proto.statusCode).toBe(400);
    expect(await r.transferCount()).toBe(before);
  });

  it('takes the forms people type and stores them normalized', async () => {
    const c = await r.sender();
    const res = await r.create(
      c.client,
      details({
        swift: ' deutdeff ',
        currency: 'usd',
        country: 'de',
        accountNumber: 'de89-3704 0044\u00a00532 0130 00',
        amount: ' 100.5 ',
        routing: 'ab-12 3',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      swift: 'DEUTDEFF',
      currency: 'USD',
      country: 'DE',
      accountNumber: 'DE89370400440532013000',
      amount: '10050',
      routing: 'AB-12 3',
    });
  });

  it('refuses a bad Idempotency-Key header and bad ids in the path', async () => {
    const c = await r.sender();
    for (const key of ['short', 'x'.repeat(101), 'ключ-12345678', 'has space 1234', '']) {
      const res = await c.client.post(TRANSFERS, details(), { 'idempotency-key': key });
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
    }
    expect((await c.client.post(TRANSFERS, details())).statusCode).toBe(400);
    for (const id of [
      '0',
      '-1',
      '1.5',
      'abc',
      '01',
      '9223372036854775808',
      '9'.repeat(25),
      '1e3',
    ]) {
      for (const res of [
        await c.client.get(`${TRANSFERS}/${id}`),
        await c.client.put(`${TRANSFERS}/${id}`, details()),
        await c.client.post(`${TRANSFERS}/${id}/confirm`),
        await c.client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN }),
        await c.client.post(`${TRANSFERS}/${id}/code`, { code: '1234' }),
        await c.client.post(`${TRANSFERS}/${id}/code/resend`),
        await c.client.post(`${TRANSFERS}/${id}/submit`),
      ]) {
        expect(res.statusCode, `${id}: ${res.body}`).toBe(400);
      }
    }
    expect((await c.client.get(`${TRANSFERS}/9223372036854775807`)).statusCode).toBe(404);
    expect((await c.client.post(`${TRANSFERS}/9223372036854775807/submit`)).statusCode).toBe(404);
  });

  it('refuses malformed PIN and code bodies before any try is counted', async () => {
    const c = await r.sender();
    const id = await r.confirmed(c.client, details());
    for (const body of [
      { pin: 2580 },
      { pin: '25800' },
      { pin: '258' },
      { pin: '２５８０' },
      { pin: '2580', code: '1234' },
      { pin: ['2580'] },
      {},
    ]) {
      const res = await c.client.post(`${TRANSFERS}/${id}/pin`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await r.pinRow(c.userId)).failures).toBe(0);
    const pin = await c.client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN });
    expect(pin.json()).toMatchObject({ next: 'code' });
    for (const body of [
      { code: 1234 },
      { code: '12345' },
      { code: '１２３４' },
      { code: '1234', x: 1 },
      {},
    ]) {
      const res = await c.client.post(`${TRANSFERS}/${id}/code`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const codes = await r.liveCodes(c.userId);
    expect(codes).toHaveLength(1);
    expect(codes[0]?.attempts).toBe(0);
    const failures = await suite.database.db
      .selectFrom('code_failures')
      .select('user_id')
      .where('user_id', '=', c.userId)
      .execute();
    expect(failures).toHaveLength(0);
  });

  it('refuses bad staff decision bodies', async () => {
    const c = await r.sender();
    const staff = await r.staff();
    const { id } = await r.send(c, details({ amount: '10' }));
    for (const body of [
      { reference: 'ab' },
      { reference: 'x'.repeat(101) },
      { reference: 'REF\u0000123' },
      { reference: 'REF-1', extra: 1 },
      { reference: 12345 },
    ]) {
      expect((await staff.post(`${STAFF_TRANSFERS}/${id}/complete`, body)).statusCode).toBe(400);
    }
    for (const body of [
      { reason: 'no' },
      { reason: 'x'.repeat(501) },
      { reason: 'bad\u0007' },
      {},
    ]) {
      expect((await staff.post(`${STAFF_TRANSFERS}/${id}/fail`, body)).statusCode).toBe(400);
    }
    expect((await staff.get(`${STAFF_TRANSFERS}?status=draft`)).statusCode).toBe(400);
    expect((await r.row(id)).status).toBe('in_progress');
  });

  it('refuses line breaks, tabs and bidi/zero-width controls in the holder name, bank and note that staff wire from and the code email shows', async () => {
    const c = await r.sender();
    const before = await r.transferCount(c.userId);
    // Fixed finding: a line break or a right-to-left override let a sender make these free-text
    // fields read as something else on the staff screen and in the authorization email.
    const spoofs: [string, Record<string, unknown>][] = [
      ['accountHolderName', { accountHolderName: 'Grace Hopper\nIBAN: GB00EVIL00000000000001' }],
      ['bank', { bank: 'Deutsche Bank\r\nSWIFT: EVILGB2L' }],
      ['accountHolderName', { accountHolderName: 'Grace \u202eRepooH' }],
      ['accountHolderName', { accountHolderName: 'Grace\u200b Hopper' }],
      ['accountHolderName', { accountHolderName: 'Grace Hopper\u2066' }],
      ['bank', { routing: '021000021', bank: 'Deutsche\tBank' }],
      ['bank', { bank: 'Deutsche\ufeffBank' }],
      ['note', { note: 'Rent\nCall 555 0100' }],
      ['note', { note: 'Rent \u202dfor December' }],
    ];
    for (const [field, fields] of spoofs) {
      const res = await r.create(c.client, details(fields));
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(
        (res.json() as { errors: { path: string }[] }).errors.map((e) => e.path),
        JSON.stringify(fields),
      ).toContain(`body.${field}`);
    }
    expect(await r.transferCount(c.userId)).toBe(before);
    // Letters of any script and ordinary punctuation are still names.
    const fine = await r.create(
      c.client,
      details({ accountHolderName: 'Zoë O’Brien-Łukasz', bank: 'Société Générale (Paris)' }),
    );
    expect(fine.statusCode, fine.body).toBe(201);
  });

  it('a plan change that makes the charge reach the amount is a notice, "The amount is too small", at confirm and at submit', async () => {
    const c = await r.sender();
    // 1.00 on the default 10 % plan: a charge of 0.10. Then the customer is moved to a 100 % plan.
    const draft = (await r.create(c.client, details({ amount: '1' }))).json() as Json;
    const ready = await r.ready(c, details({ amount: '1', note: 'second one' }));
    const stage = (await r.row(ready)).stage;
    await r.setPlan(c.userId, { serviceChargeBp: 10000 });
    const confirm = await c.client.post(`${TRANSFERS}/${String(draft.id)}/confirm`);
    const submit = await c.client.post(`${TRANSFERS}/${ready}/submit`);
    const again = await c.client.post(`${TRANSFERS}/${ready}/submit`);
    // Fixed finding: this was a database CHECK violation turned into a bare 400.
    for (const res of [confirm, submit, again]) {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'TRANSFER_REFUSED',
        notice: { title: 'The amount is too small' },
      });
    }
    expect((await r.row(String(draft.id))).stage).toBe('draft');
    expect((await r.row(ready)).stage).toBe(stage);
    expect(await r.entriesWithKey(`transfer:${ready}`)).toHaveLength(0);
    expect(await r.balanceOf(c)).toBe(1_000_000n);
  });
});

describe('transfer review: internal destinations', () => {
  it('refuses own account, another customer’s fixed deposit, a missing account and a foreign number shape', async () => {
    await r.ownSwift();
    const a = await r.sender();
    const b = await r.sender(0n);
    const { openCustomerAccount } = await import('../../src/ledger/index.js');
    const fd = await openCustomerAccount(suite.database.db, {
      ownerId: b.userId,
      kind: 'customer_fixed_deposit',
      currency: 'USD',
      name: 'FD',
    });
    const ownFd = await openCustomerAccount(suite.database.db, {
      ownerId: a.userId,
      kind: 'customer_fixed_deposit',
      currency: 'USD',
      name: 'FD',
    });
    for (const accountNumber of [
      a.accountNumber,
      fd.accountNumber,
      ownFd.accountNumber,
      '1000000001',
      'GB29NWBK60161331926819',
      `${b.accountNumber}0`,
    ]) {
      const res = await r.create(a.client, details({ swift: OWN_SWIFT, accountNumber }));
      expect(res.statusCode, accountNumber).toBe(400);
      expect((res.json() as { errors: { path: string }[] }).errors[0]?.path).toBe(
        'body.accountNumber',
      );
    }
    // The branch part of our SWIFT, or none, is still this bank.
    for (const swift of ['CEDRUS33', 'CEDRUS33ABC']) {
      const res = await r.create(a.client, r.inside(b, { swift }));
      expect(res.json()).toMatchObject({ internal: true });
    }
    // The holder must be the account's (fixed finding): first and last name either way round,
    // case, accents, spacing and punctuation aside. Otherwise a 400 on the name, not showing it.
    const z = await r.sender(0n, { firstName: 'Zoë' });
    for (const accountHolderName of [
      'Grace Hopper',
      'Zoë',
      'Zoë Vaughan Smith',
      'Dorothy Vaughan',
    ]) {
      const res = await r.create(a.client, r.inside(z, { accountHolderName }));
      expect(res.statusCode, accountHolderName).toBe(400);
      expect((res.json() as { errors: { path: string }[] }).errors[0]?.path).toBe(
        'body.accountHolderName',
      );
      expect(res.body).not.toContain('Vaughan');
    }
    for (const accountHolderName of [
      'zoe vaughan',
      'VAUGHAN, Zoë',
      '  Zoë   Vaughan. ',
      'Zoë-Vaughan',
    ]) {
      const res = await r.create(a.client, r.inside(z, { accountHolderName }));
      expect(res.statusCode, `${accountHolderName}: ${res.body}`).toBe(201);
    }
  });
});
