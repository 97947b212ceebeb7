import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, openDatabase } from '../../src/db/connection.js';

// The embedded database only: PostgreSQL manages its own concurrency.
describe('embedded database folder', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-lock-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a second opener while the first has it, and frees it on close', async () => {
    const first = await openDatabase({ engine: 'pglite', dataDir });
    await expect(openDatabase({ engine: 'pglite', dataDir })).rejects.toBeInstanceOf(
      DataDirInUseError,
    );
    await sql`create table kept (n int)`.execute(first.db);
    await first.close();

    const second = await openDatabase({ engine: 'pglite', dataDir });
    const rows = await sql<{ n: number }>`select count(*)::int as n from kept`.execute(second.db);
    expect(rows.rows[0]?.n).toBe(0);
    await second.close();
  });

  it('takes over a lock left by a process that no longer exists', async () => {
    // Pid 2^22 + 1 is above Linux's default pid_max: no such process.
    writeFileSync(path.join(dataDir, 'pgdata.lock'), '4194305\n');
    const reopened = await openDatabase({ engine: 'pglite', dataDir });
    await reopened.close();
  });
});
