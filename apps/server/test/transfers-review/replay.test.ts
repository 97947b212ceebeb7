/**
 * Security review of bank transfers (decision 0019): replays (steps, codes, expiry), state
 * integrity and the evidence a submitted transfer leaves. Regression tests, including of the
 * review's findings, all fixed.
 */
import { TRANSFER_FLOW_TTL_MS } from '@bank/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/ledger/index.js';
import { testClock } from '../helpers/app.js';
import { mailTo } from '../helpers/mail.js';
import { useTestApp } from '../helpers/suite.js';
import { PIN, TRANSFERS, details } from '../transfers/setup.js';
import { reviewHelpers, type Json } from './review-setup.js';

const clock = testClock();
const suite = useTestApp({ clock });
const r = reviewHelpers(suite);

// Staff sign in with an authenticator code of the real time: before the clock moves.
beforeAll(async () => {
  await r.staff();
});

const MINUTE = 60_000;

describe('transfer review: replays', () => {
  it('a replayed step is refused without cost, and a replayed submit posts nothing', async () => {
    const c = await r.sender();
    const { id } = await r.pinned(c, details({ amount: '25' }));
    const again = await r.step(c.client, id, 'pin', { pin: PIN });
    expect(again.statusCode).toBe(409);
    const wrongAgain = await r.step(c.client, id, 'pin', { pin: '0000' });
    expect(wrongAgain.statusCode).toBe(409);
    expect((await r.pinRow(c.userId)).failures).toBe(0);
    expect((await r.step(c.client, id, 'confirm')).statusCode).toBe(409);
    const code = await r.codeFor(c.email);
    expect((await r.step(c.client, id, 'code', { code })).statusCode).toBe(200);
    expect((await r.step(c.client, id, 'code', { code })).statusCode).toBe(409);
    expect((await r.step(c.client, id, 'code/resend')).statusCode).toBe(409);
    const first = await r.step(c.client, id, 'submit');
    const second = await r.step(c.client, id, 'submit');
    expect([first.json(), second.json()]).toMatchObject([{ next: 'done' }, { next: 'done' }]);
    expect(await r.entriesWithKey(`transfer:${id}`)).toHaveLength(1);
    expect((await c.client.put(`${TRANSFERS}/${id}`, details())).statusCode).toBe(409);
    expect(await r.balanceOf(c)).toBe(1_000_000n - 2_500n);
  });

  it('a code is good for its own transfer only: another transfer’s, a replaced one and one from before an edit are refused', async () => {
    const c = await r.sender();
    const one = await r.pinned(c, details({ amount: '11' }));
    const codeOne = await r.codeFor(c.email);
    const two = await r.pinned(c, details({ amount: '12', note: 'two' }));
    const codeTwo = await r.codeFor(c.email);
    // Transfer two's code offered for transfer one: refused, and spent.
    expect((await r.step(c.client, one.id, 'code', { code: codeTwo })).statusCode).toBe(422);
    expect((await r.step(c.client, two.id, 'code', { code: codeTwo })).statusCode).toBe(422);
    // One's own code was replaced when two's was sent.
    expect((await r.step(c.client, one.id, 'code', { code: codeOne })).statusCode).toBe(422);
    expect(await r.liveCodes(c.userId)).toHaveLength(0);

    // An edit (even to the same details) voids the code; the new round's code works.
    const three = await r.pinned(c, details({ amount: '13', note: 'three' }));
    const before = await r.codeFor(c.email);
    const edit = await c.client.put(
      `${TRANSFERS}/${three.id}`,
      details({ amount: '13', note: 'three' }),
    );
    expect(edit.json()).toMatchObject({ stage: 'draft' });
    expect((await r.step(c.client, three.id, 'code', { code: before })).statusCode).toBe(409);
    await r.step(c.client, three.id, 'confirm');
    await r.step(c.client, three.id, 'pin', { pin: PIN });
    const after = await r.codeFor(c.email);
    if (after !== before) {
      expect((await r.step(c.client, three.id, 'code', { code: before })).statusCode).toBe(422);
      // The wrong try is counted but does not spend the code.
    }
    expect((await r.step(c.client, three.id, 'code', { code: after })).statusCode).toBe(200);
    expect((await r.step(c.client, three.id, 'submit')).json()).toMatchObject({ next: 'done' });
    for (const t of [one, two]) {
      expect((await r.step(c.client, t.id, 'submit')).statusCode).toBe(409);
    }
    expect(await r.balanceOf(c)).toBe(1_000_000n - 1_300n);
  });

  it('a code older than 10 minutes is refused', async () => {
    const c = await r.sender();
    const { id } = await r.pinned(c, details({ amount: '14' }));
    const code = await r.codeFor(c.email);
    clock.advance(10 * MINUTE + 1_000);
    expect((await r.step(c.client, id, 'code', { code })).statusCode).toBe(422);
    expect((await r.step(c.client, id, 'submit')).statusCode).toBe(409);
  });

  it('ten wrong codes in a day pause codes, across resends: the right code and a resend are refused', async () => {
    const c = await r.sender();
    const { id } = await r.pinned(c, details({ amount: '15' }));
    let code = await r.codeFor(c.email);
    const wrong = () => (code === '0000' ? '1111' : '0000');
    for (let i = 0; i < 5; i++) await r.step(c.client, id, 'code', { code: wrong() });
    clock.advance(61_000);
    expect((await r.step(c.client, id, 'code/resend')).json()).toMatchObject({ next: 'code' });
    code = await r.codeFor(c.email);
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) {
      answers.push((await r.step(c.client, id, 'code', { code: wrong() })).statusCode);
    }
    expect(answers.at(-1)).toBe(429);
    expect((await r.step(c.client, id, 'code', { code })).statusCode).toBe(429);
    clock.advance(61_000);
    expect((await r.step(c.client, id, 'code/resend')).statusCode).toBe(429);
    expect((await r.step(c.client, id, 'submit')).statusCode).toBe(409);
  });
});

