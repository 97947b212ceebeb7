import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import { postTransfer } from '../../src/ledger/index.js';
import { bootstrapAdmin } from '../../src/modules/staff/bootstrap.js';
import { PERMISSIONS } from '../../src/platform/permissions.js';
import { buildTestApp } from '../helpers/app.js';
import { createTestDatabase } from '../helpers/database.js';
import { signedInCustomer } from '../helpers/customers.js';
import { TestClient } from '../helpers/http.js';
import { signInStaff } from '../helpers/staff.js';
import { fund, openCustomer, uniqueKey } from '../helpers/ledger.js';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** An approved customer, signed in; with an open current account unless told. */
async function customer(options: { open?: boolean; kycStatus?: 'approved' | 'pending' } = {}) {
  const signed = await signedInCustomer(app, database, {
    kycStatus: options.kycStatus ?? 'approved',
  });
  const account =
    options.open === false
      ? undefined
      : await openCustomer(database.db, 'USD', {
          ownerId: signed.userId,
          name: 'Dorothy Vaughan',
        });
  return { ...signed, account };
}

describe('the current account', () => {
  it('shows a new account with a zero balance and no history', async () => {
    const { client, account, outcome } = await customer();
    expect(outcome).toEqual({ next: 'dashboard' });
    const summary = await client.get('/api/v1/accounts/current');
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toEqual({
      accountNumber: account?.accountNumber,
      currency: 'USD',
      availableBalance: '0',
      totalCredit: '0',
      totalDebit: '0',
    });
    const history = await client.get('/api/v1/accounts/current/transactions');
    expect(history.json()).toEqual({ items: [], nextCursor: null, pending: [] });
  });

  it('reads balance, totals and history from the ledger, each customer only their own', async () => {
    const alice = await customer();
    const bob = await customer();
    if (!alice.account || !bob.account) throw new Error('accounts expected');
    await fund(database.db, alice.account, 125_050n);
    await postTransfer(database.db, {
      idempotencyKey: uniqueKey('pay'),
      kind: 'transfer',
      memo: 'Rent for March',
      actor: `customer:${alice.userId}`,
      fromAccountId: alice.account.id,
      toAccountId: bob.account.id,
      amount: 20_025n,
      currency: 'USD',
    });

    expect((await alice.client.get('/api/v1/accounts/current')).json()).toMatchObject({
      accountNumber: alice.account.accountNumber,
      availableBalance: '105025',
      totalCredit: '125050',
      totalDebit: '20025',
    });
    const aliceHistory = (await alice.client.get('/api/v1/accounts/current/transactions')).json();
    expect(aliceHistory.items).toMatchObject([
      {
        name: 'Rent for March',
        amount: '20025',
        transactionType: 'debit',
        status: 'successful',
        balanceAfter: '105025',
      },
      {
        name: 'test deposit',
        amount: '125050',
        transactionType: 'credit',
        status: 'successful',
        balanceAfter: '125050',
      },
    ]);
    expect(Number.isNaN(Date.parse(aliceHistory.items[0].date))).toBe(false);

    expect((await bob.client.get('/api/v1/accounts/current')).json()).toMatchObject({
      accountNumber: bob.account.accountNumber,
      availableBalance: '20025',
      totalCredit: '20025',
      totalDebit: '0',
    });
    const bobHistory = (await bob.client.get('/api/v1/accounts/current/transactions')).json();
    expect(bobHistory.items).toHaveLength(1);
    expect(bobHistory.items[0]).toMatchObject({ transactionType: 'credit', amount: '20025' });
  });

  it('pages the history with a cursor, newest first', async () => {
    const { client, account } = await customer();
    if (!account) throw new Error('account expected');
    for (let i = 1; i <= 5; i++) await fund(database.db, account, BigInt(i * 100));
    const first = (await client.get('/api/v1/accounts/current/transactions?limit=2')).json();
    expect(first.items.map((t: { amount: string }) => t.amount)).toEqual(['500', '400']);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (
      await client.get(
        `/api/v1/accounts/current/transactions?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`,
      )
    ).json();
    expect(second.items.map((t: { amount: string }) => t.amount)).toEqual(['300', '200']);
    const last = (
      await client.get(
        `/api/v1/accounts/current/transactions?limit=2&cursor=${encodeURIComponent(second.nextCursor)}`,
      )
    ).json();
    expect(last).toMatchObject({ items: [{ amount: '100' }], nextCursor: null });
  });

  it('refuses a bad page size or cursor with a 400', async () => {
    const { client } = await customer();
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'cursor=bm9wZQ']) {
      const response = await client.get(`/api/v1/accounts/current/transactions?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('answers 404 when the account is not open', async () => {
    const { client } = await customer({ open: false });
    const response = await client.get('/api/v1/accounts/current');
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('Your account is not open yet.');
    const history = await client.get('/api/v1/accounts/current/transactions?limit=10');
    expect(history.statusCode).toBe(404);
    expect(history.json().detail).toBe('Your account is not open yet.');
  });

  it("reads the customer's first current account only, never another kind or another owner's", async () => {
    const { client, account, userId } = await customer();
    if (!account) throw new Error('account expected');
    await fund(database.db, account, 700n);
    const deposit = await openCustomer(database.db, 'USD', {
      ownerId: userId,
      kind: 'customer_fixed_deposit',
      name: 'Dorothy Vaughan',
    });
    await fund(database.db, deposit, 90_000n);
    const stranger = await openCustomer(database.db, 'USD', { name: 'Someone Else' });
    await fund(database.db, stranger, 5n);
    expect((await client.get('/api/v1/accounts/current')).json()).toMatchObject({
      accountNumber: account.accountNumber,
      availableBalance: '700',
    });
    const history = (await client.get('/api/v1/accounts/current/transactions?limit=10')).json();
    expect(history.items.map((t: { amount: string }) => t.amount)).toEqual(['700']);
  });

  it('is closed to signed-out visitors and to onboarding sessions', async () => {
    const anonymous = new TestClient(app);
    expect((await anonymous.get('/api/v1/accounts/current')).statusCode).toBe(401);
    expect((await anonymous.get('/api/v1/accounts/current/transactions')).statusCode).toBe(401);
    const pending = await customer({ open: false, kycStatus: 'pending' });
    expect(pending.outcome).toEqual({ next: 'kyc_review' });
    expect((await pending.client.get('/api/v1/accounts/current')).statusCode).toBe(401);
  });
});

describe('who is signed in', () => {
  it('lists no permissions for a customer', async () => {
    const { client } = await customer();
    const me = (await client.get('/api/v1/auth/me')).json();
    expect(me).toMatchObject({ scope: 'customer', firstName: 'Dorothy', permissions: [] });
  });

  it("lists a staff member's permissions, from their roles", async () => {
    const admin = {
      email: `admin.${Date.now()}@bank.example`,
      password: 'granite harbour lighthouse keeper',
    };
    await bootstrapAdmin(database.db, admin);
    const client = await signInStaff(app, admin);
    const me = (await client.get('/api/v1/auth/me')).json();
    expect(me.scope).toBe('staff');
    expect(me.permissions).toEqual([...PERMISSIONS].sort());
    expect((await client.get('/api/v1/accounts/current')).statusCode).toBe(401);
    expect((await client.get('/api/v1/auth/session')).json()).toEqual({ me });
  });

  it('answers the session check with null, not an error, when nobody is signed in', async () => {
    const anonymous = new TestClient(app);
    const session = await anonymous.get('/api/v1/auth/session');
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ me: null });
    expect((await anonymous.get('/api/v1/auth/me')).statusCode).toBe(401);
    const { client } = await customer();
    expect((await client.get('/api/v1/auth/session')).json().me).toMatchObject({
      scope: 'customer',
      email: expect.stringMatching(/^customer\./),
    });
    await client.post('/api/v1/auth/signout');
    expect((await client.get('/api/v1/auth/session')).json()).toEqual({ me: null });
  });
});
