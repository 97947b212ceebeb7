import { describe, expect, it } from 'vitest';
import { tokenHash } from '../../src/platform/security/sessions.js';
import { TestClient } from '../helpers/http.js';
import { CUSTOMER_PASSWORD } from '../helpers/customers.js';
import { useTestApp } from '../helpers/suite.js';
import { fields, proof } from '../funding/setup.js';
import { findAccount } from '../../src/ledger/index.js';
import { fund } from '../helpers/ledger.js';
import { PIN, details } from '../transfers/setup.js';
import { CUSTOMERS, customerHelpers } from './setup.js';

/**
 * The customer page (customers.manage): every section, each read through the module that owns
 * it, with no secret anywhere in what staff receive.
 */

const suite = useTestApp();
const h = customerHelpers(suite);

type Json = Record<string, unknown>;

/** Every key of a JSON value, however deep. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
}

/** A customer with a bit of everything: money, a transfer, a deposit request, a fixed deposit. */
async function busyCustomer() {
  const c = await h.verifiedCustomer({
    firstName: 'Evelyn',
    lastName: 'Boyd',
    phone: '07400 654321',
  });
  const account = await findAccount(suite.database.db, { id: c.accountId });
  if (!account) throw new Error('no account');
  await fund(suite.database.db, account, 500_000n);
  const pin = await c.client.post('/api/v1/pin', { pin: PIN, confirmPin: PIN });
  expect(pin.statusCode, pin.body).toBe(201);
  const sent = await h.send({ ...c, outcome: null }, details({ amount: '25.00' }));
  expect(sent.submit.statusCode, sent.submit.body).toBe(200);
  const coin = await h.cryptoType();
  await h.submit(c.client, 'deposits', [
    ...fields({ type: coin.id, amount: '75.00' }),
    await proof(),
  ]);
  const plan = await h.fixedDepositPlan({ minAmount: '10000' });
  const fd = await c.client.post('/api/v1/fixed-deposits', {
    plan: plan.id,
    amount: '200.00',
    idempotencyKey: `page-test-${c.userId}-0000000`,
    pin: PIN,
  });
  expect(fd.statusCode, fd.body).toBe(201);
  return c;
}

