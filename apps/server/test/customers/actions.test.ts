import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_PASSWORD } from '../helpers/customers.js';
import { TestClient } from '../helpers/http.js';
import { mailTo } from '../helpers/mail.js';
import { useTestApp } from '../helpers/suite.js';
import { PIN } from '../transfers/setup.js';
import { CUSTOMERS, customerHelpers } from './setup.js';

/**
 * The actions on a customer (decision 21): each with a reason, audited with before and after,
 * told to the customer where it concerns them; bad input refused with nothing written.
 */

const suite = useTestApp();
const h = customerHelpers(suite);

type Json = Record<string, unknown>;

async function signIn(email: string) {
  const client = new TestClient(suite.app);
  const res = await client.post('/api/v1/auth/signin', { email, password: CUSTOMER_PASSWORD });
  return { client, res, outcome: res.json() as Json };
}

/** Everything an action could leave behind, to compare before and after a refusal. */
async function footprint(userId: bigint) {
  const db = suite.database.db;
  const count = async (table: 'audit_log' | 'notifications' | 'customer_notes' | 'jobs') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const sessions = await db
    .selectFrom('sessions')
    .select(['id', 'revoked_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return {
    audit: await count('audit_log'),
    notifications: await count('notifications'),
    notes: await count('customer_notes'),
    jobs: await count('jobs'),
    user,
    sessions,
  };
}

describe('restriction notice', () => {
  it('ends every session, shows the notice at sign-in with no session, and lifting restores sign-in', async () => {
    const c = await h.verifiedCustomer();
    const other = await signIn(c.email);
    expect(other.outcome).toMatchObject({ next: 'dashboard' });
    const staff = await h.manager();

    const res = await staff.post(`${CUSTOMERS}/${c.userId}/restriction`, {
      head: 'Account under review',
      body: 'Your account is under review. Please call us on 0800 000 000.',
      reason: 'Compliance asked for a review of recent deposits',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      outcome: expect.stringContaining('2 sessions ended'),
      customer: {
        restriction: {
          head: 'Account under review',
          reason: 'Compliance asked for a review of recent deposits',
          setBy: expect.any(String),
          setAt: expect.any(String),
        },
      },
    });
    // Both browsers are out at once.
    expect((await c.client.get('/api/v1/accounts/current')).statusCode).toBe(401);
    expect((await other.client.get('/api/v1/accounts/current')).statusCode).toBe(401);
    // Sign-in: the spec's info notice (ismsg), and no session.
    const blocked = await signIn(c.email);
    expect(blocked.res.statusCode).toBe(200);
    expect(blocked.outcome).toEqual({
      next: 'notice',
      head: 'Account under review',
      body: 'Your account is under review. Please call us on 0800 000 000.',
    });
    expect(blocked.client.cookie).toBeUndefined();
    expect(await h.noticesOf(c.userId)).not.toContainEqual(
      expect.objectContaining({ kind: 'account.restriction_lifted' }),
    );

    const [audit] = await h.audited(c.userId, 'customer.restrict');
    expect(audit).toMatchObject({
      targetId: String(c.userId),
      before: { head: null },
      after: {
        head: 'Account under review',
        reason: 'Compliance asked for a review of recent deposits',
        sessionsEnded: 2,
      },
    });

    const lifted = await staff.post(`${CUSTOMERS}/${c.userId}/restriction/lift`, {
      reason: 'Review finished: nothing found',
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json()).toMatchObject({ customer: { restriction: null } });
    const back = await signIn(c.email);
    expect(back.outcome).toMatchObject({ next: 'dashboard' });
    expect((await back.client.get('/api/v1/accounts/current')).statusCode).toBe(200);
    expect((await h.noticesOf(c.userId))[0]).toMatchObject({
      kind: 'account.restriction_lifted',
      title: 'You can sign in again',
    });
    expect((await mailTo(suite.app, c.email))[0]?.subject).toBe('You can sign in again');
    expect(await h.audited(c.userId, 'customer.unrestrict')).toEqual([
      expect.objectContaining({
        before: {
          head: 'Account under review',
          body: 'Your account is under review. Please call us on 0800 000 000.',
        },
        after: { reason: 'Review finished: nothing found' },
      }),
    ]);

    // Lifting again: a 409, nothing written.
    const before = await footprint(c.userId);
    const again = await staff.post(`${CUSTOMERS}/${c.userId}/restriction/lift`, {
      reason: 'Once more',
    });
    expect(again.statusCode).toBe(409);
    expect(await footprint(c.userId)).toEqual(before);
  });

  it('replaces a notice with another, the old one in the audit log', async () => {
    const c = await h.verifiedCustomer();
    const staff = await h.manager();
    for (const head of ['First notice', 'Second notice']) {
      const res = await staff.post(`${CUSTOMERS}/${c.userId}/restriction`, {
        head,
        body: 'Please call us.',
        reason: 'Reason for the notice',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const audits = await h.audited(c.userId, 'customer.restrict');
    expect(audits[1]).toMatchObject({
      before: { head: 'First notice', body: 'Please call us.' },
      after: { head: 'Second notice', sessionsEnded: 0 },
    });
    expect((await signIn(c.email)).outcome).toMatchObject({
      next: 'notice',
      head: 'Second notice',
    });
  });
});

describe('freeze', () => {
  it('records the balances it held, tells the customer without the reason, and unfreezes', async () => {
    const c = await h.verifiedCustomer();
    const result = await h.freeze(c.userId, 'both', 'suspected_fraud');
    expect(result).toMatchObject({
      outcome: expect.stringContaining('(not why)'),
      customer: {
        freeze: {
          scope: 'both',
          reasonCode: 'suspected_fraud',
          note: 'Case 2291: card testing pattern reported by the fraud team',
          frozenBy: expect.any(String),
        },
      },
    });
    const [audit] = await h.audited(c.userId, 'customer.freeze');
    expect(audit).toMatchObject({
      before: { scope: null },
      after: {
        scope: 'both',
        reasonCode: 'suspected_fraud',
        accounts: [
          { accountId: String(c.accountId), accountNumber: c.accountNumber, balance: '0' },
        ],
      },
    });
    const [notice] = await h.noticesOf(c.userId);
    expect(notice).toMatchObject({ kind: 'account.frozen', title: 'Your account is on hold' });
    expect(notice?.body).toContain('Payments into and out of your account are on hold');
    expect(notice?.body).not.toMatch(/fraud|suspect|investigat|police|sanction/i);
    const mail = (await mailTo(suite.app, c.email))[0];
    expect(mail?.subject).toBe('Your account is on hold');
    expect(mail?.text).not.toMatch(/fraud|suspect/i);

    // Only the note changes: recorded, not told again.
    const told = (await h.noticesOf(c.userId)).length;
    await h.freeze(c.userId, 'both', 'legal_order');
    expect(await h.noticesOf(c.userId)).toHaveLength(told);
    const audits = await h.audited(c.userId, 'customer.freeze');
    expect(audits[1]).toMatchObject({
      before: { scope: 'both', reasonCode: 'suspected_fraud' },
      after: { scope: 'both', reasonCode: 'legal_order' },
    });

    await h.unfreeze(c.userId);
    expect((await h.noticesOf(c.userId))[0]).toMatchObject({
      kind: 'account.unfrozen',
      title: 'The hold on your account is lifted',
    });
    expect(await h.audited(c.userId, 'customer.unfreeze')).toEqual([
      expect.objectContaining({
        before: { scope: 'both', reasonCode: 'legal_order', note: expect.any(String) },
        after: { reason: 'Case 2291 closed: no fraud found' },
      }),
    ]);
    const before = await footprint(c.userId);
    const again = await (
      await h.manager()
    ).post(`${CUSTOMERS}/${c.userId}/unfreeze`, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(await footprint(c.userId)).toEqual(before);
  });

  it('names the reason to the customer only when it is theirs', async () => {
    const asked = await h.verifiedCustomer();
    await h.freeze(asked.userId, 'debits', 'customer_request');
    expect((await h.noticesOf(asked.userId))[0]?.body).toMatch(/^As you asked, payments out of/);
    const refresh = await h.verifiedCustomer();
    await h.freeze(refresh.userId, 'credits', 'kyc_refresh');
    expect((await h.noticesOf(refresh.userId))[0]?.body).toContain(
      'until we have refreshed your identity details',
    );
    for (const code of ['sanctions_review', 'legal_order', 'deceased', 'other']) {
      const c = await h.verifiedCustomer();
      await h.freeze(c.userId, 'credits', code);
      expect((await h.noticesOf(c.userId))[0]?.body, code).toBe(
        'Payments into your account are on hold for now. Please contact us through Help & Support to find out more.',
      );
    }
  });
});

describe('PIN pause, sign-out, message, notes', () => {
  it('lifts a PIN pause and tells the customer; refuses when there is none', async () => {
    const c = await h.verifiedCustomer();
    expect((await c.client.post('/api/v1/pin', { pin: PIN, confirmPin: PIN })).statusCode).toBe(
      201,
    );
    for (let i = 0; i < 5; i++) {
      await c.client.post('/api/v1/pin/change', {
        currentPin: '0000',
        newPin: '7391',
        confirmPin: '7391',
      });
    }
    const paused = (await c.client.get('/api/v1/pin')).json() as { lockedUntil: string | null };
    expect(paused.lockedUntil).not.toBeNull();
    const staff = await h.manager();
    const page = (await staff.get(`${CUSTOMERS}/${c.userId}`)).json() as Json;
    expect(page.pin).toEqual({ hasPin: true, pausedUntil: paused.lockedUntil });

    const res = await staff.post(`${CUSTOMERS}/${c.userId}/pin/unlock`, {
      reason: 'Customer called and passed security questions',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ customer: { pin: { hasPin: true, pausedUntil: null } } });
    expect((await c.client.get('/api/v1/pin')).json()).toMatchObject({ lockedUntil: null });
    const change = await c.client.post('/api/v1/pin/change', {
      currentPin: PIN,
      newPin: '7391',
      confirmPin: '7391',
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(await h.audited(c.userId, 'customer.pin_unlock')).toEqual([
      expect.objectContaining({
        before: { failures: 5, pausedUntil: paused.lockedUntil },
        after: { reason: 'Customer called and passed security questions' },
      }),
    ]);
    expect(await h.noticesOf(c.userId)).toContainEqual(
      expect.objectContaining({ kind: 'pin.unlocked', title: 'Transaction PIN use restored' }),
    );
    const before = await footprint(c.userId);
    const again = await staff.post(`${CUSTOMERS}/${c.userId}/pin/unlock`, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(await footprint(c.userId)).toEqual(before);
  });

  it('signs the customer out everywhere and tells them; refuses when they are signed in nowhere', async () => {
    const c = await h.verifiedCustomer();
    const second = await signIn(c.email);
    const staff = await h.manager();
    const res = await staff.post(`${CUSTOMERS}/${c.userId}/sign-out`, {
      reason: 'Customer reported a lost phone',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: expect.stringContaining('2 sessions ended') });
    expect((await c.client.get('/api/v1/accounts/current')).statusCode).toBe(401);
    expect((await second.client.get('/api/v1/accounts/current')).statusCode).toBe(401);
    expect(await h.audited(c.userId, 'customer.sign_out')).toEqual([
      expect.objectContaining({
        after: { reason: 'Customer reported a lost phone', sessionsEnded: 2 },
      }),
    ]);
    expect((await h.noticesOf(c.userId))[0]).toMatchObject({ kind: 'account.signed_out' });
    expect((await mailTo(suite.app, c.email))[0]?.subject).toBe('Signed out of every browser');
    // Signing in again works: nothing else changed.
    expect((await signIn(c.email)).outcome).toMatchObject({ next: 'dashboard' });
    await staff.post(`${CUSTOMERS}/${c.userId}/sign-out`, { reason: 'Again, to empty it' });
    const before = await footprint(c.userId);
    const none = await staff.post(`${CUSTOMERS}/${c.userId}/sign-out`, { reason: 'Nobody there' });
    expect(none.statusCode).toBe(409);
    expect(await footprint(c.userId)).toEqual(before);
  });

  it('sends a message in the app and by email, audited with the reason', async () => {
    const c = await h.verifiedCustomer();
    const staff = await h.manager();
    const res = await staff.post(`${CUSTOMERS}/${c.userId}/messages`, {
      title: 'Your new card',
      body: 'Your new card was sent today and should arrive within five working days.',
      reason: 'Customer asked when the card ships',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await h.noticesOf(c.userId))[0]).toEqual({
      kind: 'bank.message',
      title: 'Your new card',
      body: 'Your new card was sent today and should arrive within five working days.',
    });
    const unread = await c.client.get('/api/v1/notifications');
    expect((unread.json() as { items: Json[] }).items[0]).toMatchObject({ title: 'Your new card' });
    expect((await mailTo(suite.app, c.email))[0]?.subject).toBe('Your new card');
    expect(await h.audited(c.userId, 'customer.message')).toEqual([
      expect.objectContaining({
        after: {
          reason: 'Customer asked when the card ships',
          title: 'Your new card',
          body: 'Your new card was sent today and should arrive within five working days.',
        },
      }),
    ]);
  });

  it('keeps notes append-only, audited, and out of the customer’s sight', async () => {
    const c = await h.verifiedCustomer();
    const staff = await h.manager();
    const res = await staff.post(`${CUSTOMERS}/${c.userId}/notes`, {
      body: 'Customer sounded confused about a payment; check again next week.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json() as { id: string };
    expect(await h.audited(c.userId, 'customer.note')).toEqual([
      expect.objectContaining({
        targetId: note.id,
        after: { body: 'Customer sounded confused about a payment; check again next week.' },
      }),
    ]);
    const db = suite.database.db;
    await expect(
      sql`update customer_notes set body = 'rewritten' where id = ${BigInt(note.id)}`.execute(db),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`delete from customer_notes where id = ${BigInt(note.id)}`.execute(db),
    ).rejects.toThrow(/append-only/);
    const kept = await db
      .selectFrom('customer_notes')
      .select('body')
      .where('id', '=', BigInt(note.id))
      .executeTakeFirstOrThrow();
    expect(kept.body).toBe('Customer sounded confused about a payment; check again next week.');
    // The customer is not told, and nothing they can read holds it.
    expect(await h.noticesOf(c.userId)).not.toContainEqual(
      expect.objectContaining({ body: expect.stringContaining('confused') }),
    );
    for (const path of ['/api/v1/notifications', '/api/v1/profile', '/api/v1/accounts/current']) {
      expect((await c.client.get(path)).body).not.toContain('confused');
    }
    expect((await c.client.get(`${CUSTOMERS}/${c.userId}/notes`)).statusCode).toBe(401);
  });
});

describe('bad input', () => {
  it('answers 400 or 404 and writes nothing', async () => {
    const c = await h.verifiedCustomer();
    const staff = await h.manager();
    const id = String(c.userId);
    const bad: [string, unknown][] = [
      [`${id}/restriction`, { head: '', body: 'Please call us.', reason: 'A reason' }],
      [`${id}/restriction`, { head: 'Heading', body: 'x'.repeat(1001), reason: 'A reason' }],
      [`${id}/restriction`, { head: 'Heading', body: 'Please call us.' }],
      [`${id}/restriction`, { head: 'Head\u0000ing', body: 'Please call us.', reason: 'A reason' }],
      [`${id}/restriction`, { head: 'Heading', body: 'Body', reason: 'A reason', extra: 1 }],
      [`${id}/restriction/lift`, { reason: 'no' }],
      [`${id}/freeze`, { scope: 'all', reasonCode: 'suspected_fraud', note: 'A note' }],
      [`${id}/freeze`, { scope: 'both', reasonCode: 'gut_feeling', note: 'A note' }],
      [`${id}/freeze`, { scope: 'both', reasonCode: 'other', note: '' }],
      [`${id}/freeze`, { scope: 'both', reasonCode: 'other' }],
      [`${id}/unfreeze`, {}],
      [`${id}/pin/unlock`, { reason: 'x'.repeat(501) }],
      [`${id}/sign-out`, { reason: '  ' }],
      [`${id}/messages`, { title: '', body: 'Hello', reason: 'A reason' }],
      [`${id}/messages`, { title: 'Hello', body: 'x'.repeat(1001), reason: 'A reason' }],
      [`${id}/notes`, { body: 'no' }],
      [`${id}/notes`, { body: 'A note', author: 'someone else' }],
      ['abc/freeze', { scope: 'both', reasonCode: 'other', note: 'A note' }],
    ];
    const before = await footprint(c.userId);
    for (const [path, body] of bad) {
      const res = await staff.post(`${CUSTOMERS}/${path}`, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
    }
    const unknown = await staff.post(`${CUSTOMERS}/999999999/freeze`, {
      scope: 'both',
      reasonCode: 'other',
      note: 'A note',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await footprint(c.userId)).toEqual(before);
  });
});
