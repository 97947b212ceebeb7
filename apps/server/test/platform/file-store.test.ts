import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { mkdir, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import { AppError } from '../../src/platform/errors.js';
import {
  FILE_KEY_PATTERN,
  ORPHAN_AGE_MS,
  acceptUpload,
  createFileStore,
  databaseBackend,
  localBackend,
  registerStoredFile,
  s3Backend,
  sweepOrphanFiles,
  type AcceptedFile,
  type BlobBackend,
  type FileStore,
} from '../../src/platform/files/index.js';
import { moveFolderUploads } from '../../src/platform/files/move.js';
import { createTestDatabase, engineName } from '../helpers/database.js';
import { startS3Double, type S3Double } from '../helpers/s3-double.js';

/**
 * The upload store's contract (decision 32), the same for every backend: the folder, the
 * database (on whichever engine the suite runs) and an S3-compatible bucket (an HTTP double of
 * the four calls used). Uploads are sealed at rest, a blob that was altered or moved does not
 * open, keys are checked, removal is idempotent, crash leftovers are swept, and uploads kept in
 * the folder before the store moved stay readable.
 */
const SECRET = 's'.repeat(64);
let database: Database;
let s3: S3Double;
let accepted: AcceptedFile;
let pdf: AcceptedFile;

beforeAll(async () => {
  database = await createTestDatabase();
  s3 = await startS3Double();
  const png = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();
  accepted = await acceptUpload({
    data: png,
    fileName: 'id.png',
    maxBytes: 1_000_000,
    allowed: ['png'],
    owner: 'user:1',
  });
  const { PDFDocument } = await import('@cantoo/pdf-lib');
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText('Proof of address: 1 Orbit Lane', { x: 10, y: 100, size: 8 });
  pdf = await acceptUpload({
    data: Buffer.from(await doc.save()),
    fileName: 'proof.pdf',
    maxBytes: 1_000_000,
    allowed: ['pdf'],
    owner: 'user:1',
  });
});
afterAll(async () => {
  await s3?.close();
  await database?.close();
});

const tempFolder = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'bank-store-')), 'uploads');

interface Case {
  name: string;
  backend: () => BlobBackend;
  /** Makes a blob look written `ms` ago. */
  age: (backend: BlobBackend, key: string, ms: number) => Promise<void>;
}

const cases: Case[] = [
  {
    name: 'local folder',
    backend: () => localBackend(tempFolder()),
    age: async (backend, key, ms) => {
      const root = (backend as ReturnType<typeof localBackend>).root;
      const when = new Date(Date.now() - ms);
      await utimes(path.join(root, key.slice(0, 2), key.slice(2, 4), key), when, when);
    },
  },
  {
    name: `database (${engineName})`,
    backend: () => databaseBackend(database.db),
    age: async (_backend, key, ms) => {
      await sql`UPDATE upload_blobs SET created_at = now() - make_interval(secs => ${ms / 1000})
                WHERE storage_key = ${key}`.execute(database.db);
    },
  },
  {
    name: 'S3-compatible bucket (HTTP double)',
    backend: () =>
      s3Backend({
        bucket: s3.bucket,
        region: 'us-east-1',
        endpoint: s3.endpoint,
        forcePathStyle: true,
        prefix: `run-${Math.random().toString(36).slice(2)}/`,
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      }),
    age: async (_backend, key, ms) => {
      for (const [name, object] of s3.objects) {
        if (name.endsWith(`/${key}`)) object.lastModified = new Date(Date.now() - ms);
      }
    },
  },
];

async function code(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  return error instanceof AppError ? error.code : error === undefined ? 'resolved' : 'thrown';
}

