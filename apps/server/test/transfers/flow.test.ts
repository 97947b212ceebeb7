import { TRANSFER_CODE_REQUIRED } from '@bank/contract';
import { describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/ledger/index.js';
import { testClock } from '../helpers/app.js';
import { mailTo } from '../helpers/mail.js';
import { useTestApp } from '../helpers/suite.js';
import {
  OWN_SWIFT,
  PIN,
  STAFF_TRANSFERS,
  TRANSFERS,
  details,
  newKey,
  transferHelpers,
} from './setup.js';

const clock = testClock();
const suite = useTestApp({ clock });
const t = transferHelpers(suite);

type Json = Record<string, unknown>;

describe('a bank transfer', () => {
  it('is priced by the server, confirmed, checked by PIN and code, and debited once at submission', async () => {
    const c = await t.sender(1_000_000n);
    const created = await t.create(c.client, details({ amount: '1,000' }));
    expect(created.statusCode).toBe(400);

    const res = await t.create(c.client, details({ amount: '1500.50' }));
    expect(res.statusCode, res.body).toBe(201);
    const draft = res.json() as Json;
    expect(draft).toMatchObject({
      stage: 'draft',
      status: null,
      amount: '150050',
      fee: '750',
      feeRateBp: 50,
      amountReceived: '149300',
      availableBalance: '1000000',
      sufficientBalance: true,
      accountNumber: 'DE89370400440532013000',
      internal: false,
    });
    const id = draft.id as string;

    // No step can be skipped: PIN, code and submit all refuse a draft.
    expect((await c.client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN })).statusCode).toBe(409);
    expect((await c.client.post(`${TRANSFERS}/${id}/code`, { code: '1234' })).statusCode).toBe(409);
    expect((await c.client.post(`${TRANSFERS}/${id}/submit`)).statusCode).toBe(409);

    expect((await c.client.post(`${TRANSFERS}/${id}/confirm`)).json()).toMatchObject({
      stage: 'confirmed',
    });
    expect((await c.client.post(`${TRANSFERS}/${id}/submit`)).statusCode).toBe(409);
    expect((await c.client.post(`${TRANSFERS}/${id}/code`, { code: '1234' })).statusCode).toBe(409);

    const pin = await c.client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN });
    expect(pin.statusCode, pin.body).toBe(200);
    const step = pin.json() as Json;
    // A beneficiary never paid before, and above the Basic plan's 1,000.00 threshold.
    expect(step).toMatchObject({ next: 'code', head: TRANSFER_CODE_REQUIRED });
    expect(step.sentTo).toMatch(/^c•••\d*.*@example\.com$/);
    expect(step.body).toContain(step.sentTo as string);
    expect((await c.client.post(`${TRANSFERS}/${id}/submit`)).statusCode).toBe(409);

    const code = await t.codeFor(c.email);
    const ok = await c.client.post(`${TRANSFERS}/${id}/code`, { code });
    expect(ok.json()).toMatchObject({ next: 'ready' });
    expect(await t.balanceOf(c)).toBe(1_000_000n);

    const submit = await c.client.post(`${TRANSFERS}/${id}/submit`);
    expect(submit.statusCode, submit.body).toBe(200);
    expect(submit.json()).toMatchObject({
      next: 'done',
      transfer: { stage: 'submitted', status: 'in_progress', availableBalance: '849950' },
    });
    expect(await t.balanceOf(c)).toBe(1_000_000n - 150_050n);

    // The transaction shows in progress; submitting again posts nothing.
    const again = await c.client.post(`${TRANSFERS}/${id}/submit`);
    expect(again.json()).toMatchObject({ next: 'done' });
    expect(await t.balanceOf(c)).toBe(849_950n);
    const history = (await c.client.get('/api/v1/accounts/current/transactions')).json() as {
      items: Json[];
    };
    expect(history.items[0]).toMatchObject({
      amount: '150050',
      transactionType: 'debit',
      status: 'in_progress',
      name: 'Transfer to Grace Hopper (Deutsche Bank)',
    });
    const kinds = (await mailTo(suite.app, c.email)).map((m) => m.subject);
    expect(kinds).toContain('Transfer in progress');
    expect((await checkLedger(suite.database.db)).ok).toBe(true);
  });

  it('needs only the PIN for a small amount to a beneficiary paid before', async () => {
    const c = await t.sender(1_000_000n);
    const first = await t.send(c, details({ amount: '10' }));
    expect(first.submit.json()).toMatchObject({ next: 'done' });
    const id = await t.confirmed(c.client, details({ amount: '20' }));
    const pin = await c.client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN });
    expect(pin.json()).toMatchObject({ next: 'ready' });
    expect((await c.client.post(`${TRANSFERS}/${id}/code`, { code: '1234' })).statusCode).toBe(409);
    const submit = await c.client.post(`${TRANSFERS}/${id}/submit`);
    expect(submit.json()).toMatchObject({ next: 'done', transfer: { status: 'in_progress' } });
  });

  it('returns the same transfer for the same key, and refuses the key for other details', async () => {
    const c = await t.sender();
    const key = newKey();
    const a = await t.create(c.client, details(), key);
    const b = await t.create(c.client, details(), key);
    expect(a.statusCode).toBe(201);
    // The first answer again (decision 0031), not a second draft.
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect((b.json() as Json).id).toBe((a.json() as Json).id);
    const other = await t.create(c.client, details({ amount: '101' }), key);
    expect(other.statusCode).toBe(422);
    expect((other.json() as Json).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await c.client.post(TRANSFERS, details())).statusCode).toBe(400);
  });

  it('refuses bad fields with a message each, and writes nothing', async () => {
    const c = await t.sender();
    const before = await suite.database.db
      .selectFrom('transfers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, string][] = [
      [{ swift: 'DEUT' }, 'body.swift'],
      [{ swift: 'DEUT1EFF' }, 'body.swift'],
      [{ country: 'XX' }, 'body.country'],
      [{ amount: '10.001' }, 'body.amount'],
      [{ amount: '-5' }, 'body.amount'],
      [{ amount: '0' }, 'body.amount'],
      [{ currency: 'EUR' }, 'body.currency'],
      [{ accountNumber: '!!' }, 'body.accountNumber'],
      [{ accountHolderName: '' }, 'body.accountHolderName'],
      [{ bank: '' }, 'body.bank'],
      [{ note: '' }, 'body.note'],
      [{ routing: '' }, 'body.routing'],
      [{ amount: '100000' }, 'body.amount'],
    ];
    for (const [fields, path] of cases) {
      const res = await t.create(c.client, details(fields));
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      const problem = res.json() as { errors?: { path: string; message: string }[] };
      expect(
        problem.errors?.map((e) => e.path),
        JSON.stringify(fields),
      ).toContain(path);
    }
    const extra = await t.create(c.client, { ...details(), status: 'successful' } as never);
    expect(extra.statusCode).toBe(400);
    const after = await suite.database.db
      .selectFrom('transfers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('shows "Insufficient balance" and refuses to confirm a draft the balance no longer covers', async () => {
    const c = await t.sender(5_000n);
    const res = await t.create(c.client, details({ amount: '40' }));
    expect(res.json()).toMatchObject({ sufficientBalance: true, availableBalance: '5000' });
    const id = (res.json() as Json).id as string;
    await t.send(c, details({ amount: '20', note: 'Spent meanwhile' }));
    expect((await c.client.get(`${TRANSFERS}/${id}`)).json()).toMatchObject({
      sufficientBalance: false,
      availableBalance: '3000',
    });
    const confirm = await c.client.post(`${TRANSFERS}/${id}/confirm`);
    expect(confirm.statusCode).toBe(422);
    expect(confirm.json()).toMatchObject({
      code: 'TRANSFER_REFUSED',
      notice: { title: 'Insufficient balance' },
    });
  });

  it('settles at once into another customer of this bank, both told', async () => {
    await t.ownSwift();
    const a = await t.sender(500_000n, { firstName: 'Alan' });
    const b = await t.sender(0n, { firstName: 'Barbara' });
    const own = await t.create(
      a.client,
      details({ swift: OWN_SWIFT, accountNumber: a.accountNumber }),
    );
    expect(own.statusCode).toBe(400);
    const nobody = await t.create(
      a.client,
      details({ swift: OWN_SWIFT, accountNumber: '1000000001' }),
    );
    expect(nobody.statusCode).toBe(400);

    const { submit } = await t.send(
      a,
      details({
        swift: OWN_SWIFT,
        accountNumber: b.accountNumber,
        accountHolderName: 'barbara  VAUGHAN',
        amount: '200',
      }),
    );
    expect(submit.json()).toMatchObject({
      next: 'done',
      transfer: { status: 'successful', internal: true },
    });
    expect(await t.balanceOf(a)).toBe(480_000n);
    // Inside the bank: no service charge (decision 24).
    expect(await t.balanceOf(b)).toBe(20_000n);
    const bHistory = (await b.client.get('/api/v1/accounts/current/transactions')).json() as {
      items: Json[];
    };
    expect(bHistory.items[0]).toMatchObject({ amount: '20000', transactionType: 'credit' });
    expect((await mailTo(suite.app, b.email)).map((m) => m.subject)).toContain('Money received');
    expect(bHistory.items[0]?.name).toBe('Transfer from Alan Vaughan');
    // Settled at once and for good: the name must be the one on the account.
    const wrongName = await t.create(
      a.client,
      details({
        swift: OWN_SWIFT,
        accountNumber: b.accountNumber,
        accountHolderName: 'Eve Mallory',
      }),
    );
    expect(wrongName.statusCode).toBe(400);
    expect((wrongName.json() as { errors: { path: string }[] }).errors[0]?.path).toBe(
      'body.accountHolderName',
    );
    // Nothing for staff to do.
    const queue = (await (await t.staff()).get(`${STAFF_TRANSFERS}?status=in_progress`)).json() as {
      items: Json[];
    };
    expect(queue.items.find((i) => i.internal === true)).toBeUndefined();
  });

  it('staff mark one successful with a reference, and one failed with a refund of amount and fee', async () => {
    const c = await t.sender(1_000_000n);
    const staff = await t.staff();
    const ok = await t.send(c, details({ amount: '100' }));
    const ko = await t.send(c, details({ amount: '50' }));
    expect(await t.balanceOf(c)).toBe(1_000_000n - 15_000n);

    const done = await staff.post(`${STAFF_TRANSFERS}/${ok.id}/complete`, {
      reference: 'FT-2026-1',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'successful', reference: 'FT-2026-1' });
    const twice = await staff.post(`${STAFF_TRANSFERS}/${ok.id}/fail`, {
      reason: 'Changed my mind',
    });
    expect(twice.statusCode).toBe(409);

    const failed = await staff.post(`${STAFF_TRANSFERS}/${ko.id}/fail`, {
      reason: 'Account closed',
    });
    expect(failed.json()).toMatchObject({ status: 'failed', failureReason: 'Account closed' });
    expect(await t.balanceOf(c)).toBe(1_000_000n - 10_000n);

    const history = (await c.client.get('/api/v1/accounts/current/transactions')).json() as {
      items: Json[];
    };
    expect(history.items.slice(0, 3)).toMatchObject([
      { transactionType: 'credit', amount: '5000', status: 'successful' },
      { transactionType: 'debit', amount: '5000', status: 'failed' },
      { transactionType: 'debit', amount: '10000', status: 'successful' },
    ]);
    const subjects = (await mailTo(suite.app, c.email)).map((m) => m.subject);
    expect(subjects).toEqual(expect.arrayContaining(['Transfer successful', 'Transfer failed']));
    const audit = await suite.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'transfer')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['transfer.complete', 'transfer.fail']),
    );
    expect((await checkLedger(suite.database.db)).ok).toBe(true);
  });
});
