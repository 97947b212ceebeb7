/**
 * What refusing (or accepting) a hostile or large upload costs in `acceptUpload`: CPU time (user
 * plus system, all threads, so libvips workers count) and wall time per file, median of N runs.
 *
 *   npm run bench:files -- [--runs 5] [--only bomb]
 *
 * The inputs are built here, not stored: a 20000×20000 single-colour PNG (a few KB that decode to
 * 400 megapixels), the same truncated, JPEG headers claiming huge sizes, a 45-megapixel PNG
 * (whole and cut short), an animated WebP, and two ordinary ~5 MB PDFs (scanned pages; many text
 * pages in compressed object streams). sharp's cache is off so every run decodes afresh.
 */
import { deflateSync, crc32 } from 'node:zlib';
import { parseArgs } from 'node:util';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { acceptUpload, type UploadKind } from '../../apps/server/src/platform/files/index.js';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    only: { type: 'string' },
    flood: { type: 'boolean' },
    seconds: { type: 'string' },
    every: { type: 'string' },
    'victim-at': { type: 'string' },
  },
});
if (args.flood) {
  await import('./flood.js');
  process.exit(0);
}
const runs = Number(args.runs);
const MB = 1024 * 1024;

sharp.cache(false);

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/** A 1-bit greyscale PNG of one colour, built by hand: tiny on disk, huge once decoded. */
function bombPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const row = 1 + Math.ceil(width / 8);
  const idat = deflateSync(Buffer.alloc(row * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real JPEG whose frame header (SOF0) is rewritten to claim `width`×`height`. */
async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: 'grey' } })
    .jpeg({ progressive: false, mozjpeg: false })
    .toBuffer();
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}

/** Garbles the compressed pixel data just before the end: decoding fails only near the last row. */
function damagedNearEnd(png: Buffer): Buffer {
  const copy = Buffer.from(png);
  const at = copy.length - 64;
  copy.fill(0xff, at, at + 16);
  return copy;
}

async function scannedPdf(): Promise<Buffer> {
  // Noise compresses badly, like a photographed page: five pages of about 1 MB each.
  const pixels = Buffer.alloc(1240 * 1754 * 3);
  let seed = 1;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = 160 + (seed >> 24);
  }
  const doc = await PDFDocument.create();
  for (let p = 0; p < 5; p++) {
    const jpeg = await sharp(pixels, { raw: { width: 1240, height: 1754, channels: 3 } })
      .jpeg({ quality: 62 + p })
      .toBuffer();
    const image = await doc.embedJpg(jpeg);
    const page = doc.addPage([595, 842]);
    page.drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
  }
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

async function textPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  let seed = 7;
  const digits = (count: number) => {
    let out = '';
    for (let i = 0; i < count; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      out += String(seed % 10);
    }
    return out;
  };
  for (let p = 0; p < 2000; p++) {
    const page = doc.addPage([595, 842]);
    page.setFont(font);
    for (let l = 0; l < 60; l++) {
      const text = `${digits(6)} transfer ref ${digits(12)} IBAN DE${digits(20)} ${digits(4)}.${digits(2)} EUR`;
      page.drawText(text, { x: 40, y: 800 - l * 12, size: 9 });
    }
    // Link annotations are small indirect objects: they land in the compressed object streams.
    const links = [0, 1, 2, 3, 4].map((i) =>
      doc.context.register(
        doc.context.obj({
          Type: 'Annot',
          Subtype: 'Link',
          Rect: [40, 40 + i * 12, 200, 50 + i * 12],
          Border: [0, 0, 0],
          Dest: [page.ref, 'Fit'],
        }),
      ),
    );
    page.node.set(doc.context.obj('Annots'), doc.context.obj(links));
  }
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

/** Catalog, page tree and one page, then `body` (objects from number 4 on), then a trailer. */
function handPdf(body: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
        '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
        '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj\n',
      'latin1',
    ),
    body,
    Buffer.from('trailer << /Root 1 0 R >>\n%%EOF\n', 'latin1'),
  ]);
}

