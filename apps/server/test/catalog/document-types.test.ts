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
const ADMIN = { email: 'catalog@bank.example', password: 'granite harbour lighthouse keeper' };
const BASE = '/api/v1/staff/catalog/document-types';

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database);
  await app.ready();
  await bootstrapAdmin(database.db, ADMIN);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function admin() {
  const client = new TestClient(app);
  expect((await client.post('/api/v1/auth/signin', ADMIN)).json()).toEqual({ next: 'staff' });
  return client;
}

/** What the KYC form offers a customer holding an onboarding session. */
async function offeredToCustomers(): Promise<string[]> {
  const { client } = await signedInCustomer(app, database);
  return (await client.get('/api/v1/kyc/document-types')).json().documentTypes;
}

function auditOf(targetId: string) {
  return database.db
    .selectFrom('audit_log')
    .select(['action', 'before', 'after', 'actor_id as actorId'])
    .where('target_type', '=', 'document_type')
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute();
}

describe('the document type catalog', () => {
  it("lists the seeded types, Driver's License fixed", async () => {
    const staff = await admin();
    const list = await staff.get(BASE);
    expect(list.statusCode).toBe(200);
    expect(
      list.json().items.map((t: { name: string; fixed: boolean }) => [t.name, t.fixed]),
    ).toEqual([
      ["Driver's License", true],
      ['Passport', false],
      ['National ID Card', false],
    ]);
  });

  it('adds a type customers are offered at once, audited', async () => {
    const staff = await admin();
    const added = await staff.post(BASE, { name: '  Residence Permit  ' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Residence Permit', active: true, fixed: false });
    expect(await offeredToCustomers()).toContain('Residence Permit');
    const trail = await auditOf(added.json().id);
    expect(trail).toMatchObject([
      { action: 'catalog.document_type.add', after: { name: 'Residence Permit', active: true } },
    ]);
    expect(trail[0]?.actorId).not.toBeNull();
  });

  it('refuses a name already there in any case, with the reason on the field', async () => {
    const staff = await admin();
    for (const name of ['passport', 'PASSPORT', 'Passport']) {
      const again = await staff.post(BASE, { name });
      expect(again.statusCode, name).toBe(409);
      expect(again.json()).toMatchObject({
        detail: 'That document type is already in the catalog.',
        errors: [{ path: 'name', message: 'That document type is already in the catalog.' }],
      });
    }
    const names = (await staff.get(BASE)).json().items.map((t: { name: string }) => t.name);
    expect(names.filter((n: string) => n.toLowerCase() === 'passport')).toHaveLength(1);
  });

  it('refuses a bad name with a 400 and writes nothing', async () => {
    const staff = await admin();
    const before = (await staff.get(BASE)).json().items.length;
    for (const name of ['', 'x', 'y'.repeat(61), 'Tab\there', 'New\nline']) {
      const response = await staff.post(BASE, { name });
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
    }
    expect((await staff.post(BASE, {})).statusCode).toBe(400);
    expect((await staff.get(BASE)).json().items.length).toBe(before);
  });

  it('retires a type (customers stop seeing it) and offers it again, each audited', async () => {
    const staff = await admin();
    const added = (await staff.post(BASE, { name: 'Military ID' })).json();
    const retired = await staff.post(`${BASE}/${added.id}/retire`);
    expect(retired.statusCode).toBe(200);
    expect(retired.json()).toMatchObject({ name: 'Military ID', active: false });
    expect(await offeredToCustomers()).not.toContain('Military ID');
    // Retiring twice changes nothing and writes no second entry.
    expect((await staff.post(`${BASE}/${added.id}/retire`)).json().active).toBe(false);

    const restored = await staff.post(`${BASE}/${added.id}/restore`);
    expect(restored.json()).toMatchObject({ active: true });
    expect(await offeredToCustomers()).toContain('Military ID');
    expect((await auditOf(added.id)).map((a) => a.action)).toEqual([
      'catalog.document_type.add',
      'catalog.document_type.retire',
      'catalog.document_type.restore',
    ]);
  });

  it("never retires Driver's License", async () => {
    const staff = await admin();
    const fixed = (await staff.get(BASE)).json().items.find((t: { fixed: boolean }) => t.fixed);
    const response = await staff.post(`${BASE}/${fixed.id}/retire`);
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe("Driver's License is always offered.");
    expect((await offeredToCustomers())[0]).toBe("Driver's License");
    expect(await auditOf(fixed.id)).toEqual([]);
  });

  it('answers 404 for a type that does not exist', async () => {
    const staff = await admin();
    expect((await staff.post(`${BASE}/999999/retire`)).statusCode).toBe(404);
  });

  it('is closed to staff without catalog.manage and to customers', async () => {
    const reviewer = { email: 'kyc.only@bank.example', password: 'sturdy orchard violet compass' };
    await bootstrapAdmin(database.db, reviewer);
    await database.db
      .deleteFrom('user_roles')
      .where(
        'user_id',
        '=',
        database.db.selectFrom('users').select('id').where('email', '=', reviewer.email),
      )
      .execute();
    const client = new TestClient(app);
    await client.post('/api/v1/auth/signin', reviewer);
    expect((await client.get(BASE)).statusCode).toBe(403);
    expect((await client.post(BASE, { name: 'Sneaky Card' })).statusCode).toBe(403);
    expect((await new TestClient(app).get(BASE)).statusCode).toBe(401);
    const names = (await (await admin()).get(BASE))
      .json()
      .items.map((t: { name: string }) => t.name);
    expect(names).not.toContain('Sneaky Card');
  });
});
