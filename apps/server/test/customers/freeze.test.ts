import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/ledger/index.js';
import { accrueAll } from '../../src/modules/fixed-deposits/accrual.js';
import { useTestApp } from '../helpers/suite.js';
import { STAFF_FUNDING, fields, proof } from '../funding/setup.js';
import { OWN_SWIFT, PIN, STAFF_TRANSFERS, TRANSFERS, details, newKey } from '../transfers/setup.js';
import { customerHelpers } from './setup.js';

/**
 * What a freeze blocks and what it lets through (decision 21): a debit-blocked customer's
 * transfer, fixed deposit from the balance and upgrade are refused with the notice dialog's
 * words; a payment to a credit-blocked customer is refused before any money leaves the payer; a
 * staff confirmation that would pay a credit-blocked customer is a 409; refunds and maturities
 * of the customer's own money still arrive.
 */

const suite = useTestApp();
const h = customerHelpers(suite);

type Json = Record<string, unknown>;

const ON_HOLD = { code: 'ACCOUNT_ON_HOLD', notice: { title: 'Your account is on hold' } };
const CANNOT_RECEIVE = {
  code: 'TRANSFER_REFUSED',
  notice: {
    title: 'This account cannot receive money',
    body: 'The account you are paying cannot receive money at the moment. Nothing was sent. Please check with the person you are paying.',
  },
};

beforeAll(async () => {
  await h.ownSwift();
});

async function entries() {
  const row = await suite.database.db
    .selectFrom('journal_entries')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A transfer taken up to its last step (PIN, and the code when asked): its id. */
async function readyToSubmit(c: Awaited<ReturnType<typeof h.sender>>, body = details()) {
  const id = await h.confirmed(c.client, body);
  const pin = await c.client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN });
  expect(pin.statusCode, pin.body).toBe(200);
  if ((pin.json() as { next: string }).next === 'code') {
    const code = await c.client.post(`${TRANSFERS}/${id}/code`, { code: await h.codeFor(c.email) });
    expect(code.statusCode, code.body).toBe(200);
  }
  return id;
}

const internal = (to: { accountNumber: string }, amount = '10.00', name = 'Dorothy Vaughan') =>
  details({ swift: OWN_SWIFT, accountNumber: to.accountNumber, accountHolderName: name, amount });