function objectStreamPdf(contents: Buffer, count: number, first: number): Buffer {
  const data = deflateSync(contents, { level: 9 });
  return handPdf(
    Buffer.concat([
      Buffer.from(
        `4 0 obj << /Type /ObjStm /N ${count} /First ${first} /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
        'latin1',
      ),
      data,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    ]),
  );
}

/** `count` small dictionaries in one compressed object stream. */
function manyObjectsPdf(count: number): Buffer {
  let header = '';
  let body = '';
  for (let i = 0; i < count; i++) {
    header += `${i + 10} ${body.length} `;
    body += `<< /Subtype /Link >>\n`;
  }
  return objectStreamPdf(Buffer.from(header + body, 'latin1'), count, header.length);
}

const svgCanvas = (inner: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000" viewBox="0 0 4000 4000">${inner}</svg>`,
  );

interface Case {
  name: string;
  build: () => Promise<Buffer> | Buffer;
  kind: UploadKind;
}

const cases: Case[] = [
  { name: 'bomb: 20000x20000 1-bit PNG', kind: 'png', build: () => bombPng(20_000, 20_000) },
  {
    name: 'bomb: 20000x20000 PNG, cut after 2 KB',
    kind: 'png',
    build: () => bombPng(20_000, 20_000).subarray(0, 2048),
  },
  {
    name: 'corrupt: JPEG header claiming 60000x60000',
    kind: 'jpeg',
    build: () => jpegClaiming(60_000, 60_000),
  },
  {
    name: 'corrupt: JPEG header claiming 6000x6000 (36 MP)',
    kind: 'jpeg',
    build: () => jpegClaiming(6000, 6000),
  },
  {
    name: '45 MP PNG (7500x6000), whole',
    kind: 'png',
    build: () =>
      sharp({ create: { width: 7500, height: 6000, channels: 3, background: '#f4f1ea' } })
        .png({ compressionLevel: 9 })
        .toBuffer(),
  },
  {
    name: '45 MP PNG (7500x6000), last 10% cut off',
    kind: 'png',
    build: async () => {
      const whole = await sharp({
        create: { width: 7500, height: 6000, channels: 3, background: '#f4f1ea' },
      })
        .png({ compressionLevel: 9 })
        .toBuffer();
      return whole.subarray(0, Math.floor(whole.length * 0.9));
    },
  },
  {
    name: '45 MP PNG (7500x6000), damaged near the end',
    kind: 'png',
    build: async () => {
      const whole = await sharp({
        create: { width: 7500, height: 6000, channels: 3, background: '#f4f1ea' },
      })
        .png({ compressionLevel: 9 })
        .toBuffer();
      return damagedNearEnd(whole);
    },
  },
  {
    name: '39.9 MP PNG (7300x5466), damaged near the end',
    kind: 'png',
    build: async () => {
      const whole = await sharp({
        create: { width: 7300, height: 5466, channels: 3, background: '#f4f1ea' },
      })
        .png({ compressionLevel: 9 })
        .toBuffer();
      return damagedNearEnd(whole);
    },
  },
  {
    name: '12 MP JPEG (4000x3000), ordinary',
    kind: 'jpeg',
    build: () =>
      sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#d8d2c4' } })
        .jpeg({ quality: 90 })
        .toBuffer(),
  },
  {
    name: 'animated WebP 3000x2500 x 6 frames (45 MP in all)',
    kind: 'webp',
    build: async () => {
      const frames = await Promise.all(
        [0, 1, 2, 3, 4, 5].map((i) =>
          sharp({
            create: {
              width: 3000,
              height: 2500,
              channels: 3,
              background: { r: i * 40, g: 90, b: 90 },
            },
          })
            .png()
            .toBuffer(),
        ),
      );
      return sharp(frames, { join: { animated: true } })
        .webp()
        .toBuffer();
    },
  },
  {
    name: 'SVG: 2,000 half-transparent full-canvas layers',
    kind: 'svg',
    build: () =>
      svgCanvas(
        Array.from(
          { length: 2000 },
          () => '<g opacity="0.5"><rect width="4000" height="4000" fill="red"/></g>',
        ).join(''),
      ),
  },
  {
    name: 'SVG: 500 masked full-canvas rectangles',
    kind: 'svg',
    build: () =>
      svgCanvas(
        '<defs><mask id="m"><rect width="4000" height="4000" fill="white"/></mask></defs>' +
          Array.from(
            { length: 500 },
            () => '<rect width="4000" height="4000" fill="red" mask="url(#m)"/>',
          ).join(''),
      ),
  },
  {
    name: 'SVG: 0.01-unit dashes along 4 diagonals',
    kind: 'svg',
    build: () =>
      svgCanvas(
        '<path d="M0 0 L4000 4000 L0 4000 L4000 0 Z" stroke="black" stroke-width="2" stroke-dasharray="0.01 0.01" fill="none"/>',
      ),
  },
  {
    name: 'SVG: a receipt (text and boxes, 200x100)',
    kind: 'svg',
    build: () =>
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#0a6"/><text x="10" y="50">Paid 100.00</text></svg>',
      ),
  },
  { name: 'PDF: 5 scanned pages', kind: 'pdf', build: scannedPdf },
  { name: 'PDF: 2000 text pages, 10,000 links', kind: 'pdf', build: textPdf },
  {
    name: 'PDF: 49,000 objects in an object stream',
    kind: 'pdf',
    build: () => manyObjectsPdf(49_000),
  },
  {
    name: 'PDF: 7.9 MB of tiny plain objects (330,000)',
    kind: 'pdf',
    build: () =>
      handPdf(
        Buffer.from(
          Array.from({ length: 330_000 }, (_, i) => `${i + 10} 0 obj null endobj\n`).join(''),
          'latin1',
        ),
      ),
  },
  {
    name: 'PDF: one array of 1,100,000 numbers',
    kind: 'pdf',
    build: () => handPdf(Buffer.from(`4 0 obj [${'0 '.repeat(1_100_000)}] endobj\n`, 'latin1')),
  },
  {
    name: 'PDF: object stream unpacking to 64 MB',
    kind: 'pdf',
    build: () => {
      const contents = Buffer.alloc(64 * MB, 0x20);
      contents.write('5 0 << /Harmless true >>', 'latin1');
      return objectStreamPdf(contents, 1, 4);
    },
  },
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

for (const c of cases) {
  if (args.only && !c.name.toLowerCase().includes(args.only.toLowerCase())) continue;
  const data = await c.build();
  const walls: number[] = [];
  const cpus: number[] = [];
  let outcome = '';
  for (let i = 0; i < runs; i++) {
    const cpuBefore = process.cpuUsage();
    const start = performance.now();
    try {
      const out = await acceptUpload({
        data,
        fileName: `upload.${c.kind}`,
        maxBytes: 8 * MB,
        allowed: [c.kind],
        owner: 'user:1',
      });
      outcome = `accepted (${out.width ?? '-'}x${out.height ?? '-'})`;
    } catch (error) {
      outcome = `refused: ${(error as Error).message}`;
    }
    walls.push(performance.now() - start);
    const cpu = process.cpuUsage(cpuBefore);
    cpus.push((cpu.user + cpu.system) / 1000);
  }
  const size = data.length >= MB ? `${(data.length / MB).toFixed(1)} MB` : `${data.length} B`;
  console.log(
    `${c.name.padEnd(52)} ${size.padStart(9)}  cpu ${median(cpus).toFixed(1).padStart(8)} ms  wall ${median(walls).toFixed(1).padStart(8)} ms  ${outcome}`,
  );
}
