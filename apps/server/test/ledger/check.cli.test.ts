/**
 * The command-line tool itself, as an operator runs it: a separate process started through tsx,
 * which costs seconds per run. That is why it is in the cli tier (`npm run test:cli`), not in
 * `npm test`; the checker's rules are covered in check.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openTarget, run } from '../helpers/cli.js';
import { engineName } from '../helpers/database.js';
import { fund, openCustomer, tamper } from '../helpers/ledger.js';

describe('npm run ledger:check', () => {
  // Also the tool's DATA_DIR on PostgreSQL, so that nothing it writes lands in the repository.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-ledger-check-'));
  const cli = path.resolve(import.meta.dirname, '../../src/cli/ledger-check.ts');
  const tsx = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/tsx');

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints the trial balance and exits 0 on a healthy ledger, 1 on a violation', async () => {
    const target = await openTarget(dataDir);
    try {
      const env = { ...process.env, DATA_DIR: dataDir, ...target.env };
      const account = await target.use(async (db) => {
        const opened = await openCustomer(db, 'USD');
        await fund(db, opened, 4_200n);
        return opened;
      });

      const healthy = await run(tsx, [cli], { env });
      expect(healthy.stdout).toContain(`Trial balance (${engineName})`);
      expect(healthy.stdout).toContain('42.00');
      expect(healthy.stdout).toContain('Ledger check: OK');

      await target.use((db) =>
        tamper(db, [`update ledger_accounts set balance = 1 where id = ${account.id}`]),
      );
      const failure = await run(tsx, [cli], { env }).catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: 1 });
      expect((failure as { stdout: string }).stdout).toContain('cached_balance_mismatch');
    } finally {
      await target.close();
    }
  });
});
