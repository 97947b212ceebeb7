/**
 * Retries with an Idempotency-Key (decision 0031): the same key and request get the first answer
 * and do nothing again, on an upload as on a JSON form; another request with the key is a 422;
 * a request whose first try is still running is a 409, never a second run; a refusal keeps
 * nothing, so the same form sent again later does the work; one customer's key never answers
 * another's. Every answer names the server that gave it.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TEST_PIN } from '../helpers/customers.js';
import { multipartBody, type Part } from '../helpers/multipart.js';
import { useTestApp } from '../helpers/suite.js';
import type { TestClient } from '../helpers/http.js';
import { fields, fundingHelpers, proof, type Customer } from '../funding/setup.js';

const SERVER_ID: string = 'web-7:4242';
const suite = useTestApp({ serverId: SERVER_ID });
const { customer, payer, fund, cryptoType, purpose, footprint, staff } = fundingHelpers(suite);

const PAY = '/api/v1/funding/payments/from-balance';
let keys = 0;
const newKey = () => `retry-key-${(keys += 1).toString().padStart(6, '0')}`;

/** A crypto deposit form sent with a key, each time with a new multipart boundary. */
function sendDeposit(client: TestClient, parts: Part[], key: string) {
  const { payload, contentType } = multipartBody(parts);
  return suite.app.inject({
    method: 'POST',
    url: '/api/v1/funding/deposits',
    payload,
    headers: {
      'content-type': contentType,
      'x-bank-csrf': '1',
      cookie: client.cookie ?? '',
      'idempotency-key': key,
    },
  });
}

async function storedAnswers(userId: bigint) {
  return suite.database.db
    .selectFrom('idempotent_requests')
    .select(['key', 'state', 'response_status', 'server_id'])
    .where('user_id', '=', userId)
    .execute();
}

async function debitsOf(c: Customer) {
  const rows = await suite.database.db
    .selectFrom('postings')
    .select('entry_id')
    .where('account_id', '=', c.accountId)
    .where('amount', '<', 0n)
    .execute();
  return rows.length;
}

