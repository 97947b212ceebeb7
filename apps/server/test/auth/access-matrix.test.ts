import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import { DEFAULT_ROLES } from '../../src/platform/permissions.js';
import { grants, type Access } from '../../src/plugins/access.js';
import { buildTestApp } from '../helpers/app.js';
import { CUSTOMER_PASSWORD, signedInCustomer } from '../helpers/customers.js';
import { createTestDatabase } from '../helpers/database.js';
import { TestClient } from '../helpers/http.js';
import {
  authenticatorCode,
  createStaff,
  rememberAuthenticator,
  signInStaff,
} from '../helpers/staff.js';

/**
 * Every API route declares who may call it (`config.access`); this reads those declarations
 * and checks, for every kind of session, that each route it does not admit refuses it (401 or
 * 403), and that each route it admits lets it through. A new route is covered the day it is
 * added, and cannot be added without a declaration.
 */
let database: Database;
let app: FastifyInstance;

/** The routes anyone may call: a route becomes public only by appearing here too. */
const PUBLIC = [
  'GET /api/health',
  'GET /api/v1/auth/session',
  'POST /api/v1/auth/signup',
  'POST /api/v1/auth/verify-email',
  'POST /api/v1/auth/resend-verification',
  'POST /api/v1/auth/signin',
  'POST /api/v1/auth/forgot',
  'POST /api/v1/auth/reset',
  'POST /api/v1/auth/signout',
  'POST /api/v1/auth/staff-invitation',
  'POST /api/v1/auth/staff-invitation/accept',
  // Signing in with a passkey instead of the password (decision 0033).
  'POST /api/v1/auth/passkey/options',
  'POST /api/v1/auth/passkey',
  // Anyone checks a receipt by its reference (decision 0026).
  'GET /api/v1/receipts/:reference',
].sort();

interface Kind {
  name: string;
  scope: 'customer' | 'onboarding' | 'staff' | 'mfa_pending' | 'second_factor' | null;
  permissions: readonly string[];
  client: () => Promise<TestClient>;
}

const STAFF_PASSWORD = 'sturdy orchard violet compass';
let staffSeq = 0;

async function staff(role: string): Promise<TestClient> {
  staffSeq += 1;
  const credentials = {
    email: `matrix.${role}.${staffSeq}@bank.example`,
    password: STAFF_PASSWORD,
  };
  await createStaff(database, credentials, role);
  return signInStaff(app, credentials);
}

async function pendingStaff(): Promise<TestClient> {
  staffSeq += 1;
  const credentials = {
    email: `matrix.pending.${staffSeq}@bank.example`,
    password: STAFF_PASSWORD,
  };
  await createStaff(database, credentials);
  const client = new TestClient(app);
  await client.post('/api/v1/auth/signin', credentials);
  return client;
}

/** A customer with two-step sign-in on, between their password and the second step. */
async function customerAtSecondStep(): Promise<TestClient> {
  const c = await signedInCustomer(app, database, { kycStatus: 'approved' });
  const setup = await c.client.post('/api/v1/settings/second-factor/authenticator/setup');
  rememberAuthenticator(c.email, (setup.json() as { secret: string }).secret);
  await c.client.post('/api/v1/settings/second-factor/authenticator', {
    code: await authenticatorCode(c.email),
  });
  const client = new TestClient(app);
  await client.post('/api/v1/auth/signin', { email: c.email, password: CUSTOMER_PASSWORD });
  return client;
}

const KINDS: Kind[] = [
  { name: 'signed out', scope: null, permissions: [], client: async () => new TestClient(app) },
  {
    name: 'an onboarding customer',
    scope: 'onboarding',
    permissions: [],
    client: async () =>
      (await signedInCustomer(app, database, { kycStatus: 'not_verified' })).client,
  },
  {
    name: 'a customer',
    scope: 'customer',
    permissions: [],
    client: async () => (await signedInCustomer(app, database, { kycStatus: 'approved' })).client,
  },
  {
    name: 'staff before their second factor',
    scope: 'mfa_pending',
    permissions: [],
    client: pendingStaff,
  },
  {
    name: 'a customer before their second step',
    scope: 'second_factor',
    permissions: [],
    client: customerAtSecondStep,
  },
  ...Object.entries(DEFAULT_ROLES).map(([role, permissions]) => ({
    name: `staff (${role})`,
    scope: 'staff' as const,
    permissions,
    client: () => staff(role),
  })),
];

function admits(access: Access, kind: Kind): boolean {
  if ('public' in access) return true;
  if ('session' in access) return kind.scope !== null && access.session.includes(kind.scope);
  return kind.scope === 'staff' && grants(access.permission, kind.permissions);
}

/** A concrete URL for a route, with plausible parameters, so only access can refuse it. */
function concrete(path: string): string {
  return path.replace(/:id\b/g, '1').replace(/:role\b/g, 'photo');
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
  it('has a declaration for every API route in the description, and no accidental public route', () => {
    const spec = app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const described = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const declared = [...app.routeAccess.keys()];
    for (const route of described) expect(declared, route).toContain(route);
    const publicRoutes = [...app.routeAccess]
      .filter(([, access]) => 'public' in access)
      .map(([route]) => route)
      .sort();
    expect(publicRoutes).toEqual(PUBLIC);
    // Every back-office route names its permission.
    for (const [route, access] of app.routeAccess) {
      if (route.includes('/api/v1/staff/')) expect('permission' in access, route).toBe(true);
    }
  });

  it('refuses a route declared without access when it is registered', async () => {
    const bare = await buildTestApp(database, { modules: [] });
    void bare.register(async (scope) => {
      scope.get('/api/v1/undeclared', async () => 'open');
    });
    await expect(bare.ready()).rejects.toThrow(/declares no access/);
  });

  it.each(KINDS.map((kind) => [kind.name, kind] as const))(
    '%s reaches exactly the routes declared for it',
    async (_name, kind) => {
      const client = await kind.client();
      const wrong: string[] = [];
      for (const [route, access] of app.routeAccess) {
        if ('public' in access) continue;
        const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
        const url = concrete(path);
        const body = { reason: 'A readable reason', name: 'A readable name' };
        const response =
          method === 'GET'
            ? await client.get(url)
            : method === 'PUT'
              ? await client.put(url, body)
              : method === 'DELETE'
                ? await client.delete(url)
                : await client.post(url, body);
        const refused =
          response.statusCode === 401 ||
          (response.statusCode === 403 &&
            response.json().detail === 'You do not have permission to do this.');
        if (admits(access, kind) === refused) {
          wrong.push(
            `${route} -> ${response.statusCode} (${admits(access, kind) ? 'should pass' : 'should refuse'})`,
          );
        }
      }
      expect(wrong).toEqual([]);
    },
  );
});