describe('debits blocked', () => {
  it('refuses a transfer at every step with the notice, nothing sent; lets money in', async () => {
    const c = await h.sender(100_000n);
    const ready = await readyToSubmit(c);
    await h.freeze(c.userId, 'debits');
    const before = await entries();

    const create = await h.create(c.client, details());
    expect(create.statusCode).toBe(422);
    expect(create.json()).toMatchObject(ON_HOLD);
    expect((create.json() as { notice: { body: string } }).notice.body).toBe(
      'Payments out of your account are on hold, so this transfer cannot be sent. Nothing has left your account. Please contact us through Help & Support.',
    );
    const submit = await c.client.post(`${TRANSFERS}/${ready}/submit`);
    expect(submit.statusCode).toBe(422);
    expect(submit.json()).toMatchObject(ON_HOLD);
    expect(await h.balanceOf(c)).toBe(100_000n);
    expect(await entries()).toBe(before);
    const row = await suite.database.db
      .selectFrom('transfers')
      .select(['stage', 'entry_id'])
      .where('id', '=', BigInt(ready))
      .executeTakeFirstOrThrow();
    expect(row.entry_id).toBeNull();
    expect(row.stage).not.toBe('submitted');

    // Money in still arrives: debits only are blocked.
    const payer = await h.sender(50_000n, { firstName: 'Paula' });
    const paid = await h.send(payer, internal(c, '20.00'));
    expect(paid.submit.statusCode, paid.submit.body).toBe(200);
    // 20.00 whole: no charge inside the bank (decision 24).
    expect(await h.balanceOf(c)).toBe(102_000n);

    // Unfrozen: the transfer waiting at its last step goes.
    await h.unfreeze(c.userId);
    const after = await c.client.post(`${TRANSFERS}/${ready}/submit`);
    expect(after.statusCode, after.body).toBe(200);
    expect(await h.balanceOf(c)).toBe(92_000n);
  });

  it('refuses a fixed deposit from the balance and an upgrade with the notice', async () => {
    const c = await h.sender(100_000n);
    await h.freeze(c.userId, 'both');
    const plan = await h.fixedDepositPlan({ minAmount: '1000' });
    const fd = await c.client.post('/api/v1/fixed-deposits', {
      plan: plan.id,
      amount: '100.00',
      idempotencyKey: newKey().padEnd(16, 'x'),
      pin: PIN,
    });
    expect(fd.statusCode).toBe(422);
    expect(fd.json()).toMatchObject({
      ...ON_HOLD,
      notice: {
        body: 'Payments out of your account are on hold, so a fixed deposit cannot be opened from your balance. Nothing has left your account. Please contact us through Help & Support.',
      },
    });
    expect(await h.balanceOf(c)).toBe(100_000n);
    const deposits = await suite.database.db
      .selectFrom('fixed_deposits')
      .select('id')
      .where('user_id', '=', c.userId)
      .execute();
    expect(deposits).toEqual([]);

    const coin = await h.cryptoType();
    const gold = await h.accountPlan();
    const requestsBefore = (await h.footprint()).requests;
    const upgrade = await h.sendForm(c.client, 'upgrades', [
      ...fields({ type: coin.id, amount: '50.00', plan: gold.id }),
      await proof(),
    ]);
    expect(upgrade.statusCode).toBe(422);
    expect(upgrade.json()).toMatchObject({
      ...ON_HOLD,
      notice: {
        body: 'Payments out of your account are on hold, so your plan cannot be upgraded now. Please contact us through Help & Support.',
      },
    });
    expect((await h.footprint()).requests).toBe(requestsBefore);
  });

  it('refuses to confirm an upgrade asked for before the freeze (409); decline still works', async () => {
    const c = await h.sender(0n);
    const coin = await h.cryptoType();
    const gold = await h.accountPlan();
    const request = await h.submit(c.client, 'upgrades', [
      ...fields({ type: coin.id, amount: '50.00', plan: gold.id }),
      await proof(),
    ]);
    await h.freeze(c.userId, 'debits', 'legal_order');
    const staff = await h.manager();
    const confirm = await staff.post(`${STAFF_FUNDING}/requests/${request.id}/confirm`, {
      receivedAmount: '5000',
    });
    expect(confirm.statusCode).toBe(409);
    expect((confirm.json() as { detail: string }).detail).toMatch(/^Debits on this customer/);
    const decline = await staff.post(`${STAFF_FUNDING}/requests/${request.id}/decline`, {
      reason: 'We cannot change your plan at the moment.',
    });
    expect(decline.statusCode, decline.body).toBe(200);
  });
});

