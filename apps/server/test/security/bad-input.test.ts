import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import { buildTestApp } from '../helpers/app.js';
import { signedInCustomer } from '../helpers/customers.js';
import { createTestDatabase, engineName } from '../helpers/database.js';
import { TestClient } from '../helpers/http.js';
import { multipartBody, type Part } from '../helpers/multipart.js';
import { createStaff, signInStaff } from '../helpers/staff.js';

/**
 * Bad input gets a clear 4xx and writes nothing, never a 500: control characters and broken
 * Unicode in any text, malformed uploads, races on unique rows, floods, and a database that is
 * gone (503 with Retry-After). Then every route's body and query are fuzzed.
 */
let database: Database;
let app: FastifyInstance;
let png: Buffer;
const STAFF = { email: 'fuzz.admin@bank.example', password: 'sturdy orchard violet compass' };

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database);
  await app.ready();
  png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#468' } })
    .png()
    .toBuffer();
  await createStaff(database, STAFF);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

let staffSession: TestClient | undefined;
/** The admin, through both sign-in steps once (an authenticator code works once). */
async function staff() {
  staffSession ??= await signInStaff(app, STAFF);
  return staffSession;
}

const NASTY_TEXT = ['Ada\u0000', 'Ada\ud800', '\udfffLovelace', 'a\u0007b', 'x\u009fy'];

async function countUsers() {
  const row = await database.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function signupBody(overrides: Record<string, unknown>) {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    username: `ada_${tag}`,
    email: `ada.${tag}@example.com`,
    password: 'velvet tram orbit lantern',
    acceptTerms: true,
    ...overrides,
  };
}

/** Sends raw bytes as a multipart upload with the onboarding client's session. */
function rawUpload(client: TestClient, payload: Buffer | string, contentType: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/kyc/submission',
    payload,
    headers: { 'content-type': contentType, 'x-bank-csrf': '1', cookie: client.cookie ?? '' },
  });
}

function kycParts(fields: Record<string, string> = {}): Part[] {
  const values = {
    country: 'GB',
    phone: '07911 123456',
    homeAddress: '1 High Street, London',
    documentType: "Driver's License",
    ...fields,
  };
  return [
    ...Object.entries(values).map(([name, value]) => ({ name, value })),
    ...['pic', 'idcardFront', 'idcardBack'].map((name) => ({
      name,
      value: png,
      fileName: `${name}.png`,
      type: 'image/png',
    })),
  ];
}