describe('transfer review: expiry', () => {
  it('a transfer with its code entered cannot be submitted 30 minutes after its last step', async () => {
    const c = await r.sender();
    const id = await r.ready(c, details({ amount: '16' }));
    clock.advance(TRANSFER_FLOW_TTL_MS);
    const res = await r.step(c.client, id, 'submit');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ notice: { title: 'Transfer expired' } });
    expect(await r.entriesWithKey(`transfer:${id}`)).toHaveLength(0);
    expect(await r.balanceOf(c)).toBe(1_000_000n);
  });

  it('repeating a confirm or asking for a new code does not push the expiry back', async () => {
    const c = await r.sender();
    const id = await r.confirmed(c.client, details({ amount: '17' }));
    const first = (await c.client.get(`${TRANSFERS}/${id}`)).json() as Json;
    clock.advance(20 * MINUTE);
    const again = await r.step(c.client, id, 'confirm');
    expect((again.json() as Json).expiresAt).toBe(first.expiresAt);
    clock.advance(10 * MINUTE);
    expect((await r.step(c.client, id, 'pin', { pin: PIN })).json()).toMatchObject({
      notice: { title: 'Transfer expired' },
    });

    const { id: other } = await r.pinned(c, details({ amount: '18' }));
    const pinned = (await c.client.get(`${TRANSFERS}/${other}`)).json() as Json;
    clock.advance(20 * MINUTE);
    const resend = await r.step(c.client, other, 'code/resend');
    expect((resend.json() as { transfer: Json }).transfer.expiresAt).toBe(pinned.expiresAt);
    clock.advance(10 * MINUTE);
    const code = await r.codeFor(c.email);
    expect((await r.step(c.client, other, 'code', { code })).json()).toMatchObject({
      notice: { title: 'Transfer expired' },
    });
    expect((await r.pinRow(c.userId)).failures).toBe(0);
  });
});