describe('credits blocked', () => {
  it('refuses a payment to the account before any money leaves the payer', async () => {
    const frozen = await h.sender(0n, { firstName: 'Frida' });
    const payer = await h.sender(100_000n, { firstName: 'Paul' });
    // Prepared while the recipient could still receive, submitted after the freeze.
    const ready = await readyToSubmit(payer, internal(frozen, '30.00', 'Frida Vaughan'));
    await h.freeze(frozen.userId, 'credits');
    const before = await entries();

    const submit = await payer.client.post(`${TRANSFERS}/${ready}/submit`);
    expect(submit.statusCode).toBe(422);
    expect(submit.json()).toMatchObject(CANNOT_RECEIVE);
    expect(submit.body).not.toMatch(/frozen|freeze|fraud/i);
    // A new transfer to them is refused at its first step.
    const create = await h.create(payer.client, internal(frozen, '30.00', 'Frida Vaughan'));
    expect(create.statusCode).toBe(422);
    expect(create.json()).toMatchObject(CANNOT_RECEIVE);

    expect(await h.balanceOf(payer)).toBe(100_000n);
    expect(await h.balanceOf(frozen)).toBe(0n);
    expect(await entries()).toBe(before);
    const row = await suite.database.db
      .selectFrom('transfers')
      .select(['stage', 'entry_id'])
      .where('id', '=', BigInt(ready))
      .executeTakeFirstOrThrow();
    expect(row.entry_id).toBeNull();
    expect(await h.noticesOf(payer.userId)).not.toContainEqual(
      expect.objectContaining({ kind: 'transfer.sent' }),
    );
    expect((await checkLedger(suite.database.db)).ok).toBe(true);

    await h.unfreeze(frozen.userId);
    const after = await payer.client.post(`${TRANSFERS}/${ready}/submit`);
    expect(after.statusCode, after.body).toBe(200);
    expect(await h.balanceOf(frozen)).toBe(3_000n);
  });

  it('lets a credit-blocked customer send money out', async () => {
    const c = await h.sender(50_000n);
    await h.freeze(c.userId, 'credits');
    const { submit } = await h.send(c, details({ amount: '10.00' }));
    expect(submit.statusCode, submit.body).toBe(200);
    expect(await h.balanceOf(c)).toBe(49_000n);
  });

  it('refuses to confirm a crypto deposit or crypto fixed deposit (409), takes a payment', async () => {
    const c = await h.sender(0n);
    const coin = await h.cryptoType();
    const plan = await h.fixedDepositPlan({ minAmount: '1000' });
    const purpose = await h.purpose();
    const deposit = await h.submit(c.client, 'deposits', [
      ...fields({ type: coin.id, amount: '40.00' }),
      await proof(),
    ]);
    const fd = await h.submit(c.client, 'fixed-deposits', [
      ...fields({ type: coin.id, amount: '40.00', plan: plan.id }),
      await proof('fixedDepositPic'),
    ]);
    const payment = await h.submit(c.client, 'payments', [
      ...fields({ type: coin.id, amount: '15.00', purpose: purpose.id }),
      await proof(),
    ]);
    await h.freeze(c.userId, 'credits', 'sanctions_review');
    const staff = await h.manager();
    const before = await entries();
    for (const request of [deposit, fd]) {
      const res = await staff.post(`${STAFF_FUNDING}/requests/${request.id}/confirm`, {
        receivedAmount: '4000',
      });
      expect(res.statusCode).toBe(409);
      expect((res.json() as { detail: string }).detail).toBe(
        "Credits to this customer's account are blocked by a freeze (see the customer's page), so this cannot be confirmed. Decline the request (the money goes back outside the app), or leave it pending until the freeze is lifted.",
      );
      const status = await suite.database.db
        .selectFrom('funding_requests')
        .select('status')
        .where('id', '=', BigInt(request.id))
        .executeTakeFirstOrThrow();
      expect(status.status).toBe('pending');
    }
    expect(await entries()).toBe(before);
    expect(await h.balanceOf(c)).toBe(0n);
    // A payment to the bank moves none of the customer's money.
    const paid = await staff.post(`${STAFF_FUNDING}/requests/${payment.id}/confirm`, {
      receivedAmount: '1500',
    });
    expect(paid.statusCode, paid.body).toBe(200);

    await h.unfreeze(c.userId);
    const confirmed = await staff.post(`${STAFF_FUNDING}/requests/${deposit.id}/confirm`, {
      receivedAmount: '4000',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await h.balanceOf(c)).toBe(4_000n);
  });
});

describe('what a freeze lets through', () => {
  it("refunds a failed transfer and pays out a matured fixed deposit into the customer's own account", async () => {
    const c = await h.sender(100_000n);
    const { id, submit } = await h.send(c, details({ amount: '100.00' }));
    expect(submit.statusCode, submit.body).toBe(200);
    const plan = await h.fixedDepositPlan({ minAmount: '1000', termCount: 30, termUnit: 'days' });
    const fd = await c.client.post('/api/v1/fixed-deposits', {
      plan: plan.id,
      amount: '200.00',
      idempotencyKey: newKey().padEnd(16, 'x'),
      pin: PIN,
    });
    expect(fd.statusCode, fd.body).toBe(201);
    expect(await h.balanceOf(c)).toBe(70_000n);
    await h.freeze(c.userId, 'both', 'legal_order');

    // The bank could not send it: the refund comes back to the frozen account.
    const failed = await (
      await h.manager()
    ).post(`${STAFF_TRANSFERS}/${id}/fail`, { reason: 'The receiving bank returned it.' });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(await h.balanceOf(c)).toBe(80_000n);

    // Thirty-one days later the deposit matures into the current account.
    await sql`
      update fixed_deposits set start_date = start_date - 31, maturity_date = maturity_date - 31
      where id = ${BigInt((fd.json() as Json).id as string)}`.execute(suite.database.db);
    await accrueAll(suite.app.deps);
    const deposit = await suite.database.db
      .selectFrom('fixed_deposits')
      .select('status')
      .where('user_id', '=', c.userId)
      .executeTakeFirstOrThrow();
    expect(deposit.status).toBe('matured');
    expect(await h.balanceOf(c)).toBeGreaterThan(100_000n);
    expect((await checkLedger(suite.database.db)).ok).toBe(true);
  });
});