describe(`bad input (${engineName})`, () => {
  it('refuses control characters and lone surrogates in any JSON text with a 400, writing nothing', async () => {
    const before = await countUsers();
    for (const bad of NASTY_TEXT) {
      for (const field of ['firstName', 'lastName', 'username', 'email', 'password']) {
        const response = await new TestClient(app).post(
          '/api/v1/auth/signup',
          signupBody({ [field]: bad }),
        );
        expect(response.statusCode, `${field}=${JSON.stringify(bad)}`).toBe(400);
        expect(response.json().code).toBe('VALIDATION_FAILED');
      }
      const signin = await new TestClient(app).post('/api/v1/auth/signin', {
        email: 'a@b.co',
        password: bad,
      });
      expect(signin.statusCode).toBe(400);
    }
    expect(await countUsers()).toBe(before);
    const admin = await staff();
    for (const bad of NASTY_TEXT) {
      const added = await admin.post('/api/v1/staff/catalog/document-types', {
        name: `Card ${bad}`,
      });
      expect(added.statusCode).toBe(400);
      const declined = await admin.post('/api/v1/staff/kyc/submissions/1/decline', {
        reason: `Blurred ${bad} photo`,
      });
      expect(declined.statusCode).toBe(400);
    }
  });

  it('refuses the same in a query string and in upload fields', async () => {
    const { client } = await signedInCustomer(app, database, { kycStatus: 'approved' });
    const query = await client.get('/api/v1/accounts/current/transactions?cursor=%00abc');
    expect(query.statusCode).toBe(400);
    const surrogate = await client.get('/api/v1/accounts/current/transactions?cursor=%ED%A0%80');
    expect(surrogate.statusCode).toBeLessThan(500);
    const { client: onboarding } = await signedInCustomer(app, database);
    const { payload, contentType } = multipartBody(kycParts({ homeAddress: '1 High St\u0000' }));
    const upload = await rawUpload(onboarding, payload, contentType);
    expect(upload.statusCode).toBe(400);
    expect(upload.json().errors[0].path).toBe('body.homeAddress');
  });

  it('answers malformed uploads with a 400: no closing boundary, a truncated part, no boundary at all', async () => {
    const { client } = await signedInCustomer(app, database);
    const { payload, contentType, boundary } = multipartBody(kycParts());
    const noClosing = payload.subarray(0, payload.length - `--${boundary}--\r\n`.length);
    const truncated = payload.subarray(0, Math.floor(payload.length / 2));
    const cases: [string, Buffer | string, string][] = [
      ['no closing boundary', noClosing, contentType],
      ['truncated part', truncated, contentType],
      ['no boundary parameter', payload, 'multipart/form-data'],
      ['garbage', 'this is not multipart at all', contentType],
      [
        'header without end',
        `--${boundary}\r\nContent-Disposition: form-data; name="x"`,
        contentType,
      ],
    ];
    for (const [name, body, type] of cases) {
      const response = await rawUpload(client, body, type);
      expect(response.statusCode, `${name}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, name).toBeLessThan(500);
    }
    // A JSON body sent to the upload route is told to use multipart.
    expect((await client.post('/api/v1/kyc/submission', { country: 'GB' })).statusCode).toBe(400);
  });

  it('takes one of several identical identity submissions sent at once; the others are a 409', async () => {
    const { client, userId } = await signedInCustomer(app, database);
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => {
        const { payload, contentType } = multipartBody(kycParts());
        return rawUpload(client, payload, contentType);
      }),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 409 || s === 401)).toBe(true);
    const submissions = await database.db
      .selectFrom('kyc_submissions')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(submissions).toHaveLength(1);
  });

  it('answers a flood with its own code, RATE_LIMITED, and Retry-After', async () => {
    const limited = await buildTestApp(database, { rateLimits: true });
    try {
      let last;
      for (let i = 0; i < 11; i++) {
        last = await new TestClient(limited).post('/api/v1/auth/signin', {
          email: 'flood@example.com',
          password: 'x',
        });
      }
      expect(last?.statusCode).toBe(429);
      expect(last?.json().code).toBe('RATE_LIMITED');
      expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('answers 503 with Retry-After while the database is gone, not 500', async () => {
    const doomed = await createTestDatabase({ poolSize: 2 });
    const doomedApp = await buildTestApp(doomed);
    await doomedApp.ready();
    const { client } = await signedInCustomer(doomedApp, doomed, { kycStatus: 'approved' });
    await doomed.close();
    try {
      for (const response of [
        await client.get('/api/v1/accounts/current'),
        await new TestClient(doomedApp).post('/api/v1/auth/signin', {
          email: 'someone@example.com',
          password: 'whatever it is',
        }),
      ]) {
        expect(response.statusCode, response.body).toBe(503);
        expect(response.json().code).toBe('UNAVAILABLE');
        expect(response.headers['retry-after']).toBe('5');
      }
    } finally {
      await doomedApp.close();
    }
  });
});

/** Values of every JSON type, and strings that broke servers before. */
const awkward = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(
    null,
    '',
    ' ',
    '\u0000',
    '\ud800',
    'a'.repeat(100_000),
    -1,
    1e308,
    Number.MAX_SAFE_INTEGER,
    [],
    {},
    { __proto__: { admin: true } },
    { constructor: { prototype: { admin: true } } },
    '99999999999999999999999',
    '1e3',
    '<script>alert(1)</script>',
    "'; drop table users; --",
  ),
);

/** Any value as query text (some objects have no usable toString). */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

describe(`fuzzing every route (${engineName})`, () => {
  it('no body or query, however wrong, gets a 5xx from any route, for any session', async () => {
    const sessions: [string, TestClient][] = [
      ['signed out', new TestClient(app)],
      ['onboarding', (await signedInCustomer(app, database)).client],
      ['customer', (await signedInCustomer(app, database, { kycStatus: 'approved' })).client],
      ['staff', await staff()],
    ];
    const routes = [...app.routeAccess.keys()].filter((r) => r !== 'POST /api/v1/auth/signout');
    const failures: string[] = [];
    for (const [who, client] of sessions) {
      for (const route of routes) {
        const [method, path] = route.split(' ') as ['GET' | 'POST', string];
        const samples = fc.sample(awkward, { numRuns: 12, seed: 7 });
        const objects = fc.sample(fc.dictionary(fc.string(), awkward), { numRuns: 8, seed: 11 });
        for (const [index, value] of [...samples, ...objects].entries()) {
          const url = path.replace(/:id\b/g, index % 2 ? '1' : '007').replace(/:role\b/g, 'photo');
          const response =
            method === 'GET'
              ? await client.get(
                  `${url}?${new URLSearchParams({ limit: asText(value), cursor: asText(value) })}`,
                )
              : await client.post(url, value);
          if (response.statusCode >= 500) {
            failures.push(
              `${who} ${route} ${JSON.stringify(value)?.slice(0, 80)} -> ${response.statusCode}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('ids in paths that are not plain digits within bigint are a 400', async () => {
    const admin = await staff();
    for (const id of ['0', '-1', '1e3', '01', 'abc', '9223372036854775808', '1.5', '%00']) {
      const response = await admin.get(`/api/v1/staff/kyc/submissions/${id}`);
      expect(response.statusCode, id).toBe(400);
    }
  });
});

describe(`bodies built to cost (${engineName})`, () => {
  it('a deeply nested body is a 400, never a 500, and costs little', async () => {
    for (const depth of [40, 5_000, 30_000]) {
      const body = `${'['.repeat(depth)}"x"${']'.repeat(depth)}`;
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/signout',
        payload: body,
        headers: { 'content-type': 'application/json', 'x-bank-csrf': '1' },
      });
      expect(response.statusCode, `depth ${depth}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `depth ${depth}`).toBeLessThan(500);
    }
  });

  it('a body over 64 KB is a 413', async () => {
    const response = await new TestClient(app).post('/api/v1/auth/signin', {
      email: 'a@b.co',
      password: 'x'.repeat(70_000),
    });
    expect(response.statusCode).toBe(413);
  });
});
