/**
 * `npm run audit:verify` as an operator runs it: a process of its own (through tsx) on a real
 * database, which finds a row edited or removed behind the database's triggers and names it.
 * In the cli tier (`npm run test:cli`, seconds per run); the walk itself is covered in
 * chain.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR, audit } from '../../src/platform/audit/index.js';
import { openTarget, run } from '../helpers/cli.js';
import { engineName } from '../helpers/database.js';
import { tamper } from '../helpers/ledger.js';

describe('npm run audit:verify', () => {
  // Also the tool's DATA_DIR on PostgreSQL, so that nothing it writes lands in the repository.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-audit-verify-'));
  const cli = path.resolve(import.meta.dirname, '../../src/cli/audit-verify.ts');
  const tsx = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/tsx');

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(`prints the head and exits 0 on an intact chain, 1 naming an edited or removed row (${engineName})`, async () => {
    const target = await openTarget(dataDir);
    try {
      const env = { ...process.env, DATA_DIR: dataDir, ...target.env };
      const rows = await target.use(async (db) => {
        for (let i = 1; i <= 4; i++) {
          await audit(db, {
            action: 'staff.signin_reset',
            actor: { ...SYSTEM_ACTOR, ip: '203.0.113.7' },
            targetId: String(i),
            after: { password: true, secondFactor: i % 2 === 0 },
          });
        }
        return db.selectFrom('audit_log').select(['id', 'seq', 'hash']).orderBy('seq').execute();
      });
      expect(rows).toHaveLength(4);
      const second = rows[1];
      const last = rows[3];

      const intact = await run(tsx, [cli], { env });
      expect(intact.stdout).toContain(`Audit log (${engineName}): 4 rows`);
      expect(intact.stdout).toContain(`Head: ${last?.seq}:${last?.hash}`);
      expect(intact.stdout).toContain('Audit chain: OK');

      // Someone who owns the database edits a row with the triggers out of the way.
      await target.use((db) =>
        tamper(db, [
          `update audit_log set after = '{"password": false, "secondFactor": false}' where id = ${second?.id}`,
        ]),
      );
      const edited = await run(tsx, [cli], { env }).catch((error: unknown) => error);
      expect(edited).toMatchObject({ code: 1 });
      expect((edited as { stdout: string }).stdout).toContain(
        `row ${second?.seq} (id ${second?.id}) does not match its hash`,
      );

      // And removes one: the gap is named too, and the head recorded earlier no longer matches.
      await target.use((db) => tamper(db, [`delete from audit_log where id = ${last?.id}`]));
      const removed = await run(tsx, [cli, '--anchor', `${last?.seq}:${last?.hash}`], {
        env,
      }).catch((error: unknown) => error);
      expect(removed).toMatchObject({ code: 1 });
      const out = (removed as { stdout: string }).stdout;
      expect(out).toContain(`row ${second?.seq} (id ${second?.id}) does not match its hash`);
      expect(out).toContain(`row ${last?.seq} recorded elsewhere is not in the log`);
    } finally {
      await target.close();
    }
  });
});
