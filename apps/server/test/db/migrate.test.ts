import { createHash } from 'node:crypto';
import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import {
  defaultMigrationsDir,
  migrate,
  MigrationError,
  readMigrations,
} from '../../src/db/migrate.js';
import type { Executor } from '../../src/ledger/index.js';
import { createUnmigratedDatabase } from '../helpers/database.js';

const tempDirs: string[] = [];

/** A temporary migrations folder holding these files (name -> SQL text). */
function migrationsDir(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bank-migrations-'));
  tempDirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

/** A temporary copy of the real migrations, to edit or extend. */
function copyOfRealMigrations(): string {
  const dir = migrationsDir({});
  for (const file of realFiles)
    copyFileSync(path.join(defaultMigrationsDir, file), path.join(dir, file));
  return dir;
}

const realFiles = readdirSync(defaultMigrationsDir)
  .filter((f) => f.endsWith('.sql'))
  .sort();

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function appliedRows(db: Executor) {
  return db
    .selectFrom('schema_migrations')
    .select(['version', 'name', 'checksum', 'applied_at'])
    .orderBy('version')
    .execute();
}

async function tableExists(db: Executor, name: string): Promise<boolean> {
  const { rows } = await sql<{ t: string | null }>`select to_regclass(${name})::text as t`.execute(
    db,
  );
  return (rows[0]?.t ?? null) !== null;
}

async function advisoryLocksHeld(db: Executor): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_locks
    where locktype = 'advisory'
      and database = (select oid from pg_database where datname = current_database())`.execute(db);
  return rows[0]?.n ?? -1;
}

afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe('the real migrations on a fresh database', () => {
  let database: Database;
  let db: Executor;

  beforeAll(async () => {
    database = await createUnmigratedDatabase();
    db = database.db;
  });

  afterAll(async () => {
    await database?.close();
  });

  it('the migrations folder is numbered 0001.. without gaps', () => {
    expect(realFiles[0]).toMatch(/^0001_ledger\.sql$/);
    realFiles.forEach((file, i) =>
      expect(file.startsWith(String(i + 1).padStart(4, '0'))).toBe(true),
    );
  });

  it('applies every migration once, records each with its checksum, even when two migrators race', async () => {
    expect(await tableExists(db, 'ledger_accounts')).toBe(false);

    const reports = await Promise.all([migrate(db), migrate(db)]);

    const names = realFiles.map((f) => f.replace(/\.sql$/, ''));
    const applied = reports.map((r) => r.applied);
    // One migrator applied everything; the other waited for the lock and found nothing to do.
    expect(applied).toContainEqual(names);
    expect(applied).toContainEqual([]);
    expect(reports.map((r) => r.alreadyApplied).sort()).toEqual([0, realFiles.length]);

    const rows = await appliedRows(db);
    expect(rows.map(({ version, name, checksum }) => ({ version, name, checksum }))).toEqual(
      realFiles.map((file, i) => ({
        version: i + 1,
        name: file.replace(/^\d{4}_/, '').replace(/\.sql$/, ''),
        checksum: sha256(readFileSync(path.join(defaultMigrationsDir, file), 'utf8')),
      })),
    );
    for (const row of rows) expect(row.applied_at).toBeInstanceOf(Date);
    for (const table of ['ledger_accounts', 'journal_entries', 'postings']) {
      expect(await tableExists(db, table), table).toBe(true);
    }
    expect(await advisoryLocksHeld(db)).toBe(0);
  });

  it('running again applies nothing and changes nothing', async () => {
    const before = await appliedRows(db);
    expect(await migrate(db)).toEqual({ applied: [], alreadyApplied: realFiles.length });
    expect(await appliedRows(db)).toEqual(before);
  });

  it('refuses a migration edited after it was applied', async () => {
    const dir = copyOfRealMigrations();
    const first = path.join(dir, realFiles[0] ?? '');
    writeFileSync(first, `${readFileSync(first, 'utf8')}\n-- an innocent-looking edit\n`);
    const before = await appliedRows(db);

    await expect(migrate(db, dir)).rejects.toThrow(MigrationError);
    await expect(migrate(db, dir)).rejects.toThrow(
      /migration 1 \(ledger\) was changed after it was applied/,
    );
    expect(await appliedRows(db)).toEqual(before);
    expect(await advisoryLocksHeld(db)).toBe(0);
  });

  it('refuses a gap in the numbering, before touching the database', async () => {
    const dir = copyOfRealMigrations();
    const missing = realFiles.length + 1;
    const next = String(missing + 1).padStart(4, '0');
    writeFileSync(path.join(dir, `${next}_after_a_gap.sql`), 'create table after_a_gap (id int);');
    const before = await appliedRows(db);

    await expect(readMigrations(dir)).rejects.toThrow(
      new MigrationError(`migration ${missing} is missing`),
    );
    await expect(migrate(db, dir)).rejects.toThrow(MigrationError);
    expect(await appliedRows(db)).toEqual(before);
    expect(await tableExists(db, 'after_a_gap')).toBe(false);
  });

  it('refuses a file not named NNNN_name.sql', async () => {
    const dir = copyOfRealMigrations();
    writeFileSync(path.join(dir, 'V9__Bad-Name.sql'), 'select 1;');
    await expect(migrate(db, dir)).rejects.toThrow(MigrationError);
    await expect(readMigrations(dir)).rejects.toThrow(/not NNNN_name\.sql: V9__Bad-Name\.sql/);
  });
});

describe('a migration that fails halfway', () => {
  let database: Database;
  let db: Executor;
  const first = 'create table first_table (id int primary key);\n';
  const broken = 'create table second_table (id int primary key);\nthis is not sql;\n';
  const fixed = 'create table second_table (id int primary key);\n';

  beforeAll(async () => {
    database = await createUnmigratedDatabase();
    db = database.db;
  });

  afterAll(async () => {
    await database?.close();
  });

  it('throws and leaves no trace of itself; the migration before it stays applied', async () => {
    const dir = migrationsDir({ '0001_first.sql': first, '0002_second.sql': broken });

    await expect(migrate(db, dir)).rejects.toMatchObject({ code: '42601' });

    // 0001 ran in its own transaction and is in; 0002's first statement was rolled back.
    expect(await tableExists(db, 'first_table')).toBe(true);
    expect(await tableExists(db, 'second_table')).toBe(false);
    expect((await appliedRows(db)).map((r) => [r.version, r.name, r.checksum])).toEqual([
      [1, 'first', sha256(first)],
    ]);
    expect(await advisoryLocksHeld(db)).toBe(0);

    // Trying again fails the same way and changes nothing.
    await expect(migrate(db, dir)).rejects.toMatchObject({ code: '42601' });
    expect(await tableExists(db, 'second_table')).toBe(false);
    expect(await appliedRows(db)).toHaveLength(1);

    // Once fixed (it was never applied, so it may still change), it applies.
    writeFileSync(path.join(dir, '0002_second.sql'), fixed);
    expect(await migrate(db, dir)).toEqual({ applied: ['0002_second'], alreadyApplied: 1 });
    expect(await tableExists(db, 'second_table')).toBe(true);
    expect((await appliedRows(db)).map((r) => [r.version, r.checksum])).toEqual([
      [1, sha256(first)],
      [2, sha256(fixed)],
    ]);
  });

  it('refuses to run older code against a database with a migration it does not know', async () => {
    const older = migrationsDir({ '0001_first.sql': first });
    const before = await appliedRows(db);
    await expect(migrate(db, older)).rejects.toThrow(MigrationError);
    await expect(migrate(db, older)).rejects.toThrow(
      /database has migration 2 \(second\) that this code does not know/,
    );
    expect(await appliedRows(db)).toEqual(before);
  });
});
