import { PIN_LOCK_MS } from '@bank/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../helpers/app.js';
import { mailTo } from '../helpers/mail.js';
import { useTestApp } from '../helpers/suite.js';
import { PIN, TRANSFERS, details, transferHelpers } from './setup.js';

/**
 * The guards around a transfer: PIN and code guessing, the daily limit, a restriction, a plan
 * change after confirming, an abandoned flow, a region switched off. Staff are signed in before
 * the clock moves.
 */

const clock = testClock();
const suite = useTestApp({ clock });
const t = transferHelpers(suite);

type Json = Record<string, unknown>;

// Staff sign in with an authenticator code of the real time: before the clock moves.
beforeAll(async () => {
  await t.staff();
});

async function kinds(userId: bigint) {
  const rows = await suite.database.db
    .selectFrom('notifications')
    .select('kind')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.kind);
}

describe('transfer guards', () => {
  it('a 6th PIN guess is refused even when right; the rest ends; the customer was told', async () => {
    const c = await t.sender();
    const id = await t.confirmed(c.client, details());
    for (let i = 1; i <= 5; i++) {
      const wrong = await c.client.post(`${TRANSFERS}/${id}/pin`, { pin: '1357' });
      expect(wrong.statusCode).toBe(i < 5 ? 422 : 423);
    }
    const right = await c.client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN });
    expect(right.statusCode).toBe(423);
    expect(right.json()).toMatchObject({ code: 'PIN_LOCKED' });
    expect(await kinds(c.userId)).toContain('pin.locked');
    expect((await mailTo(suite.app, c.email)).map((m) => m.subject)).toContain(
      'Transaction PIN paused',
    );
    clock.advance(PIN_LOCK_MS + 1_000);
    // The flow itself expired meanwhile (30 minutes): a new one takes the right PIN.
    expect((await c.client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN })).json()).toMatchObject({
      notice: { title: 'Transfer expired' },
    });
    const fresh = await t.confirmed(c.client, details());
    expect((await c.client.post(`${TRANSFERS}/${fresh}/pin`, { pin: PIN })).statusCode).toBe(200);
  });

  it('a 6th code guess is refused even when right; a new code works; the customer was told', async () => {
    const c = await t.sender();
    const id = await t.confirmed(c.client, details());
    expect((await c.client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN })).json()).toMatchObject({
      next: 'code',
    });
    const code = await t.codeFor(c.email);
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i++) {
      expect((await c.client.post(`${TRANSFERS}/${id}/code`, { code: wrong })).statusCode).toBe(
        422,
      );
    }
    const right = await c.client.post(`${TRANSFERS}/${id}/code`, { code });
    expect(right.statusCode).toBe(422);
    expect(await kinds(c.userId)).toContain('transfer.code_locked');
    // A resend waits a minute, then a new code works.
    expect((await c.client.post(`${TRANSFERS}/${id}/code/resend`)).statusCode).toBe(429);
    clock.advance(61_000);
    const resend = await c.client.post(`${TRANSFERS}/${id}/code/resend`);
    expect(resend.json()).toMatchObject({ next: 'code' });
    const ok = await c.client.post(`${TRANSFERS}/${id}/code`, { code: await t.codeFor(c.email) });
    expect(ok.json()).toMatchObject({ next: 'ready' });
    expect((await c.client.post(`${TRANSFERS}/${id}/submit`)).json()).toMatchObject({
      next: 'done',
    });
  });

  it('keeps to the plan’s daily limit, counting what was sent today and not what failed', async () => {
    // Basic: 10,000.00 a day. Above what is left, the form says so on the amount.
    const c = await t.sender(5_000_000n);
    // Two transfers prepared while nothing was sent yet: the second meets the limit at submission.
    const first = await t.confirmed(c.client, details({ amount: '6000' }));
    const second = await t.confirmed(c.client, details({ amount: '4000.01' }));
    for (const id of [first, second]) {
      const pin = await c.client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN });
      expect(pin.json()).toMatchObject({ next: 'code' });
      await c.client.post(`${TRANSFERS}/${id}/code`, { code: await t.codeFor(c.email) });
    }
    expect((await c.client.post(`${TRANSFERS}/${first}/submit`)).statusCode).toBe(200);
    const over = await c.client.post(`${TRANSFERS}/${second}/submit`);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      code: 'TRANSFER_REFUSED',
      notice: { title: 'Daily limit reached' },
    });
    expect((over.json() as Json).detail).toMatch(/up to \$4,000\.00 more/);
    const early = await t.create(c.client, details({ amount: '4000.01' }));
    expect(early.statusCode).toBe(400);
    expect(JSON.stringify(early.json())).toMatch(/up to \$4,000\.00 more today/);
    expect((await t.send(c, details({ amount: '4000' }))).submit.statusCode).toBe(200);
  });

  it('refuses a restricted customer with the restriction as the notice', async () => {
    const c = await t.sender();
    const id = await t.confirmed(c.client, details({ amount: '10' }));
    await c.client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN });
    await c.client.post(`${TRANSFERS}/${id}/code`, { code: await t.codeFor(c.email) });
    await suite.database.db
      .updateTable('users')
      .set({ restriction_head: 'Account on hold', restriction_body: 'Please call us.' })
      .where('id', '=', c.userId)
      .execute();
    const res = await c.client.post(`${TRANSFERS}/${id}/submit`);
    expect(res.json()).toMatchObject({
      code: 'TRANSFER_REFUSED',
      notice: { title: 'Account on hold', body: 'Please call us.' },
    });
    expect(await t.balanceOf(c)).toBe(1_000_000n);
  });

  it('asks to confirm again when the plan’s charge changed after confirming', async () => {
    const c = await t.sender();
    const id = await t.confirmed(c.client, details({ amount: '100' }));
    await c.client.post(`${TRANSFERS}/${id}/pin`, { pin: PIN });
    await c.client.post(`${TRANSFERS}/${id}/code`, { code: await t.codeFor(c.email) });
    const plan = await t.accountPlan({ serviceChargeBp: 100 });
    await suite.database.db
      .updateTable('users')
      .set({ plan_id: BigInt(plan.id) })
      .where('id', '=', c.userId)
      .execute();
    const res = await c.client.post(`${TRANSFERS}/${id}/submit`);
    expect(res.json()).toMatchObject({ notice: { title: 'Your service charge changed' } });
    expect((await c.client.get(`${TRANSFERS}/${id}`)).json()).toMatchObject({
      stage: 'draft',
      fee: '100',
      amountReceived: '9900',
    });
  });

  it('refuses, with the region notice, where staff switched bank transfers off', async () => {
    const c = await t.sender();
    const id = await t.confirmed(c.client, details({ amount: '10' }));
    await suite.database.db
      .insertInto('customer_profiles')
      .values({ user_id: c.userId, country: 'NG' })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ country: 'NG' }))
      .execute();
    const admin = await t.staff();
    const path = '/api/v1/staff/catalog/availability/bank_transfer';
    const off = await admin.post(path, { unavailableCountries: ['NG'] });
    expect(off.statusCode, off.body).toBe(200);
    try {
      for (const res of [
        await t.create(c.client, details()),
        await c.client.post(`${TRANSFERS}/${id}/confirm`),
      ]) {
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({ notice: { title: 'Not available' } });
      }
    } finally {
      await admin.post(path, { unavailableCountries: [] });
    }
  });
});