describe('a retry with the same Idempotency-Key', () => {
  it('of an upload gets the first answer and keeps one request and one file', async () => {
    const coin = await cryptoType();
    const c = await customer();
    const key = newKey();
    const form = [...fields({ type: coin.id, amount: '120.00' }), await proof()];
    const before = await footprint();

    const first = await sendDeposit(c.client, form, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await sendDeposit(c.client, form, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await footprint()).toMatchObject({
      requests: before.requests + 1,
      storedFiles: before.storedFiles + 1,
      filesOnDisk: before.filesOnDisk + 1,
    });
    expect(await storedAnswers(c.userId)).toEqual([
      { key, state: 'done', response_status: 201, server_id: SERVER_ID },
    ]);
  });

  it('with another file or amount is a 422 that writes nothing', async () => {
    const coin = await cryptoType();
    const c = await customer();
    const key = newKey();
    const ok = await sendDeposit(
      c.client,
      [...fields({ type: coin.id, amount: '80.00' }), await proof()],
      key,
    );
    expect(ok.statusCode, ok.body).toBe(201);
    const before = await footprint();
    const otherPicture: Part = {
      ...(await proof()),
      value: Buffer.concat([(await proof()).value as Buffer, Buffer.from([0])]),
    };
    for (const parts of [
      [...fields({ type: coin.id, amount: '80.00' }), otherPicture],
      [...fields({ type: coin.id, amount: '80.01' }), await proof()],
    ]) {
      const reused = await sendDeposit(c.client, parts, key);
      expect(reused.statusCode, reused.body).toBe(422);
      expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    }
    expect(await footprint()).toEqual(before);
  });

  it('of a payment from the balance moves money once; the same key on another route is refused', async () => {
    const fee = await purpose();
    const c = await payer();
    await fund(c, 10_000n);
    const key = newKey();
    const body = { purpose: fee.id, amount: '25.00', idempotencyKey: newKey(), pin: TEST_PIN };
    const first = await c.client.post(PAY, body, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(201);
    const again = await c.client.post(PAY, body, { 'idempotency-key': key });
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(await debitsOf(c)).toBe(1);

    const other = await c.client.post(
      PAY,
      { ...body, amount: '26.00' },
      { 'idempotency-key': key },
    );
    expect(other.statusCode).toBe(422);
    const elsewhere = await c.client.post(
      '/api/v1/notifications/read-all',
      {},
      {
        'idempotency-key': key,
      },
    );
    expect(elsewhere.statusCode).toBe(422);
    expect(await debitsOf(c)).toBe(1);
  });

  it('after a refusal does the work: a refusal keeps no answer', async () => {
    const fee = await purpose();
    const c = await payer();
    const key = newKey();
    const body = { purpose: fee.id, amount: '40.00', idempotencyKey: newKey(), pin: TEST_PIN };
    const refused = await c.client.post(PAY, body, { 'idempotency-key': key });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(await storedAnswers(c.userId)).toEqual([]);
    await fund(c, 5_000n);
    const paid = await c.client.post(PAY, body, { 'idempotency-key': key });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.headers['idempotent-replayed']).toBeUndefined();
    expect(await debitsOf(c)).toBe(1);
  });

  it("is the customer's own: another customer's same key does their own work", async () => {
    const coin = await cryptoType();
    const a = await customer();
    const b = await customer();
    const key = newKey();
    const form = [...fields({ type: coin.id, amount: '10.00' }), await proof()];
    const fromA = await sendDeposit(a.client, form, key);
    const fromB = await sendDeposit(b.client, form, key);
    expect(fromA.statusCode).toBe(201);
    expect(fromB.statusCode).toBe(201);
    expect(fromB.headers['idempotent-replayed']).toBeUndefined();
    expect(fromB.json().request.id).not.toBe(fromA.json().request.id);
  });

  it('while the first is still running is a 409 with Retry-After, and runs nothing', async () => {
    const coin = await cryptoType();
    const c = await customer();
    const key = newKey();
    const form = [...fields({ type: coin.id, amount: '15.00' }), await proof()];
    // The first try as a server holds it mid-request: claimed, not yet answered.
    const now = new Date();
    await suite.database.db
      .insertInto('idempotent_requests')
      .values({
        user_id: c.userId,
        key,
        fingerprint: 'another attempt in flight',
        claim: 'held-by-another-server',
        state: 'running',
        locked_until: new Date(now.getTime() + 60_000),
        server_id: 'web-1:1',
        created_at: now,
        expires_at: new Date(now.getTime() + 86_400_000),
      })
      .execute();
    const before = await footprint();
    // Its fingerprint differs from this form: still a 422 (another request), not a run.
    expect((await sendDeposit(c.client, form, key)).statusCode).toBe(422);
    // With the fingerprint of this very form, a retry waits for the first: 409.
    await sql`delete from idempotent_requests where user_id = ${c.userId}`.execute(
      suite.database.db,
    );
    const first = await sendDeposit(c.client, form, key);
    expect(first.statusCode).toBe(201);
    await suite.database.db
      .updateTable('idempotent_requests')
      .set({ state: 'running', response_status: null, response_type: null, response_body: null })
      .where('user_id', '=', c.userId)
      .execute();
    const busy = await sendDeposit(c.client, form, key);
    expect(busy.statusCode, busy.body).toBe(409);
    expect(busy.json()).toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS' });
    expect(busy.headers['retry-after']).toBe('1');
    expect((await footprint()).requests).toBe(before.requests + 1);

    // A claim that stopped being renewed (its server died 11 s ago): come back when it lapses,
    // not every second (each retry counts against the route's rate limit).
    await suite.database.db
      .updateTable('idempotent_requests')
      .set({ locked_until: new Date(Date.now() + 9_000) })
      .where('user_id', '=', c.userId)
      .execute();
    const dying = await sendDeposit(c.client, form, key);
    expect(dying.statusCode, dying.body).toBe(409);
    expect(Number(dying.headers['retry-after'])).toBeGreaterThanOrEqual(8);
    expect(Number(dying.headers['retry-after'])).toBeLessThanOrEqual(9);

    // A claim whose server died (its lease ran out) is taken over by the next retry.
    await suite.database.db
      .updateTable('idempotent_requests')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('user_id', '=', c.userId)
      .execute();
    const retaken = await sendDeposit(c.client, form, key);
    expect(retaken.statusCode, retaken.body).toBe(201);
    expect(retaken.headers['idempotent-replayed']).toBeUndefined();
  });

  it('sent many times at once runs once: every answer is that one or a 409', async () => {
    const fee = await purpose();
    const c = await payer();
    await fund(c, 10_000n);
    const key = newKey();
    const body = { purpose: fee.id, amount: '5.00', idempotencyKey: newKey(), pin: TEST_PIN };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => c.client.post(PAY, body, { 'idempotency-key': key })),
    );
    const done = answers.filter((a) => a.statusCode === 201);
    expect(done.length).toBeGreaterThan(0);
    for (const a of answers) expect([201, 409], a.body).toContain(a.statusCode);
    expect(new Set(done.map((a) => a.json().request.id)).size).toBe(1);
    expect(await debitsOf(c)).toBe(1);
  });

  it('of a change that cannot be made twice answers as the first did', async () => {
    const c = await payer();
    const key = newKey();
    const body = { currentPin: TEST_PIN, newPin: '1357', confirmPin: '1357' };
    const first = await c.client.post('/api/v1/pin/change', body, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(200);
    // Without the key, the same form again is refused: the current PIN is no longer 2580.
    const again = await c.client.post('/api/v1/pin/change', body, { 'idempotency-key': key });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    const wrongPins = await suite.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'security.pin_failed')
      .where('target_id', '=', String(c.userId))
      .execute();
    expect(wrongPins).toEqual([]);
  });

  it('tells a PIN guess under a used key nothing: every guess gets the first answer', async () => {
    const fee = await purpose();
    const c = await payer();
    await fund(c, 10_000n);
    const key = newKey();
    const body = { purpose: fee.id, amount: '7.00', idempotencyKey: newKey() };
    const first = await c.client.post(PAY, { ...body, pin: TEST_PIN }, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(201);
    // Someone holding the session and this key, not the PIN: were the PIN compared, a wrong
    // guess would be a 422 and the right one the first answer, and no guess would be counted.
    for (const pin of ['0000', '1234', '9999', TEST_PIN]) {
      const guess = await c.client.post(PAY, { ...body, pin }, { 'idempotency-key': key });
      expect(guess.statusCode, guess.body).toBe(201);
      expect(guess.headers['idempotent-replayed']).toBe('true');
      expect(guess.body).toBe(first.body);
    }
    expect(await debitsOf(c)).toBe(1);
    // The rest of the request is still compared.
    const other = await c.client.post(
      PAY,
      { ...body, amount: '7.01', pin: '0000' },
      { 'idempotency-key': key },
    );
    expect(other.statusCode).toBe(422);
  });

  it('is refused, not replayed, once the session has ended or the permission is gone', async () => {
    const fee = await purpose();
    const c = await payer();
    await fund(c, 10_000n);
    const key = newKey();
    const body = { purpose: fee.id, amount: '3.00', idempotencyKey: newKey(), pin: TEST_PIN };
    expect((await c.client.post(PAY, body, { 'idempotency-key': key })).statusCode).toBe(201);
    const ended = c.client.cookie;
    expect((await c.client.post('/api/v1/auth/signout')).statusCode).toBeLessThan(300);
    const replay = await suite.app.inject({
      method: 'POST',
      url: PAY,
      payload: body,
      headers: { 'x-bank-csrf': '1', cookie: ended ?? '', 'idempotency-key': key },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.headers['idempotent-replayed']).toBeUndefined();

    // A staff member's stored answer is not given back once their role no longer grants it.
    const finance = await staff('finance');
    const checks = '/api/v1/staff/ledger-checks';
    const ran = await finance.post(checks, {}, { 'idempotency-key': key });
    expect(ran.statusCode, ran.body).toBe(201);
    expect((await finance.post(checks, {}, { 'idempotency-key': key })).statusCode).toBe(201);
    const role = await suite.database.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'customer_service')
      .executeTakeFirstOrThrow();
    const member = await suite.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'funding.finance@bank.example')
      .executeTakeFirstOrThrow();
    await suite.database.db.deleteFrom('user_roles').where('user_id', '=', member.id).execute();
    await suite.database.db
      .insertInto('user_roles')
      .values({ user_id: member.id, role_id: role.id })
      .execute();
    const refused = await finance.post(checks, {}, { 'idempotency-key': key });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['idempotent-replayed']).toBeUndefined();
  });

  it('is refused when the key is not 8 to 100 printable characters', async () => {
    const c = await customer();
    for (const bad of ['short', 'x'.repeat(101), 'has space in it']) {
      const res = await c.client.post(
        '/api/v1/notifications/read-all',
        {},
        {
          'idempotency-key': bad,
        },
      );
      expect(res.statusCode, bad).toBe(400);
    }
  });
});

