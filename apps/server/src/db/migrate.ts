import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.js';

/** Where the SQL files are, both from source (db/) and from the bundle (dist/). */
export const defaultMigrationsDir = fileURLToPath(new URL('./migrations', import.meta.url));

// An arbitrary constant: the advisory lock that serialises migrators across app servers.
const MIGRATION_LOCK_ID = 7_134_221_901;

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrationReport {
  applied: string[];
  alreadyApplied: number;
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

export async function readMigrations(dir = defaultMigrationsDir): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = /^(\d{4})_([a-z0-9_]+)\.sql$/.exec(file);
    if (!match) throw new MigrationError(`migration file name not NNNN_name.sql: ${file}`);
    const text = await readFile(path.join(dir, file), 'utf8');
    migrations.push({
      version: Number(match[1]),
      name: match[2] ?? file,
      sql: text,
      checksum: createHash('sha256').update(text).digest('hex'),
    });
  }
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new MigrationError(`migration ${i + 1} is missing`);
  });
  return migrations;
}

/**
 * One hash for a set of migrations, from the same names and checksums that schema_migrations
 * records: adding, renaming or editing any file changes it. A database copied from a migrated
 * snapshot is only as current as the migrations it was made from, so snapshots carry this.
 */
export function migrationsFingerprint(migrations: Migration[]): string {
  const hash = createHash('sha256');
  for (const m of migrations) hash.update(`${m.version} ${m.name} ${m.checksum}\n`);
  return hash.digest('hex');
}

/**
 * Applies pending migrations, forward only, each in its own transaction together with its row
 * in schema_migrations: a failing migration leaves the database exactly as it was. A migration
 * that was applied and then edited is refused (its checksum no longer matches).
 */
export async function migrate(
  db: Kysely<DB>,
  dir = defaultMigrationsDir,
): Promise<MigrationReport> {
  const migrations = await readMigrations(dir);
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`.execute(conn);
    try {
      // Created only when missing: an application role that owns no table (docs/operations.md)
      // may not create one, even one that exists, and starts on a migrated database all the same.
      const { rows } = await sql<{ found: string | null }>`
        select to_regclass('schema_migrations')::text as found`.execute(conn);
      if (!rows[0]?.found) {
        await sql`
          create table schema_migrations (
            version    integer primary key,
            name       text not null,
            checksum   text not null,
            applied_at timestamptz not null default now()
          )`.execute(conn);
      }
      const applied = await conn.selectFrom('schema_migrations').selectAll().execute();
      const byVersion = new Map(applied.map((row) => [row.version, row]));
      for (const row of applied) {
        const known = migrations.find((m) => m.version === row.version);
        if (!known) {
          throw new MigrationError(
            `database has migration ${row.version} (${row.name}) that this code does not know: is this an older release?`,
          );
        }
        if (known.checksum !== row.checksum) {
          throw new MigrationError(
            `migration ${row.version} (${row.name}) was changed after it was applied; add a new migration instead`,
          );
        }
      }
      const report: MigrationReport = { applied: [], alreadyApplied: applied.length };
      for (const migration of migrations) {
        if (byVersion.has(migration.version)) continue;
        await conn.transaction().execute(async (trx) => {
          await sql.raw(migration.sql).execute(trx);
          await trx
            .insertInto('schema_migrations')
            .values({
              version: migration.version,
              name: migration.name,
              checksum: migration.checksum,
            })
            .execute();
        });
        report.applied.push(`${String(migration.version).padStart(4, '0')}_${migration.name}`);
      }
      return report;
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.execute(conn);
    }
  });
}
