import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';

/**
 * The fonts every PDF of the bank embeds (statements, receipts), so that every writing system a
 * customer's name may use (contract `nameSchema`: Latin, Greek, Cyrillic, Armenian, Georgian,
 * Hebrew, Arabic, Devanagari, Bengali, Tamil, Telugu, Thai, Hangul, Ethiopic, Chinese and
 * Japanese) prints as itself. Noto fonts from npm packages (SIL Open Font License); pdfkit
 * embeds only the glyphs a document uses.
 *
 * Each face's character map is read once per process; a document parses only the faces it uses.
 */

export interface Face {
  name: string;
  regular: string;
  bold: string;
}

const require = createRequire(import.meta.url);

/** A file of an @embedpdf/fonts-* package (its entry point is dist/index.js). */
function embedpdf(pkg: string, file: string): string {
  return path.join(path.dirname(require.resolve(pkg)), '..', 'fonts', file);
}

/** A @fontsource package's subset of one script (WOFF), both weights. */
function fontsource(family: string, subset: string): Face {
  const file = (weight: number) =>
    require.resolve(`@fontsource/${family}/files/${family}-${subset}-${weight}-normal.woff`);
  return { name: `${family}-${subset}`, regular: file(400), bold: file(700) };
}

const embedded = (name: string, pkg: string, file: (weight: string) => string): Face => ({
  name,
  regular: embedpdf(pkg, file('Regular')),
  bold: embedpdf(pkg, file('Bold')),
});

/**
 * The faces in the order a letter looks for its glyph: the first that has it writes it. Noto
 * Sans's Latin (with Vietnamese), Greek and Cyrillic subsets first, then each script's Noto face,
 * then Noto Sans Hans (Han characters and kana) and Noto Sans KR (Hangul).
 */
export const FACES: readonly Face[] = [
  fontsource('noto-sans', 'latin'),
  fontsource('noto-sans', 'latin-ext'),
  fontsource('noto-sans', 'vietnamese'),
  fontsource('noto-sans', 'greek'),
  fontsource('noto-sans', 'greek-ext'),
  fontsource('noto-sans', 'cyrillic'),
  fontsource('noto-sans', 'cyrillic-ext'),
  embedded('noto-naskh-arabic', '@embedpdf/fonts-arabic', (w) => `NotoNaskhArabic-${w}.ttf`),
  embedded('noto-sans-hebrew', '@embedpdf/fonts-hebrew', (w) => `NotoSansHebrew-${w}.ttf`),
  fontsource('noto-sans-armenian', 'armenian'),
  fontsource('noto-sans-georgian', 'georgian'),
  fontsource('noto-sans-devanagari', 'devanagari'),
  fontsource('noto-sans-bengali', 'bengali'),
  fontsource('noto-sans-tamil', 'tamil'),
  fontsource('noto-sans-telugu', 'telugu'),
  fontsource('noto-sans-thai', 'thai'),
  fontsource('noto-sans-ethiopic', 'ethiopic'),
  embedded('noto-sans-hans', '@embedpdf/fonts-sc', (w) => `NotoSansHans-${w}.otf`),
  embedded('noto-sans-kr', '@embedpdf/fonts-kr', (w) => `NotoSansKR-${w}.otf`),
];

/** The face of text in no face's script (and of what no face has: its "missing" box). */
export const MAIN_FACE = FACES[0] as Face;

const files = new Map<string, Buffer>();
const parsed = new Map<string, fontkit.Font>();

/** A font file's bytes, read once per process (a WOFF file unpacked into a plain font). */
export function fontFile(file: string): Buffer {
  let bytes = files.get(file);
  if (!bytes) {
    bytes = readFileSync(file);
    if (file.endsWith('.woff')) bytes = unpackWoff(bytes);
    files.set(file, bytes);
  }
  return bytes;
}

/**
 * WOFF 1.0 to the TrueType/OpenType font it wraps (its tables inflated with zlib, once), so that
 * no document pays for fontkit's inflating in JavaScript each time it reads a table.
 */
export function unpackWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF font');
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compressed = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.subarray(at, at + 4),
      checksum: woff.readUInt32BE(at + 16),
      data: compressed < length ? inflateSync(raw) : raw,
    };
  });
  let entrySelector = 0;
  while (2 ** (entrySelector + 1) <= numTables) entrySelector += 1;
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    const at = 12 + i * 16;
    table.tag.copy(header, at);
    header.writeUInt32BE(table.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(table.data.length, at + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

/** The face's regular font as fontkit reads it (for which characters it has), once. */
function coverageOf(face: Face): fontkit.Font {
  let font = parsed.get(face.name);
  if (!font) {
    font = fontkit.create(fontFile(face.regular)) as fontkit.Font;
    parsed.set(face.name, font);
  }
  return font;
}

/** True when the face has a glyph for this character. */
export function hasGlyph(face: Face, codePoint: number): boolean {
  return coverageOf(face).hasGlyphForCodePoint(codePoint);
}

/** The first face that has this character, or the main face when none has it. */
export function faceFor(codePoint: number): Face {
  return FACES.find((face) => hasGlyph(face, codePoint)) ?? MAIN_FACE;
}

/** The name a face's weight is registered under in a document. */
export const fontName = (face: Face, bold: boolean) => `${face.name}${bold ? '-bold' : ''}`;

/** Registers every face (both weights) with a document; pdfkit reads one when it is used. */
export function registerFaces(doc: PDFKit.PDFDocument): void {
  for (const face of FACES) {
    doc.registerFont(fontName(face, false), fontFile(face.regular));
    doc.registerFont(fontName(face, true), fontFile(face.bold));
  }
}
