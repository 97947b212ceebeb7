import { PIN_CREATED, PIN_MISMATCH } from '@bank/contract';
import { describe, expect, it } from 'vitest';
import { testClock } from '../helpers/app.js';
import { CUSTOMER_PASSWORD, signedInCustomer } from '../helpers/customers.js';
import { mailTo } from '../helpers/mail.js';
import { useTestApp } from '../helpers/suite.js';

const clock = testClock(new Date('2026-11-20T10:00:00Z'));
const suite = useTestApp({ clock });

async function customer() {
  return signedInCustomer(suite.app, suite.database, { kycStatus: 'approved' });
}

async function notificationKinds(userId: bigint) {
  const rows = await suite.database.db
    .selectFrom('notifications')
    .select('kind')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.kind);
}

describe('the transaction PIN', () => {
  it('is created once, stored only as a keyed hash, and announced in the app and by email', async () => {
    const c = await customer();
    expect((await c.client.get('/api/v1/pin')).json()).toEqual({
      hasPin: false,
      lockedUntil: null,
    });

    const mismatch = await c.client.post('/api/v1/pin', { pin: '2468', confirmPin: '2469' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual([{ path: 'body.confirmPin', message: PIN_MISMATCH }]);
    for (const pin of ['', '123', '12345', 'abcd', '12 4', '١٢٣٤']) {
      expect((await c.client.post('/api/v1/pin', { pin, confirmPin: pin })).statusCode).toBe(400);
    }

    const created = await c.client.post('/api/v1/pin', { pin: '2468', confirmPin: '2468' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ message: PIN_CREATED });
    const again = await c.client.post('/api/v1/pin', { pin: '1357', confirmPin: '1357' });
    expect(again.statusCode).toBe(409);

    const row = await suite.database.db
      .selectFrom('transaction_pins')
      .selectAll()
      .where('user_id', '=', c.userId)
      .executeTakeFirstOrThrow();
    expect(row.pin_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain('2468');
    expect((await c.client.get('/api/v1/pin')).json()).toEqual({ hasPin: true, lockedUntil: null });
    expect(await notificationKinds(c.userId)).toEqual(['pin.created']);
    const [mail] = await mailTo(suite.app, c.email);
    expect(mail?.subject).toBe('Transaction PIN created');
  });

  it('refuses a new PIN equal to the current one, before any PIN check, and changes nothing', async () => {
    const c = await customer();
    await c.client.post('/api/v1/pin', { pin: '2468', confirmPin: '2468' });
    const same = await c.client.post('/api/v1/pin/change', {
      currentPin: '2468',
      newPin: '2468',
      confirmPin: '2468',
    });
    expect(same.statusCode).toBe(400);
    expect(JSON.stringify(same.json().errors)).toContain('differs from your current one');
    expect(await notificationKinds(c.userId)).toEqual(['pin.created']);
  });

  it('rests after five wrong PINs in a row: the right PIN is refused too, until 30 minutes pass', async () => {
    const c = await customer();
    await c.client.post('/api/v1/pin', { pin: '2468', confirmPin: '2468' });
    const change = (currentPin: string, newPin = '1357') =>
      c.client.post('/api/v1/pin/change', { currentPin, newPin, confirmPin: newPin });

    for (let i = 1; i <= 4; i++) {
      const wrong = await change('0000');
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().detail).toContain(`${5 - i} ${i === 4 ? 'try' : 'tries'} left`);
    }
    const fifth = await change('0000');
    expect(fifth.statusCode).toBe(423);
    const sixth = await change('2468');
    expect(sixth.statusCode).toBe(423);
    expect(sixth.json().detail).toMatch(/paused for 30 more minutes/);
    expect((await c.client.get('/api/v1/pin')).json().lockedUntil).toBe(
      new Date(clock.now().getTime() + 30 * 60_000).toISOString(),
    );
    expect(await notificationKinds(c.userId)).toEqual(['pin.created', 'pin.locked']);
    const subjects = (await mailTo(suite.app, c.email)).map((m) => m.subject);
    expect(subjects).toContain('Transaction PIN paused');
    const audit = await suite.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', String(c.userId))
      .where('action', 'like', 'security.pin%')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      ...Array(4).fill('security.pin_failed'),
      'security.pin_locked',
    ]);

    clock.advance(30 * 60_000 + 1);
    const afterRest = await change('2468');
    expect(afterRest.statusCode).toBe(200);
    expect(await notificationKinds(c.userId)).toContain('pin.changed');
    // The new PIN works and the count starts again.
    expect((await change('1357', '9753')).statusCode).toBe(200);
  });

  it('counts wrong PINs sent at once one by one: never more than five are judged', async () => {
    const c = await customer();
    await c.client.post('/api/v1/pin', { pin: '2468', confirmPin: '2468' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        c.client.post('/api/v1/pin/change', {
          currentPin: '0000',
          newPin: '5050',
          confirmPin: '5050',
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((s) => s === 422)).toHaveLength(4);
    expect(codes.filter((s) => s === 423)).toHaveLength(16);
    const failed = await suite.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', String(c.userId))
      .where('action', 'in', ['security.pin_failed', 'security.pin_locked'])
      .execute();
    expect(failed).toHaveLength(5);
  });

  it('resets a forgotten PIN with the password and an emailed code, lifting a rest', async () => {
    const c = await customer();
    await c.client.post('/api/v1/pin', { pin: '2468', confirmPin: '2468' });
    for (let i = 0; i < 5; i++) {
      await c.client.post('/api/v1/pin/change', {
        currentPin: '0000',
        newPin: '5050',
        confirmPin: '5050',
      });
    }
    const wrongPassword = await c.client.post('/api/v1/pin/reset/start', { password: 'nope' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().errors[0].path).toBe('body.password');

    const start = await c.client.post('/api/v1/pin/reset/start', { password: CUSTOMER_PASSWORD });
    expect(start.statusCode).toBe(200);
    const mail = (await mailTo(suite.app, c.email)).find((m) => /PIN reset code/.test(m.subject));
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    expect(code).toBeDefined();

    const wrongCode = await c.client.post('/api/v1/pin/reset', {
      code: code === '000000' ? '111111' : '000000',
      newPin: '8642',
      confirmPin: '8642',
    });
    expect(wrongCode.statusCode).toBe(422);
    const reset = await c.client.post('/api/v1/pin/reset', {
      code,
      newPin: '8642',
      confirmPin: '8642',
    });
    expect(reset.statusCode).toBe(200);
    expect((await c.client.get('/api/v1/pin')).json()).toEqual({ hasPin: true, lockedUntil: null });
    // The code works once.
    const replay = await c.client.post('/api/v1/pin/reset', {
      code,
      newPin: '1212',
      confirmPin: '1212',
    });
    expect(replay.statusCode).toBe(422);
    const change = await c.client.post('/api/v1/pin/change', {
      currentPin: '8642',
      newPin: '1357',
      confirmPin: '1357',
    });
    expect(change.statusCode).toBe(200);
  });

  it('belongs to its owner only: another customer cannot use or see it', async () => {
    const a = await customer();
    const b = await customer();
    await a.client.post('/api/v1/pin', { pin: '2468', confirmPin: '2468' });
    expect((await b.client.get('/api/v1/pin')).json().hasPin).toBe(false);
    const bChange = await b.client.post('/api/v1/pin/change', {
      currentPin: '2468',
      newPin: '1357',
      confirmPin: '1357',
    });
    expect(bChange.statusCode).toBe(409);
  });
});
