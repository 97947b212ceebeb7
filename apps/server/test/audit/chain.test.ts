import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';
import { migrate } from '../../src/db/migrate.js';
import type { ScratchDatabase } from '../../src/db/scratch.js';
import { SYSTEM_ACTOR, audit, verifyAuditChain } from '../../src/platform/audit/index.js';
import { createTestDatabase, engineName } from '../helpers/database.js';

/**
 * The audit log's hash chain (migration 0014): every row linked to the one before by the
 * database itself, so that an edited or removed row is found by the verify walk, and the
 * application's own connection cannot edit or remove rows at all.
 */
let database: ScratchDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 12 });
});
afterAll(async () => {
  await database.close();
});

const event = (n: number) =>
  audit(database.db, {
    action: 'staff.signin_reset',
    actor: { ...SYSTEM_ACTOR, ip: '203.0.113.7' },
    targetId: String(n),
    after: { password: n % 2 === 0, secondFactor: true },
  });

/** Runs `statement` as the tables' owner with the append-only trigger out of the way. */
async function behindTheTriggers(statement: ReturnType<typeof sql>) {
  await database.db.transaction().execute(async (trx) => {
    await sql`alter table audit_log disable trigger audit_log_append_only`.execute(trx);
    await statement.execute(trx);
    await sql`alter table audit_log enable trigger audit_log_append_only`.execute(trx);
  });
}

describe(`the audit chain (${engineName})`, () => {
  it('links every row to the one before, with no gap, even when written at once', async () => {
    await Promise.all(Array.from({ length: 24 }, (_, i) => event(i)));
    const rows = await database.db
      .selectFrom('audit_log')
      .select(['seq', 'prev_hash as prevHash', 'hash'])
      .orderBy('seq')
      .execute();
    expect(rows.map((r) => Number(r.seq))).toEqual(rows.map((_, i) => i + 1));
    for (const [i, row] of rows.entries()) {
      expect(row.prevHash).toBe(i === 0 ? '0'.repeat(64) : rows[i - 1]?.hash);
      expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    }
    const report = await verifyAuditChain(database.db);
    expect(report.problems).toEqual([]);
    expect(report.rows).toBe(rows.length);
    expect(report.head?.seq).toBe(String(rows.length));
  });

  it("refuses an UPDATE, DELETE or TRUNCATE from the application's connection", async () => {
    await expect(sql`update audit_log set action = 'x'`.execute(database.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from audit_log where seq = 1`.execute(database.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`truncate audit_log`.execute(database.db)).rejects.toThrow(/append-only/);
    expect((await verifyAuditChain(database.db)).problems).toEqual([]);
  });

  it.skipIf(engineName !== 'postgres')(
    'as the role the application should connect with (docs/operations.md), cannot change a row even with the triggers out of the way',
    async () => {
      if (!database.url) throw new Error('a PostgreSQL test database has a URL');
      const role = `bank_app_${randomBytes(4).toString('hex')}`;
      const password = randomBytes(12).toString('hex');
      // The grants of docs/operations.md: everything the app does, no UPDATE or DELETE where
      // rows are kept for good, and ownership of nothing.
      await sql.raw(`create role ${role} login password '${password}'`).execute(database.db);
      await sql.raw(`grant usage on schema public to ${role}`).execute(database.db);
      await sql
        .raw(`grant select, insert, update, delete on all tables in schema public to ${role}`)
        .execute(database.db);
      await sql
        .raw(`grant usage, select on all sequences in schema public to ${role}`)
        .execute(database.db);
      await sql
        .raw(
          `revoke update, delete, truncate on audit_log, journal_entries, postings, ledger_checks from ${role}`,
        )
        .execute(database.db);
      const url = new URL(database.url);
      url.username = role;
      url.password = password;
      const app = new pg.Client({ connectionString: url.toString() });
      await app.connect();
      // The app starts as that role on a migrated database: nothing to apply, nothing created.
      const asApp = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 1 });
      try {
        expect((await migrate(asApp.db)).applied).toEqual([]);
      } finally {
        await asApp.close();
      }
      try {
        // It writes events, which join the chain as any others do.
        await app.query(
          `insert into audit_log (action, target_type, target_id) values ('staff.signin', 'user', '1')`,
        );
        for (const statement of [
          `update audit_log set action = 'x' where seq = 1`,
          'delete from audit_log where seq = 1',
          'truncate audit_log',
          'alter table audit_log disable trigger audit_log_append_only',
          'alter table audit_log disable trigger audit_log_link',
        ]) {
          await expect(app.query(statement), statement).rejects.toThrow(
            /permission denied|must be owner/,
          );
        }
      } finally {
        await app.end();
        await sql.raw(`drop owned by ${role}`).execute(database.db);
        await sql.raw(`drop role ${role}`).execute(database.db);
      }
      expect((await verifyAuditChain(database.db)).problems).toEqual([]);
    },
  );

  it('finds a row edited behind the triggers, and a chain that no longer meets its anchor', async () => {
    const head = (await verifyAuditChain(database.db)).head;
    await behindTheTriggers(
      sql`update audit_log set after = '{"password": true, "secondFactor": false}' where seq = 3`,
    );
    const report = await verifyAuditChain(database.db);
    expect(report.problems).toContainEqual(expect.objectContaining({ kind: 'edited', seq: '3' }));
    // Rewriting that row's hash (and so every later link) is caught by a head kept elsewhere.
    await behindTheTriggers(
      sql`update audit_log set hash = audit_row_hash(seq, prev_hash, actor_id, action,
        target_type, target_id, customer_id, before, after, ip, user_agent, created_at)
        where seq = 3`,
    );
    const rewritten = await verifyAuditChain(database.db, {
      anchors: [{ seq: BigInt(head?.seq ?? 0), hash: head?.hash ?? '' }],
    });
    expect(rewritten.problems).toContainEqual(
      expect.objectContaining({ kind: 'broken_link', seq: '4' }),
    );
  });

  it('finds a removed row', async () => {
    await behindTheTriggers(sql`delete from audit_log where seq = 10`);
    const report = await verifyAuditChain(database.db);
    expect(report.problems).toContainEqual({ kind: 'missing', fromSeq: '10', toSeq: '10' });
  });

  it('keeps only what the event catalogue names, and refuses a wrong shape', async () => {
    await audit(database.db, {
      action: 'security.permission_denied',
      actor: SYSTEM_ACTOR,
      targetId: 'GET /api/v1/staff/x',
      after: { permission: 'audit.read', password: 'hunter2' } as { permission: string },
    });
    const last = await database.db
      .selectFrom('audit_log')
      .select('after')
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(last.after).toEqual({ permission: 'audit.read' });
    await expect(
      audit(database.db, {
        action: 'security.pin_failed',
        actor: SYSTEM_ACTOR,
        targetId: '1',
        after: { failures: 'five' } as unknown as { failures: number },
      }),
    ).rejects.toThrow();
  });
});
