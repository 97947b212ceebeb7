/**
 * Runs once per test run, before any database suite (vitest's globalSetup of the db and cli
 * projects): makes the templates that the suites' databases are copied from (see
 * test/helpers/database.ts), so that no suite pays for initdb and the migrations itself. A
 * migrated one on both engines; on PGlite also an empty one, for the migration runner's tests.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readdir, rm, stat, utimes } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrationsFingerprint, readMigrations } from './src/db/migrate.js';
import {
  createPgliteTemplates,
  createPostgresTemplate,
  dropPostgresTemplate,
  type ScratchTemplate,
} from './src/db/scratch.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * Absent when a project runs without this setup: its suites then make their own databases.
     * No `empty` on PostgreSQL, where a new empty database costs nothing to make.
     */
    scratchTemplates?: { migrated: ScratchTemplate; empty?: ScratchTemplate };
  }
}

const SNAPSHOT_PREFIX = 'bank-test-pglite-';
// Another run (another worktree, other migrations) may still be reading its snapshot: only
// those nobody has used for this long are removed.
const UNUSED_SNAPSHOT_AGE_MS = 24 * 60 * 60 * 1000;

export default async function setup(project: TestProject) {
  const fingerprint = migrationsFingerprint(await readMigrations());
  const serverUrl = process.env.TEST_DATABASE_URL;

  if (serverUrl) {
    // One template per run, named so that concurrent runs on the same server never share one,
    // and dropped at the end: migrating it takes a second, keeping it would need cleaning up.
    const name = `bank_tpl_${fingerprint.slice(0, 8)}_${randomBytes(4).toString('hex')}`;
    const migrated = await createPostgresTemplate(serverUrl, name);
    project.provide('scratchTemplates', { migrated });
    return () => dropPostgresTemplate(migrated);
  }

  // The tarballs stay in the temporary folder between runs: named by the PGlite release that
  // wrote them (its data format) and, the migrated one, by the migrations, they are rebuilt
  // exactly when those change, and a run with the same migrations migrates nothing at all.
  const version = pgliteVersion();
  const files = {
    empty: snapshotFile(`pglite ${version}\n`),
    migrated: snapshotFile(`pglite ${version}\nmigrations ${fingerprint}\n`),
  };
  if (existsSync(files.empty) && existsSync(files.migrated)) {
    // Marks them as in use for removeUnusedSnapshots.
    const now = new Date();
    await Promise.all([utimes(files.empty, now, now), utimes(files.migrated, now, now)]);
  } else {
    await createPgliteTemplates(files);
  }
  await removeUnusedSnapshots(Object.values(files));
  project.provide('scratchTemplates', {
    empty: { engine: 'pglite', file: files.empty },
    migrated: { engine: 'pglite', file: files.migrated },
  });
}

function snapshotFile(identity: string): string {
  const key = createHash('sha256').update(identity).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `${SNAPSHOT_PREFIX}${key}.tar.gz`);
}

function pgliteVersion(): string {
  // The package exports no package.json; it sits one folder above the resolved entry point.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** Snapshots of older migrations, and pieces of interrupted writes, pile up otherwise. */
async function removeUnusedSnapshots(current: string[]): Promise<void> {
  const dir = os.tmpdir();
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name);
    if (!name.startsWith(SNAPSHOT_PREFIX) || current.includes(file)) continue;
    const modified = await stat(file).then(
      (s) => s.mtimeMs,
      () => Date.now(),
    );
    if (Date.now() - modified > UNUSED_SNAPSHOT_AGE_MS) await rm(file, { force: true });
  }
}