describe.each(cases)('the upload store on the $name', (c) => {
  let backend: BlobBackend;
  let store: FileStore;
  beforeAll(() => {
    backend = c.backend();
    store = createFileStore({ backend, secretKey: SECRET });
  });

  it('gives back the bytes under a new random key each time', async () => {
    const { key } = await store.put(accepted);
    expect(key).toMatch(FILE_KEY_PATTERN);
    expect(key.endsWith('.webp')).toBe(true);
    expect((await store.read(key)).equals(accepted.data)).toBe(true);
    const second = await store.put(accepted);
    expect(second.key).not.toBe(key);
    const document = await store.put(pdf);
    expect(document.key.endsWith('.pdf')).toBe(true);
    expect((await store.read(document.key)).equals(pdf.data)).toBe(true);
  });

  it('keeps only sealed bytes: no part of the upload is readable in the store', async () => {
    const { key } = await store.put(pdf);
    const raw = await backend.get(key);
    expect(raw).toBeDefined();
    const blob = raw as Buffer;
    expect(blob.subarray(0, 4).toString('latin1')).toBe('CBU1');
    expect(blob.includes(Buffer.from('%PDF-'))).toBe(false);
    expect(blob.includes(pdf.data.subarray(100, 132))).toBe(false);
    // The key it was sealed with, and no other, opens it.
    const otherKey = createFileStore({ backend, secretKey: 'o'.repeat(64) });
    expect(await code(otherKey.read(key))).toBe('thrown');
  });

  it('refuses a blob that was altered, or moved under another key', async () => {
    const { key } = await store.put(accepted);
    const blob = (await backend.get(key)) as Buffer;
    const altered = Buffer.from(blob);
    altered[altered.length - 1] = (altered.at(-1) ?? 0) ^ 1;
    await backend.delete(key);
    await backend.create(key, altered);
    expect(await code(store.read(key))).toBe('thrown');

    const moved = `${'ab'.repeat(16)}.webp`;
    await backend.create(moved, blob);
    expect(await code(store.read(moved))).toBe('thrown');
  });

  it('refuses malformed and traversal keys, before reaching the backend', async () => {
    for (const key of [
      '../../etc/passwd',
      '..',
      'ab/cd/0123456789abcdef0123456789abcdef.jpg',
      '0123456789abcdef0123456789abcdef.jpg/../../x',
      '0123456789ABCDEF0123456789ABCDEF.jpg',
      '0123456789abcdef0123456789abcdef.exe',
      '0123456789abcdef0123456789abcdef.jpg\u0000',
      '',
    ]) {
      expect(await code(store.read(key))).toBe('BAD_REQUEST');
      expect(await code(store.remove(key))).toBe('BAD_REQUEST');
    }
  });

  it('answers NOT_FOUND for an unknown key and after removal; removing twice is fine', async () => {
    expect(await code(store.read('0123456789abcdef0123456789abcdef.pdf'))).toBe('NOT_FOUND');
    const { key } = await store.put(accepted);
    await store.remove(key);
    expect(await code(store.read(key))).toBe('NOT_FOUND');
    expect(await code(store.remove(key))).toBe('resolved');
  });

  it('refuses what acceptUpload did not produce', async () => {
    expect(await code(store.put({ ...accepted, data: Buffer.from('other bytes') }))).toBe('thrown');
  });

  it('sweeps old unregistered blobs, keeps registered and fresh ones', async () => {
    const orphan = await store.put(accepted);
    const kept = await store.put(accepted);
    const fresh = await store.put(accepted);
    await registerStoredFile(database.db, {
      key: kept.key,
      purpose: 'kyc_document',
      bytes: accepted.bytes,
      sha256: accepted.sha256,
    });
    await c.age(backend, orphan.key, ORPHAN_AGE_MS + 60_000);
    await c.age(backend, kept.key, ORPHAN_AGE_MS + 60_000);
    const removed = await sweepOrphanFiles({
      db: database.db,
      files: store,
      clock: { now: () => new Date() },
    });
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await code(store.read(orphan.key))).toBe('NOT_FOUND');
    expect((await store.read(kept.key)).equals(accepted.data)).toBe(true);
    expect((await store.read(fresh.key)).equals(accepted.data)).toBe(true);
  });

  it('reads an upload kept in the folder before the store moved, and removes it there', async () => {
    const folder = localBackend(tempFolder());
    // Before decision 32 the folder held the re-encoded bytes as they are, unsealed.
    const key = `${'cd'.repeat(16)}.pdf`;
    await folder.create(key, pdf.data);
    const moved = createFileStore({
      backend,
      secretKey: SECRET,
      ...(backend.kind === 'local' ? {} : { earlier: folder }),
    });
    const reader =
      backend.kind === 'local' ? createFileStore({ backend: folder, secretKey: SECRET }) : moved;
    expect((await reader.read(key)).equals(pdf.data)).toBe(true);
    await reader.remove(key);
    expect(await folder.get(key)).toBeUndefined();
    // Only the folder ever held unsealed uploads: elsewhere, plain bytes are refused.
    if (backend.kind !== 'local') {
      const plain = `${'ef'.repeat(16)}.pdf`;
      await backend.create(plain, pdf.data);
      expect(await code(store.read(plain))).toBe('thrown');
    }
  });
});

