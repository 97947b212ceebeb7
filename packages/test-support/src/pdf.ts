import { inflateSync } from 'node:zlib';

/**
 * The text runs of a PDF made by pdfkit, in drawing order: each content stream inflated, each
 * `Tj`/`TJ` string decoded through its font, set by the `Tf` before it: an embedded font's
 * 2-byte glyph codes through the font's ToUnicode map, a built-in font's bytes as WinAnsi.
 * Enough to read what a statement or a receipt says; not a general PDF reader.
 *
 * A run of a right-to-left script comes out as it is drawn, in display order: each glyph's
 * text, the glyphs from left to right (`pdfGlyphRuns` keeps them apart, to turn them around).
 */
export function pdfTextRuns(pdf: Buffer): string[] {
  return pdfGlyphRuns(pdf).map((glyphs) => glyphs.map((g) => g.text).join(''));
}

/** One glyph drawn: its code in its font, and the text it stands for (a ligature: several). */
export interface PdfGlyph {
  code: number;
  text: string;
}

/** A PDF's runs, each run's glyphs apart: the same letter in two shapes has two codes. */
export function pdfGlyphRuns(pdf: Buffer): PdfGlyph[][] {
  const text = pdf.toString('latin1');
  const objects = objectsOf(text);
  const fonts = fontMaps(text, objects);
  const runs: PdfGlyph[][] = [];
  for (const { dict, data } of objects.values()) {
    if (data === null || /\/(Type|Subtype)\s*\/(XObject|FontFile|Font)|\/Length1|\/CMap/.test(dict))
      continue;
    let content: string;
    try {
      content = inflateSync(data).toString('latin1');
    } catch {
      continue;
    }
    if (content.includes('begincmap')) continue;
    let font: Map<number, string> | null = null;
    for (const op of content.matchAll(
      /\/([A-Za-z0-9]+)\s+[\d.]+\s+Tf|\[((?:<[0-9a-f]*>|\s|-?\d+(?:\.\d+)?)*)\]\s*TJ|<([0-9a-f]*)>\s*Tj/g,
    )) {
      if (op[1] !== undefined) {
        font = fonts.get(op[1]) ?? null;
        continue;
      }
      const hex =
        op[2] !== undefined
          ? [...op[2].matchAll(/<([0-9a-f]*)>/g)].map((h) => h[1]).join('')
          : (op[3] ?? '');
      runs.push(decode(hex, font));
    }
  }
  return runs;
}

function decode(hex: string, font: Map<number, string> | null): PdfGlyph[] {
  if (!font)
    return [...Buffer.from(hex, 'hex')].map((code) => ({ code, text: String.fromCharCode(code) }));
  const glyphs: PdfGlyph[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) {
    const code = parseInt(hex.slice(i, i + 4), 16);
    glyphs.push({ code, text: font.get(code) ?? '\uFFFD' });
  }
  return glyphs;
}

interface PdfObject {
  dict: string;
  data: Buffer | null;
}

/** Every `n 0 obj … endobj` of the file: its dictionary and its stream's raw bytes, if any. */
function objectsOf(text: string): Map<number, PdfObject> {
  const objects = new Map<number, PdfObject>();
  for (const match of text.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = match[2] ?? '';
    // pdfkit ends a stream's data with "\n" alone: compressed data may itself end in a "\r" byte
    // (about one stream in 256), so a "\r" is not taken as part of the end marker.
    const stream = /^([\s\S]*?)stream\r?\n([\s\S]*?)\nendstream/.exec(body);
    objects.set(Number(match[1]), {
      dict: stream ? (stream[1] ?? '') : body,
      data: stream ? Buffer.from(stream[2] ?? '', 'latin1') : null,
    });
  }
  return objects;
}

/** Each font resource name (F1, F2…) with its glyph code → text map; built-in fonts: none. */
function fontMaps(text: string, objects: Map<number, PdfObject>): Map<string, Map<number, string>> {
  const maps = new Map<string, Map<number, string>>();
  for (const resources of text.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
    for (const ref of (resources[1] ?? '').matchAll(/\/([A-Za-z0-9]+)\s+(\d+) 0 R/g)) {
      const font = objects.get(Number(ref[2]));
      const toUnicode = /\/ToUnicode\s+(\d+) 0 R/.exec(font?.dict ?? '');
      const cmap = toUnicode ? objects.get(Number(toUnicode[1])) : undefined;
      if (ref[1] && cmap?.data)
        maps.set(ref[1], parseCMap(inflateSync(cmap.data).toString('latin1')));
    }
  }
  return maps;
}

/** A CMap's hex string of UTF-16BE (pdfkit writes a ligature's letters with spaces between). */
const utf16 = (hex: string) =>
  Buffer.from(hex.replace(/\s+/g, ''), 'hex').swap16().toString('utf16le');

/** A ToUnicode CMap's `bfchar` and `bfrange` entries (both forms of range). */
function parseCMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]*)>/g)) {
      map.set(parseInt(m[1] ?? '0', 16), utf16(m[2] ?? ''));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of (block[1] ?? '').matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]*>)/g,
    )) {
      const from = parseInt(m[1] ?? '0', 16);
      const to = parseInt(m[2] ?? '0', 16);
      const target = m[3] ?? '';
      if (target.startsWith('[')) {
        [...target.matchAll(/<([0-9a-fA-F\s]*)>/g)].forEach((t, i) => {
          map.set(from + i, utf16(t[1] ?? ''));
        });
      } else {
        const base = Buffer.from(target.slice(1, -1), 'hex');
        for (let code = from; code <= to; code++) {
          const value = Buffer.from(base);
          value.writeUInt16BE(
            value.readUInt16BE(value.length - 2) + (code - from),
            value.length - 2,
          );
          map.set(code, value.swap16().toString('utf16le'));
        }
      }
    }
  }
  return map;
}
