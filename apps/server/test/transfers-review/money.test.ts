/**
 * Security review of bank transfers (decision 0019): the money. Regression tests, including of
 * findings fixed in 287a262 (the 1.00 minimum, "Transfer from …" on the recipient's side).
 */
import { describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/ledger/index.js';
import { mailTo } from '../helpers/mail.js';
import { useTestApp } from '../helpers/suite.js';
import { PIN, STAFF_TRANSFERS, TRANSFERS, details } from '../transfers/setup.js';
import { reviewHelpers, type Json } from './review-setup.js';

const suite = useTestApp();
const r = reviewHelpers(suite);

describe('transfer review: money', () => {
  it('prices the charge to the nearest cent, halves up, on the default plan and on another', async () => {
    const c = await r.sender();
    // The default plan charges 0.5 % (migration 0020).
    const cases: [string, string, string][] = [
      ['1.00', '100', '1'],
      ['2.99', '299', '1'],
      ['3.00', '300', '2'],
      ['4.99', '499', '2'],
      ['5.00', '500', '3'],
      ['1500.50', '150050', '750'],
      ['9999.99', '999999', '5000'],
    ];
    for (const [amount, minor, fee] of cases) {
      const res = await r.create(c.client, details({ amount }));
      expect(res.json(), amount).toMatchObject({ amount: minor, fee, feeRateBp: 50 });
      expect(BigInt((res.json() as Json).amountReceived as string)).toBe(
        BigInt(minor) - BigInt(fee),
      );
    }
    const gold = await r.sender();
    await r.setPlan(gold.userId, { serviceChargeBp: 250, dailyTransferLimit: '5000000' });
    for (const [amount, fee] of [
      ['1.00', '3'],
      ['1.39', '3'],
      ['1.40', '4'],
      ['1.79', '4'],
      ['1.80', '5'],
    ]) {
      expect((await r.create(gold.client, details({ amount }))).json(), amount).toMatchObject({
        fee,
        feeRateBp: 250,
      });
    }
  });

  it('refuses an amount the charge would eat whole, on a 99.99 % and a 100 % plan', async () => {
    const c = await r.sender();
    await r.setPlan(c.userId, { serviceChargeBp: 9999 });
    // 99.99 % of 1.00 rounds to 1.00: nothing would arrive.
    const small = await r.create(c.client, details({ amount: '1.00' }));
    expect(small.statusCode).toBe(400);
    expect((small.json() as { errors: { path: string; message: string }[] }).errors[0]).toEqual({
      path: 'body.amount',
      message: 'The amount is too small to cover the service charge',
    });
    expect((await r.create(c.client, details({ amount: '100' }))).json()).toMatchObject({
      fee: '9999',
      amountReceived: '1',
    });
    await r.setPlan(c.userId, { serviceChargeBp: 10000 });
    expect((await r.create(c.client, details({ amount: '100' }))).statusCode).toBe(400);
  });

  it('the smallest transfer is 1.00, abroad and inside the bank', async () => {
    await r.ownSwift();
    const c = await r.sender();
    const b = await r.sender(0n);
    const before = await r.transferCount(c.userId);
    for (const body of [
      details({ amount: '0.99' }),
      details({ amount: '0.01' }),
      r.inside(b, { amount: '0.50' }),
    ]) {
      const res = await r.create(c.client, body);
      expect(res.statusCode, body.amount as string).toBe(400);
      expect((res.json() as { errors: { path: string; message: string }[] }).errors[0]).toEqual({
        path: 'body.amount',
        message: 'The smallest transfer is $1.00',
      });
    }
    expect(await r.transferCount(c.userId)).toBe(before);
    expect((await r.create(c.client, r.inside(b, { amount: '1' }))).json()).toMatchObject({
      amount: '100',
      fee: '0',
    });
  });

  it('a transfer inside the bank moves the amount from sender to recipient, no charge (decision 24)', async () => {
    await r.ownSwift();
    const a = await r.sender(100_000n);
    const b = await r.sender(0n);
    const fees = await r.internalBalance('fee_income');
    const clearing = await r.internalBalance('outgoing_transfer_clearing');
    await r.send(a, r.inside(b, { amount: '123.45' }));
    expect(await r.balanceOf(a)).toBe(100_000n - 12_345n);
    expect(await r.balanceOf(b)).toBe(12_345n);
    expect(await r.internalBalance('fee_income')).toBe(fees);
    expect(await r.internalBalance('outgoing_transfer_clearing')).toBe(clearing);
    expect((await checkLedger(suite.database.db)).ok).toBe(true);
  });

  it('a failed transfer gives back exactly what was taken, charge included, and unwinds clearing and fees', async () => {
    const c = await r.sender(1_000_000n);
    const staff = await r.staff();
    const fees = await r.internalBalance('fee_income');
    const clearing = await r.internalBalance('outgoing_transfer_clearing');
    const ids: string[] = [];
    for (const amount of ['1.05', '1.01', '333.33', '1000']) {
      const { id, submit } = await r.send(c, details({ amount, note: `amount ${amount}` }));
      expect(submit.statusCode, submit.body).toBe(200);
      ids.push(id);
    }
    expect(await r.balanceOf(c)).toBe(1_000_000n - 105n - 101n - 33_333n - 100_000n);
    for (const id of ids) {
      const failed = await staff.post(`${STAFF_TRANSFERS}/${id}/fail`, {
        reason: 'Account closed',
      });
      // 1,000.00 is the dual-control threshold: its refund waits for a second person.
      if (id === ids.at(-1)) await r.approvedBySecond(failed);
      else expect(failed.statusCode, failed.body).toBe(200);
    }
    expect(await r.balanceOf(c)).toBe(1_000_000n);
    expect(await r.internalBalance('fee_income')).toBe(fees);
    expect(await r.internalBalance('outgoing_transfer_clearing')).toBe(clearing);
    const history = (await c.client.get('/api/v1/accounts/current/transactions')).json() as {
      items: Json[];
    };
    const refunds = history.items.filter(
      (i) => i.transactionType === 'credit' && i.amount !== '1000000',
    );
    expect(refunds.map((i) => i.amount).sort()).toEqual(['101', '100000', '105', '33333'].sort());
    expect((await checkLedger(suite.database.db)).ok).toBe(true);
  });

  it('the daily limit counts what went inside the bank and abroad, and stops counting what failed', async () => {
    await r.ownSwift();
    const c = await r.sender(1_000_000n);
    const b = await r.sender(0n);
    const staff = await r.staff();
    await r.setPlan(c.userId, { dailyTransferLimit: '100000', stepUpThreshold: '100000' });
    const amountError = (res: { json(): unknown }) =>
      (res.json() as { errors: { path: string; message: string }[] }).errors[0];
    await r.send(c, r.inside(b, { amount: '600' }));
    // Prepared while 4.00 was still left today; the limit meets it again at submission.
    const over = await r.ready(c, details({ amount: '1', note: 'over' }));
    const { id: abroad } = await r.send(c, details({ amount: '400' }));
    // Once the limit is used, the form says so on the amount at once.
    const early = await r.create(c.client, details({ amount: '1', note: 'early' }));
    expect(early.statusCode).toBe(400);
    expect(amountError(early)).toMatchObject({ path: 'body.amount' });
    expect(amountError(early)?.message).toMatch(/you can send up to \$0\.00 more today/);
    const refused = await r.step(c.client, over, 'submit');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ notice: { title: 'Daily limit reached' } });
    expect(await r.entriesWithKey(`transfer:${over}`)).toHaveLength(0);
    await staff.post(`${STAFF_TRANSFERS}/${abroad}/fail`, { reason: 'Account closed' });
    const retry = await r.step(c.client, over, 'submit');
    expect(retry.json()).toMatchObject({ next: 'done' });
    // 600 + 1 sent (the failed 400 no longer counts): 399.00 left.
    const above = await r.create(c.client, details({ amount: '399.01' }));
    expect(above.statusCode).toBe(400);
    expect(amountError(above)?.message).toMatch(/you can send up to \$399\.00 more today/);
    expect((await r.create(c.client, details({ amount: '399' }))).statusCode).toBe(201);
  });

  it('a confirmed transfer above what is left after another one is refused at submit, nothing posted', async () => {
    const c = await r.sender(20_000n);
    await r.send(c, details({ amount: '1' }));
    const a = await r.ready(c, details({ amount: '150', note: 'a' }));
    const b = await r.ready(c, details({ amount: '49.01', note: 'b' }));
    expect((await r.step(c.client, a, 'submit')).json()).toMatchObject({ next: 'done' });
    const res = await r.step(c.client, b, 'submit');
    expect(res.json()).toMatchObject({ notice: { title: 'Insufficient balance' } });
    expect(await r.entriesWithKey(`transfer:${b}`)).toHaveLength(0);
    expect(await r.balanceOf(c)).toBe(20_000n - 100n - 15_000n);
  });

  it('inside the bank the holder must be the account’s, and the recipient’s line reads “Transfer from” the sender', async () => {
    await r.ownSwift();
    const a = await r.sender(100_000n, { firstName: 'Alan' });
    const b = await r.sender(0n, { firstName: 'Barbara' });
    // Fixed finding: the recipient's line was the sender's free text ("Transfer to Cedar Bank
    // Security (Cedar Bank)"), naming no sender. Such a holder name is now refused.
    const spoof = await r.create(
      a.client,
      r.inside(b, { accountHolderName: 'Cedar Bank Security', bank: 'Cedar Bank' }),
    );
    expect(spoof.statusCode).toBe(400);
    expect((spoof.json() as { errors: { path: string }[] }).errors[0]?.path).toBe(
      'body.accountHolderName',
    );
    await r.send(a, r.inside(b, { amount: '20', bank: 'Cedar Bank' }));
    const history = (await b.client.get('/api/v1/accounts/current/transactions')).json() as {
      items: Json[];
    };
    const line = history.items.find((i) => i.transactionType === 'credit');
    expect(line).toMatchObject({ amount: '2000', name: 'Transfer from Alan Vaughan' });
    const mine = (await a.client.get('/api/v1/accounts/current/transactions')).json() as {
      items: Json[];
    };
    expect(String(mine.items.find((i) => i.transactionType === 'debit')?.name)).not.toMatch(
      /Transfer from/,
    );
  });

  it('every transfer is 1.00 at least, free inside the bank, and the recipient’s email does not carry the sender’s note', async () => {
    await r.ownSwift();
    const sender = await r.sender(10_000n);
    const victim = await r.sender(0n, { firstName: 'Victor' });
    // Fixed finding: a few cents paid no charge, so anyone could send free, note-carrying
    // emails from the bank to any customer. Inside the bank nothing is charged (decision 24),
    // so the 1.00 minimum is what each such email costs.
    for (const amount of ['0.01', '0.04', '0.99']) {
      const tiny = await r.create(sender.client, r.inside(victim, { amount, note: 'x' }));
      expect(tiny.statusCode, amount).toBe(400);
      expect((tiny.json() as { errors: { path: string }[] }).errors[0]?.path).toBe('body.amount');
    }
    const lure = 'URGENT Cedar security: your card is blocked, call 555 0100 now';
    await r.send(sender, r.inside(victim, { amount: '1', note: 'hello' }));
    const id = await r.confirmed(sender.client, r.inside(victim, { amount: '1', note: lure }));
    const pin = await sender.client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN });
    expect(pin.json()).toMatchObject({ next: 'ready', transfer: { fee: '0' } });
    expect((await r.step(sender.client, id, 'submit')).json()).toMatchObject({ next: 'done' });
    const mails = await mailTo(suite.app, victim.email);
    expect(mails.filter((m) => m.subject.includes('Money received'))).toHaveLength(2);
    expect(mails.filter((m) => m.text.includes(lure))).toHaveLength(0);
    expect(await r.balanceOf(victim)).toBe(200n);
  });
});
