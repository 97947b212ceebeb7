import { existsSync, mkdtempSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import {
  acceptUpload,
  ORPHAN_AGE_MS,
  registerStoredFile,
  sweepOrphanFiles,
} from '../../src/platform/files/index.js';
import { buildTestApp } from '../helpers/app.js';
import { createTestDatabase, engineName } from '../helpers/database.js';
import { runJobs } from '../helpers/jobs.js';

/**
 * A process killed between writing an upload and committing its row leaves a file nobody
 * refers to. Every stored file is registered in the same transaction as what keeps it; the
 * hourly sweep removes unregistered files once they are old enough that no upload can still be
 * under way, and never touches a registered or a fresh one.
 */
let database: Database;
let app: FastifyInstance;
let uploadsDir: string;
let image: Buffer;

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'bank-orphans-'));
  app = await buildTestApp(database, { uploadsDir });
  await app.ready();
  image = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function storedFile(options: { registered: boolean; ageMs: number }) {
  const accepted = await acceptUpload({
    data: image,
    fileName: 'doc.png',
    maxBytes: 1_000_000,
    allowed: ['png', 'jpeg'],
    owner: 'user:1',
  });
  const { key } = await app.deps.files.put(accepted);
  if (options.registered) {
    await registerStoredFile(app.deps.db, {
      key,
      purpose: 'kyc_document',
      bytes: accepted.bytes,
      sha256: accepted.sha256,
    });
  }
  const file = path.join(uploadsDir, key.slice(0, 2), key.slice(2, 4), key);
  const when = new Date(Date.now() - options.ageMs);
  utimesSync(file, when, when);
  return file;
}

describe(`orphan uploads (${engineName})`, () => {
  it('removes an old unregistered file, keeps registered and fresh ones', async () => {
    const orphan = await storedFile({ registered: false, ageMs: ORPHAN_AGE_MS + 60_000 });
    const kept = await storedFile({ registered: true, ageMs: ORPHAN_AGE_MS + 60_000 });
    const inFlight = await storedFile({ registered: false, ageMs: 5_000 });
    const removed = await sweepOrphanFiles({
      db: app.deps.db,
      files: app.deps.files,
      clock: app.deps.clock,
    });
    expect(removed).toBe(1);
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(kept)).toBe(true);
    expect(existsSync(inFlight)).toBe(true);
  });

  it('runs as a periodic job: the worker sweeps at start and schedules the next sweep', async () => {
    const orphan = await storedFile({ registered: false, ageMs: ORPHAN_AGE_MS * 3 });
    await runJobs(app, [], { periodic: true });
    expect(existsSync(orphan)).toBe(false);
    const next = await app.deps.db
      .selectFrom('jobs')
      .select(['kind', 'run_at as runAt'])
      .where('kind', '=', 'files.sweep_orphans')
      .where('done_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(next.runAt.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
  });
});