describe('transfer review: state integrity', () => {
  it('submit asks for the code when another transfer since the PIN step made it needed', async () => {
    const c = await r.sender(5_000_000n);
    expect((await r.send(c, details({ amount: '10' }))).submit.json()).toMatchObject({
      next: 'done',
    });
    // Basic plan: the code from 1,000.00 a day. 600 + 500 + the 10 already sent is above it.
    const a = await r.pinned(c, details({ amount: '600' }));
    const b = await r.pinned(c, details({ amount: '500', note: 'b' }));
    expect([a.step.next, b.step.next]).toEqual(['ready', 'ready']);
    expect((await r.step(c.client, a.id, 'submit')).json()).toMatchObject({ next: 'done' });
    const res = await r.step(c.client, b.id, 'submit');
    expect(res.json()).toMatchObject({ next: 'code' });
    expect((await r.row(b.id)).needs_code).toBe(true);
    expect((await r.step(c.client, b.id, 'submit')).statusCode).toBe(409);
    const code = await r.codeFor(c.email);
    expect((await r.step(c.client, b.id, 'code', { code })).statusCode).toBe(200);
    expect((await r.step(c.client, b.id, 'submit')).json()).toMatchObject({ next: 'done' });
    expect((await checkLedger(suite.database.db)).ok).toBe(true);
  });

  it('the database refuses a code-verified stage without a code, and a submitted row without its entry', async () => {
    const c = await r.sender();
    const id = await r.confirmed(c.client, details({ amount: '19' }));
    const db = suite.database.db;
    await expect(
      db
        .updateTable('transfers')
        .set({ stage: 'code_verified' })
        .where('id', '=', BigInt(id))
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .updateTable('transfers')
        .set({ stage: 'submitted', status: 'in_progress', submitted_at: new Date() })
        .where('id', '=', BigInt(id))
        .execute(),
    ).rejects.toThrow();
    await expect(
      db.updateTable('transfers').set({ fee: 1_900n }).where('id', '=', BigInt(id)).execute(),
    ).rejects.toThrow();
  });

  it('a submitted transfer keeps the evidence of its PIN and code, and the database refuses one without it', async () => {
    const c = await r.sender();
    const db = suite.database.db;
    // Fixed finding: the row kept only needs_code, and the code row was not linked.
    await r.send(c, details({ amount: '10', note: 'first' }));
    // A PIN-only transfer (a beneficiary paid before, under the threshold): the PIN, no code.
    const { id: pinOnly } = await r.send(c, details({ amount: '10', note: 'pin only' }));
    const { id, submit } = await r.send(c, details({ amount: '1500' }));
    expect(submit.json()).toMatchObject({ next: 'done' });
    const row = await r.row(id);
    expect(row).toMatchObject({ stage: 'submitted', needs_code: true });
    expect(row.pin_verified_at).toBeInstanceOf(Date);
    expect(row.code_verified_at).toBeInstanceOf(Date);
    expect(row.code_id).not.toBeNull();
    const code = await db
      .selectFrom('one_time_codes')
      .select(['user_id', 'purpose', 'consumed_at'])
      .where('id', '=', row.code_id as bigint)
      .executeTakeFirstOrThrow();
    expect(code).toMatchObject({ user_id: c.userId, purpose: 'transfer_authorization' });
    expect(code.consumed_at).not.toBeNull();
    expect(await r.row(pinOnly)).toMatchObject({
      stage: 'submitted',
      needs_code: false,
      code_verified_at: null,
      code_id: null,
    });
    expect((await r.row(pinOnly)).pin_verified_at).toBeInstanceOf(Date);
    // transfers_authorized: no submitted row without its PIN, nor without its code when needed.
    for (const [target, change] of [
      [id, { pin_verified_at: null }],
      [id, { code_verified_at: null, code_id: null }],
      [pinOnly, { pin_verified_at: null }],
    ] as const) {
      await expect(
        db.updateTable('transfers').set(change).where('id', '=', BigInt(target)).execute(),
      ).rejects.toThrow();
    }
    // transfers_code_evidence: a code time and a code id go together.
    await expect(
      db.updateTable('transfers').set({ code_id: null }).where('id', '=', BigInt(id)).execute(),
    ).rejects.toThrow();
    // An edit starts over: the evidence of the earlier round is cleared.
    const { id: edited } = await r.pinned(c, details({ amount: '1200', note: 'edited' }));
    await r.step(c.client, edited, 'code', { code: await r.codeFor(c.email) });
    expect((await r.row(edited)).code_id).not.toBeNull();
    expect(
      (await c.client.put(`${TRANSFERS}/${edited}`, details({ amount: '1201', note: 'edited' })))
        .statusCode,
    ).toBe(200);
    expect(await r.row(edited)).toMatchObject({
      stage: 'draft',
      pin_verified_at: null,
      code_verified_at: null,
      code_id: null,
    });
  });

  it('the authorization email names where the money goes (the account and SWIFT the code is bound to), not only the names typed', async () => {
    await r.ownSwift();
    const c = await r.sender(5_000_000n);
    const b = await r.sender(0n);
    const codeMail = async () => {
      const mail = (await mailTo(suite.app, c.email)).find((m) =>
        m.subject.includes('transfer authorization code'),
      );
      return (mail?.text ?? '').replaceAll(await r.codeFor(c.email), '');
    };
    const { step } = await r.pinned(
      c,
      details({
        swift: 'NWBKGB2L',
        accountNumber: 'GB29 NWBK 6016 1331 9268 19',
        accountHolderName: 'My Landlord',
        bank: 'Deutsche Bank',
        amount: '1500',
      }),
    );
    expect(step.next).toBe('code');
    const abroad = await codeMail();
    expect(abroad).toContain('My Landlord');
    // 287a262 passes the destination ("account ••6819 at NWBKGB2L", "Cedar Bank account
    // ••1234") to the email template, but the template does not show it yet: what the customer
    // authorizes must show where the money goes, as the code is bound to it.
    expect(abroad).toContain('account ••6819 at NWBKGB2L');
    const inside = await r.pinned(c, r.inside(b, { amount: '1500', note: 'inside' }));
    expect(inside.step.next).toBe('code');
    expect(await codeMail()).toContain(`Cedar Bank account ••${b.accountNumber.slice(-4)}`);
  });
});