describe('the API description', () => {
  it('documents the Idempotency-Key on every change a signed-in person makes', async ({
    annotate,
  }) => {
    const spec = suite.app.swagger() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    const missing: string[] = [];
    let documented = 0;
    for (const [path, methods] of Object.entries(spec.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const route = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
        const access = suite.app.routeAccess.get(route);
        const changes = method !== 'get' && method !== 'head';
        if (!changes || !access || 'public' in access || path.startsWith('/api/v1/auth/')) continue;
        const has = (op.parameters ?? []).some(
          (p) => p.in === 'header' && p.name === 'idempotency-key',
        );
        if (has) documented += 1;
        else missing.push(route);
      }
    }
    // The two that keep answers of their own: the identity check and a ledger adjustment
    // (which documents its own required key).
    expect(missing).toEqual(['POST /api/v1/kyc/submission']);
    expect(documented).toBeGreaterThan(80);
    await annotate(`${documented} operations document the Idempotency-Key`);
  });
});

describe('X-Served-By', () => {
  it('names the server on every answer: a success, a refusal, an unknown path', async () => {
    const c = await customer();
    for (const res of [
      await c.client.get('/api/v1/profile'),
      await c.client.post('/api/v1/profile', { unknown: 1 }),
      await c.client.get('/api/v1/nowhere'),
      await suite.app.inject({ method: 'GET', url: '/api/health' }),
    ]) {
      expect(res.headers['x-served-by']).toBe(SERVER_ID);
    }
  });
});
