import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import { bootstrapAdmin } from '../../src/modules/staff/bootstrap.js';
import { PERMISSIONS, permissionsOf } from '../../src/platform/permissions.js';
import { buildTestApp } from '../helpers/app.js';
import { createTestDatabase } from '../helpers/database.js';
import { signInStaff } from '../helpers/staff.js';

let database: Database;
let app: FastifyInstance;
const ADMIN = { email: 'Admin@Bank.example', password: 'granite harbour lighthouse keeper' };

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('the first staff admin', () => {
  it('is created once, with every permission, audited, and signs in to the staff area', async () => {
    expect(await bootstrapAdmin(database.db, ADMIN)).toBe('created');
    const user = await database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    expect(user.kind).toBe('staff');
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect([...(await permissionsOf(database.db, user.id))].sort()).toEqual(
      [...PERMISSIONS].sort(),
    );

    const log = await database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '<>', 'staff.role_defined')
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      actor_id: null,
      action: 'staff.bootstrap_admin',
      target_id: String(user.id),
    });

    // The first sign-in (any letter case of the address) asks the admin to set up an
    // authenticator app; only then is the staff session open.
    const client = await signInStaff(app, {
      email: 'admin@bank.example',
      password: ADMIN.password,
    });
    expect(client.recoveryCodes).toHaveLength(10);
    expect((await client.get('/api/v1/auth/me')).json().scope).toBe('staff');
  });

  it('never overwrites an existing account from the environment', async () => {
    const before = await database.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    expect(
      await bootstrapAdmin(database.db, { ...ADMIN, password: 'another long passphrase here' }),
    ).toBe('exists');
    const after = await database.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    expect(after.password_hash).toBe(before.password_hash);
    const staff = await sql<{
      n: number;
    }>`select count(*)::int as n from users where kind = 'staff'`.execute(database.db);
    expect(staff.rows[0]?.n).toBe(1);
  });

  it('refuses a weak password or a malformed email', async () => {
    await expect(
      bootstrapAdmin(database.db, { email: 'ops@bank.example', password: 'admin123' }),
    ).rejects.toThrow(/BOOTSTRAP_ADMIN_PASSWORD/);
    await expect(
      bootstrapAdmin(database.db, { email: 'not-an-email', password: ADMIN.password }),
    ).rejects.toThrow(/BOOTSTRAP_ADMIN_EMAIL/);
  });

  it('keeps the audit log append-only', async () => {
    await expect(
      sql`update audit_log set action = 'nothing'`.execute(database.db),
    ).rejects.toMatchObject({
      code: '23001',
    });
    await expect(sql`delete from audit_log`.execute(database.db)).rejects.toMatchObject({
      code: '23001',
    });
  });
});
