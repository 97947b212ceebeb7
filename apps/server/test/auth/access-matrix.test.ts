import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import { bootstrapAdmin } from '../../src/modules/staff/bootstrap.js';
import { buildTestApp } from '../helpers/app.js';
import { createTestDatabase } from '../helpers/database.js';
import { signedInCustomer } from '../helpers/customers.js';
import { TestClient } from '../helpers/http.js';

let database: Database;
let app: FastifyInstance;

/** Routes anyone may call, signed in or not. */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/v1/auth/session',
  'POST /api/v1/auth/signup',
  'POST /api/v1/auth/verify-email',
  'POST /api/v1/auth/resend-verification',
  'POST /api/v1/auth/signin',
  'POST /api/v1/auth/forgot',
  'POST /api/v1/auth/reset',
  'POST /api/v1/auth/signout',
]);
/** What a not-yet-approved customer's onboarding session opens, beyond the public routes. */
const ONBOARDING = new Set([
  'GET /api/v1/auth/me',
  'GET /api/v1/kyc/document-types',
  'POST /api/v1/kyc/submission',
]);
/** What an approved customer opens today (the dashboard issues add to this list). */
const CUSTOMER = new Set([
  'GET /api/v1/auth/me',
  'GET /api/v1/accounts/current',
  'GET /api/v1/accounts/current/transactions',
]);

/** A KYC reviewer opens the identity-check routes of the back office and nothing of a customer's. */
const KYC_REVIEWER = new Set([
  'GET /api/v1/auth/me',
  'GET /api/v1/staff/kyc/queue',
  'GET /api/v1/staff/kyc/submissions/{id}',
  'GET /api/v1/staff/kyc/submissions/{id}/documents/{role}',
  'POST /api/v1/staff/kyc/submissions/{id}/approve',
  'POST /api/v1/staff/kyc/submissions/{id}/decline',
]);
/** Staff whose role grants no permission used by a route built so far. */
const OPERATIONS = new Set(['GET /api/v1/auth/me']);

/** Every API route, from the OpenAPI description generated from the route schemas. */
function apiRoutes(): { method: 'GET' | 'POST'; path: string }[] {
  const spec = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((m) => ({ method: m.toUpperCase() as 'GET' | 'POST', path })),
  );
}

/** A concrete URL for a route, with plausible parameters, so only the session can refuse it (the body
 * sent with every POST is likewise valid for each route). */
function concrete(path: string): string {
  return path.replace('{id}', '1').replace('{role}', 'photo');
}

type SessionKind = 'onboarding' | 'customer' | 'kyc_reviewer' | 'operations';

/** A staff member whose only role is `role`. */
async function staffWithRole(role: string): Promise<TestClient> {
  const staff = {
    email: `matrix.${role}.${Date.now()}@bank.example`,
    password: 'sturdy orchard violet compass',
  };
  await bootstrapAdmin(database.db, staff);
  const user = await database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', staff.email)
    .executeTakeFirstOrThrow();
  const granted = await database.db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', role)
    .executeTakeFirstOrThrow();
  await database.db.deleteFrom('user_roles').where('user_id', '=', user.id).execute();
  await database.db
    .insertInto('user_roles')
    .values({ user_id: user.id, role_id: granted.id })
    .execute();
  const client = new TestClient(app);
  await client.post('/api/v1/auth/signin', staff);
  return client;
}

async function sessionFor(kind: SessionKind) {
  if (kind === 'kyc_reviewer' || kind === 'operations') {
    const client = await staffWithRole(kind);
    expect((await client.get('/api/v1/auth/me')).json().scope).toBe('staff');
    return client;
  }
  const { client } = await signedInCustomer(app, database, {
    kycStatus: kind === 'customer' ? 'approved' : 'not_verified',
  });
  expect((await client.get('/api/v1/auth/me')).json().scope).toBe(kind);
  return client;
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('access matrix', () => {
  it('covers the routes that exist (the list below grows with the API)', () => {
    const keys = apiRoutes().map((r) => `${r.method} ${r.path}`);
    expect(keys).toContain('POST /api/v1/kyc/submission');
    expect(keys).toContain('POST /api/v1/staff/kyc/submissions/{id}/approve');
    expect(keys.length).toBeGreaterThanOrEqual(16);
  });

  it.each([
    ['signed out', null, new Set<string>()],
    ['an onboarding session', 'onboarding', ONBOARDING],
    ['a customer session', 'customer', CUSTOMER],
    ['a KYC reviewer', 'kyc_reviewer', KYC_REVIEWER],
    ['staff without a permission used so far', 'operations', OPERATIONS],
  ] as const)('%s reaches nothing beyond its own routes', async (_name, kind, allowed) => {
    const client = kind ? await sessionFor(kind) : new TestClient(app);
    const reached: string[] = [];
    for (const route of apiRoutes()) {
      const key = `${route.method} ${route.path}`;
      if (PUBLIC.has(key) || allowed.has(key) || route.path === '/api/openapi.json') continue;
      const url = concrete(route.path);
      const response =
        route.method === 'GET'
          ? await client.get(url)
          : await client.post(url, { reason: 'A readable reason', name: 'A readable name' });
      if (![401, 403].includes(response.statusCode))
        reached.push(`${key} -> ${response.statusCode}`);
    }
    expect(reached).toEqual([]);
  });
});