describe('the customer page', () => {
  it('shows the profile, standing, accounts with balances and identity checks with documents', async () => {
    const c = await busyCustomer();
    const staff = await h.manager();
    const res = await staff.get(`${CUSTOMERS}/${c.userId}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Json & {
      accounts: { kind: string; balance: string; accountNumber: string }[];
      identityChecks: { id: string; documents: { role: string }[] }[];
    };
    expect(page).toMatchObject({
      id: String(c.userId),
      firstName: 'Evelyn',
      lastName: 'Boyd',
      email: c.email,
      username: c.username,
      emailVerified: true,
      kycStatus: 'approved',
      profile: { phone: '+447400654321', country: 'GB', homeAddress: '1 High Street, London' },
      restriction: null,
      freeze: null,
      pin: { hasPin: true, pausedUntil: null },
    });
    // 5,000.00 in, 25.00 sent, 200.00 into the fixed deposit.
    const current = page.accounts.find((a) => a.kind === 'customer_current');
    expect(current).toMatchObject({ accountNumber: c.accountNumber, balance: '477500' });
    expect(page.accounts.find((a) => a.kind === 'customer_fixed_deposit')).toMatchObject({
      balance: '20000',
    });
    expect(page.identityChecks).toHaveLength(1);
    expect(page.identityChecks[0]).toMatchObject({
      status: 'approved',
      documentType: "Driver's License",
      reviewedBy: expect.any(String),
    });
    expect(page.identityChecks[0]?.documents.map((d) => d.role).sort()).toEqual([
      'id_back',
      'id_front',
      'photo',
    ]);

    // The documents open through the staff document route, to customers.manage too, audited.
    const check = page.identityChecks[0] as { id: string };
    const doc = await staff.get(`/api/v1/staff/kyc/submissions/${check.id}/documents/photo`);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toMatch(/^image\//);
    expect(await h.audited(c.userId, 'kyc.view_document')).toHaveLength(1);
  });

  it('pages the ledger of each account, with statuses, newest first', async () => {
    const c = await busyCustomer();
    const staff = await h.manager();
    const first = await staff.get(`${CUSTOMERS}/${c.userId}/ledger?limit=2`);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json() as { items: Json[]; nextCursor: string | null; account: Json };
    expect(page1.account).toMatchObject({
      kind: 'customer_current',
      accountNumber: c.accountNumber,
    });
    expect(page1.items).toHaveLength(2);
    expect(page1.items[0]).toMatchObject({ amount: '20000', transactionType: 'debit' });
    expect(page1.items[1]).toMatchObject({
      amount: '2500',
      transactionType: 'debit',
      status: 'in_progress',
    });
    const next = await staff.get(
      `${CUSTOMERS}/${c.userId}/ledger?limit=2&cursor=${page1.nextCursor}`,
    );
    const page2 = next.json() as { items: Json[]; nextCursor: string | null };
    expect(page2.items).toEqual([
      expect.objectContaining({
        amount: '500000',
        transactionType: 'credit',
        balanceAfter: '500000',
      }),
    ]);
    expect(page2.nextCursor).toBeNull();

    const overview = (await staff.get(`${CUSTOMERS}/${c.userId}`)).json() as {
      accounts: { id: string; kind: string }[];
    };
    const fdAccount = overview.accounts.find((a) => a.kind === 'customer_fixed_deposit');
    const fd = await staff.get(`${CUSTOMERS}/${c.userId}/ledger?account=${fdAccount?.id}`);
    expect(fd.json()).toMatchObject({
      account: { kind: 'customer_fixed_deposit' },
      items: [{ amount: '20000', transactionType: 'credit' }],
    });
    // Another customer's account is not this customer's: 404, never their lines.
    const other = await h.verifiedCustomer();
    const stranger = await staff.get(`${CUSTOMERS}/${c.userId}/ledger?account=${other.accountId}`);
    expect(stranger.statusCode).toBe(404);
  });

  it('lists funding requests, transfers, fixed deposits, sessions, notifications and notes', async () => {
    const c = await busyCustomer();
    const staff = await h.manager();
    const get = async (section: string) => {
      const res = await staff.get(`${CUSTOMERS}/${c.userId}/${section}`);
      expect(res.statusCode, `${section}: ${res.body}`).toBe(200);
      return res.json() as { items: Json[]; nextCursor?: string | null };
    };
    expect((await get('funding-requests')).items).toEqual([
      expect.objectContaining({ kind: 'deposit', claimedAmount: '7500', status: 'pending' }),
    ]);
    expect((await get('transfers')).items).toEqual([
      expect.objectContaining({
        amount: '2500',
        status: 'in_progress',
        accountHolderName: 'Grace Hopper',
        customer: expect.objectContaining({ id: String(c.userId) }),
      }),
    ]);
    expect((await get('fixed-deposits')).items).toEqual([
      expect.objectContaining({ principal: '20000', fundedBy: 'balance', status: 'active' }),
    ]);

    // One browser signed out, one still in.
    const gone = new TestClient(suite.app, 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0');
    await gone.post('/api/v1/auth/signin', { email: c.email, password: CUSTOMER_PASSWORD });
    await gone.post('/api/v1/auth/signout');
    const sessions = (await get('sessions')).items;
    expect(sessions[0]).toMatchObject({
      scope: 'customer',
      device: 'Firefox on Linux',
      address: '127.0.0.1',
      place: 'This computer',
      state: 'signed_out',
      endedAt: expect.any(String),
    });
    expect(sessions).toContainEqual(expect.objectContaining({ state: 'active', endedAt: null }));
    expect(sessions).toContainEqual(expect.objectContaining({ scope: 'onboarding' }));

    const notices = (await get('notifications')).items;
    expect(notices.map((n) => n.kind)).toEqual(
      expect.arrayContaining(['transfer.submitted', 'funding.received', 'fixed_deposit.opened']),
    );
    expect(notices[0]).toMatchObject({ read: false, title: expect.any(String) });

    expect((await get('notes')).items).toEqual([]);
    const note = await staff.post(`${CUSTOMERS}/${c.userId}/notes`, {
      body: 'Called about the deposit: told it is being checked.',
    });
    expect(note.statusCode, note.body).toBe(201);
    expect((await get('notes')).items).toEqual([
      expect.objectContaining({
        body: 'Called about the deposit: told it is being checked.',
        author: expect.any(String),
      }),
    ]);
  });

  it("shows the customer's audit trail, newest first, in the catalogue's words", async () => {
    const c = await busyCustomer();
    const staff = await h.manager();
    await h.freeze(c.userId, 'debits');
    await h.unfreeze(c.userId);
    const first = await staff.get(`${CUSTOMERS}/${c.userId}/audit?limit=2`);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json() as { items: Json[]; nextCursor: string };
    expect(page.items.map((i) => i.action)).toEqual(['customer.unfreeze', 'customer.freeze']);
    expect(page.items[0]).toMatchObject({
      label: 'Account unfrozen',
      actor: { kind: 'staff', name: expect.any(String) },
      after: { reason: 'Case 2291 closed: no fraud found' },
    });
    const rest = await staff.get(`${CUSTOMERS}/${c.userId}/audit?cursor=${page.nextCursor}`);
    const actions = (rest.json() as { items: Json[] }).items.map((i) => i.action);
    expect(actions).toContain('kyc.approve');
  });

  it('answers 404 for an unknown id or a staff member, 403 without customers.manage', async () => {
    const staff = await h.manager();
    const staffId = (
      await suite.database.db
        .selectFrom('users')
        .select('id')
        .where('kind', '=', 'staff')
        .executeTakeFirstOrThrow()
    ).id;
    for (const id of ['999999999', String(staffId)]) {
      for (const section of ['', '/ledger', '/sessions', '/notes', '/audit', '/transfers']) {
        const res = await staff.get(`${CUSTOMERS}/${id}${section}`);
        expect(res.statusCode, `${id}${section}`).toBe(404);
      }
    }
    const c = await h.verifiedCustomer();
    const reviewer = await h.staff('kyc_reviewer');
    expect((await reviewer.get(`${CUSTOMERS}/${c.userId}`)).statusCode).toBe(403);
    // A reviewer may still read identity documents (kyc.review).
    const doc = await reviewer.get(
      `/api/v1/staff/kyc/submissions/${c.submissionId}/documents/photo`,
    );
    expect(doc.statusCode).toBe(200);
    // Finance staff hold neither: refused.
    const finance = await h.staff('finance');
    const refused = await finance.get(
      `/api/v1/staff/kyc/submissions/${c.submissionId}/documents/photo`,
    );
    expect(refused.statusCode).toBe(403);
  });

  it('never sends a password hash, PIN hash, session token or its hash, or a code', async () => {
    const c = await busyCustomer();
    const staff = await h.manager();
    await staff.post(`${CUSTOMERS}/${c.userId}/notes`, { body: 'A note to be scanned too.' });
    const db = suite.database.db;
    const user = await db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', c.userId)
      .executeTakeFirstOrThrow();
    const pin = await db
      .selectFrom('transaction_pins')
      .select(['pin_hash', 'salt'])
      .where('user_id', '=', c.userId)
      .executeTakeFirstOrThrow();
    const sessions = await db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', c.userId)
      .execute();
    const codes = await db
      .selectFrom('one_time_codes')
      .select(['code_hash', 'context_hash'])
      .where('user_id', '=', c.userId)
      .execute();
    const token = (c.client.cookie ?? '').split('=')[1] ?? '';
    expect(sessions.map((s) => s.token_hash)).toContain(tokenHash(token));
    const secrets = [
      user.password_hash,
      pin.pin_hash,
      pin.salt,
      token,
      ...sessions.map((s) => s.token_hash),
      ...codes.flatMap((code) => [code.code_hash, code.context_hash]),
    ].filter((s) => s.length >= 16);
    expect(secrets.length).toBeGreaterThanOrEqual(5);
    const sections = [
      '',
      '/ledger',
      '/funding-requests',
      '/transfers',
      '/fixed-deposits',
      '/sessions',
      '/notifications',
      '/notes',
      '/audit',
    ];
    for (const section of sections) {
      const res = await staff.get(`${CUSTOMERS}/${c.userId}${section}`);
      expect(res.statusCode, section).toBe(200);
      for (const secret of secrets) expect(res.body, section).not.toContain(secret);
      expect(keysOf(res.json()).filter((k) => /password|hash|token|salt|secret/i.test(k))).toEqual(
        [],
      );
    }
    const found = await staff.get(`${CUSTOMERS}?q=${encodeURIComponent(c.email)}`);
    for (const secret of secrets) expect(found.body).not.toContain(secret);
  });
});
