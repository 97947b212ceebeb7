import { mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
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
    await expect(
      openDatabase({ engine: 'pglite', dataDir, waitForLock: false }),
    ).rejects.toBeInstanceOf(DataDirInUseError);
    await sql`create table kept (n int)`.execute(first.db);
    await first.close();

    const second = await openDatabase({ engine: 'pglite', dataDir });
    const rows = await sql<{ n: number }>`select count(*)::int as n from kept`.execute(second.db);
    expect(rows.rows[0]?.n).toBe(0);
    await second.close();
  });

  it('takes over a lock that a crashed process stopped refreshing', async () => {
    const lock = path.join(dataDir, 'pgdata.lock');
    mkdirSync(lock);
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(lock, longAgo, longAgo);
    const reopened = await openDatabase({ engine: 'pglite', dataDir });
    await reopened.close();
  });
});