describe.each(cases.filter((c) => !c.name.startsWith('local')))(
  'npm run files:move into the $name',
  (c) => {
    it('copies registered folder uploads sealed under their keys, once, and can empty the folder', async () => {
      const folder = localBackend(tempFolder());
      const target = c.backend();
      const registered = `${randomBytes(16).toString('hex')}.pdf`;
      const unregistered = `${randomBytes(16).toString('hex')}.pdf`;
      await folder.create(registered, pdf.data);
      await folder.create(unregistered, pdf.data);
      await registerStoredFile(database.db, {
        key: registered,
        purpose: 'kyc_document',
        bytes: pdf.bytes,
        sha256: pdf.sha256,
      });
      const first = await moveFolderUploads({
        db: database.db,
        folder,
        target,
        secretKey: SECRET,
        removeAfter: false,
      });
      expect(first).toMatchObject({ copied: 1, present: 0, removed: 0 });
      expect(first.skipped).toEqual([`${unregistered}: no stored_files row (left for the sweep)`]);
      // Read from the store alone, with no folder behind it: sealed, and the same bytes.
      const store = createFileStore({ backend: target, secretKey: SECRET });
      expect((await store.read(registered)).equals(pdf.data)).toBe(true);
      expect((await target.get(registered))?.subarray(0, 4).toString('latin1')).toBe('CBU1');

      const again = await moveFolderUploads({
        db: database.db,
        folder,
        target,
        secretKey: SECRET,
        removeAfter: true,
      });
      expect(again).toMatchObject({ copied: 0, present: 1, removed: 1 });
      expect(await folder.get(registered)).toBeUndefined();
      expect(await folder.get(unregistered)).toBeDefined();
    });
  },
);

describe('the folder store', () => {
  it('keeps files 0600 in 0700 fan-out folders and does not follow a planted link', async () => {
    const root = tempFolder();
    const store = createFileStore({ backend: localBackend(root), secretKey: SECRET });
    const { key } = await store.put(accepted);
    const file = path.join(root, key.slice(0, 2), key.slice(2, 4), key);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    expect((await stat(path.dirname(path.dirname(file)))).mode & 0o777).toBe(0o700);

    const planted = 'aabbccddeeff00112233445566778899.pdf';
    await mkdir(path.join(root, 'aa', 'bb'), { recursive: true });
    const outside = path.join(path.dirname(root), 'outside.txt');
    await writeFile(outside, 'secret');
    await symlink(outside, path.join(root, 'aa', 'bb', planted));
    expect(await code(store.read(planted))).toBe('NOT_FOUND');
    expect(() => localBackend('relative/uploads')).toThrow(/absolute/);
  });
});

describe('the S3 store', () => {
  it('signs every request and speaks only PutObject, GetObject, DeleteObject, ListObjectsV2', () => {
    const kinds = new Set(
      s3.calls.map((call) => (call.includes('list-type=2') ? 'ListObjectsV2' : call.split(' ')[0])),
    );
    expect([...kinds].sort()).toEqual(['DELETE', 'GET', 'ListObjectsV2', 'PUT']);
  });
});
