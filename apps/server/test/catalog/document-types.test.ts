import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import { bootstrapAdmin } from '../../src/modules/staff/bootstrap.js';
import { buildTestApp } from '../helpers/app.js';
import { createTestDatabase } from '../helpers/database.js';
import { signedInCustomer } from '../helpers/customers.js';
import { TestClient } from '../helpers/http.js';
import { signInStaff } from '../helpers/staff.js';

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

let adminSession: TestClient | undefined;
/** The admin, signed in through both steps once per suite (a code works only once). */
async function admin() {
  adminSession ??= await signInStaff(app, ADMIN);
  return adminSession;
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
    // Any letter case, and look-alike apostrophes or fullwidth letters, are the same name.
    for (const name of [
      'passport',
      'PASSPORT',
      'Passport',
      'Ｐａｓｓｐｏｒｔ',
      'Driver’s License',
    ]) {
      const again = await staff.post(BASE, { name });
      expect(again.statusCode, name).toBe(409);
      expect(again.json()).toMatchObject({
        detail: 'That document type is already in the catalog.',
        errors: [{ path: 'body.name', message: 'That document type is already in the catalog.' }],
      });
    }
    const names = (await staff.get(BASE)).json().items.map((t: { name: string }) => t.name);
    expect(names.filter((n: string) => n.toLowerCase() === 'passport')).toHaveLength(1);
  });

  it('refuses a bad name with a 400 and writes nothing', async () => {
    const staff = await admin();
    const before = (await staff.get(BASE)).json().items.length;
    const refused = [
      '',
      'x',
      'y'.repeat(61),
      'Tab\there',
      'New\nline',
      'ab\u0085c',
      'Pass\u200bport',
    ];
    for (const name of refused) {
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
    expect(await auditOf(added.id)).toMatchObject([
      { action: 'catalog.document_type.add', after: { name: 'Military ID', active: true } },
      {
        action: 'catalog.document_type.retire',
        before: { name: 'Military ID', active: true },
        after: { name: 'Military ID', active: false },
      },
      {
        action: 'catalog.document_type.restore',
        before: { name: 'Military ID', active: false },
        after: { name: 'Military ID', active: true },
      },
    ]);
  });

  it("never retires Driver's License", async () => {
    const staff = await admin();
    const fixed = (await staff.get(BASE)).json().items.find((t: { fixed: boolean }) => t.fixed);
    const response = await staff.post(`${BASE}/${fixed.id}/retire`);
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe("Driver's License is always offered.");
    const after = (await staff.get(BASE))
      .json()
      .items.find((t: { id: string }) => t.id === fixed.id);
    expect(after.active).toBe(true);
    expect(await auditOf(fixed.id)).toEqual([]);
  });

  it('takes two identical names sent at the same moment as one: the other is a 409', async () => {
    const [a, b] = [await admin(), await admin()];
    const answers = await Promise.all([
      a.post(BASE, { name: 'Refugee Travel Document' }),
      b.post(BASE, { name: 'Refugee Travel Document' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('answers 404 for a type that does not exist', async () => {
    const staff = await admin();
    expect((await staff.post(`${BASE}/999999/retire`)).statusCode).toBe(404);
  });

  it('is closed to staff without catalog.manage and to customers', async () => {
    const reviewer = { email: 'kyc.only@bank.example', password: 'sturdy orchard violet compass' };
    await bootstrapAdmin(database.db, reviewer);
    // A reviewer of identity checks only: another permission does not open the catalog.
    const user = database.db.selectFrom('users').select('id').where('email', '=', reviewer.email);
    await database.db.deleteFrom('user_roles').where('user_id', '=', user).execute();
    await database.db
      .insertInto('user_roles')
      .columns(['user_id', 'role_id'])
      .expression(
        database.db
          .selectFrom('roles')
          .select([user.as('user_id'), 'id as role_id'])
          .where('name', '=', 'kyc_reviewer'),
      )
      .execute();
    const client = await signInStaff(app, reviewer);
    expect((await client.get(BASE)).statusCode).toBe(403);
    expect((await client.post(BASE, { name: 'Sneaky Card' })).statusCode).toBe(403);
    expect((await new TestClient(app).get(BASE)).statusCode).toBe(401);
    const names = (await (await admin()).get(BASE))
      .json()
      .items.map((t: { name: string }) => t.name);
    expect(names).not.toContain('Sneaky Card');
  });
});

describe('ids in the path', () => {
  it('takes plain digits within bigint only, answering 400 otherwise', async () => {
    const staff = await admin();
    for (const id of ['0x10', '99999999999999999999999', '9223372036854775808', '-1', '1e3', '0']) {
      expect((await staff.post(`${BASE}/${id}/retire`)).statusCode, id).toBe(400);
    }
    expect((await staff.post(`${BASE}/9223372036854775807/retire`)).statusCode).toBe(404);
  });
});
