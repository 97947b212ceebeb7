import bidiFactory from 'bidi-js';
import { faceFor, fontName, hasGlyph, MAIN_FACE, type Face } from './fonts.js';

/**
 * Text in any of the scripts the bank accepts, laid out by hand on top of pdfkit, which knows
 * one font at a time and no right-to-left order:
 *  1. each character gets a face: a letter the first face that has it (fonts.ts), anything else
 *     (spaces, digits, punctuation, marks) the face of the character before it when that face
 *     has it;
 *  2. lines are broken at spaces (and between Han characters and kana), in reading order;
 *  3. each line is put in display order by the Unicode bidirectional algorithm (bidi-js levels
 *     in a left-to-right paragraph, as the documents read; rule L2 on runs of one face and
 *     level); a right-to-left run is shaped whole by fontkit,
 *     which joins Arabic letters and turns the run around itself;
 *  4. every run is drawn on one baseline.
 */

const bidi = bidiFactory();
const RTL_CHAR = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
const STRONG_RTL = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;
const LETTER = /\p{L}/u;
const BREAK_ANYWHERE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/**
 * A right-to-left run is shaped whole (pdfkit would lay it out word by word, in the wrong order);
 * others word by word, as pdfkit caches them.
 */
const WHOLE_RUN: PDFKit.Mixins.TextOptions = { features: [] };
const BY_WORD: PDFKit.Mixins.TextOptions = {};
const shaping = (text: string) => (RTL_CHAR.test(text) ? WHOLE_RUN : BY_WORD);
/** Printable ASCII: the main face has all of it, and it needs no reordering. */
const PLAIN = /^[\x20-\x7e]*$/;

export interface TextStyle {
  size: number;
  bold?: boolean;
}

export interface BlockOptions extends TextStyle {
  x: number;
  y: number;
  width: number;
  align?: 'left' | 'right';
  color?: string;
}

interface Run {
  start: number;
  end: number;
  face: Face;
}

/** Each character's face, as runs over the string (in UTF-16 offsets). */
function faceRuns(text: string): Run[] {
  if (PLAIN.test(text)) return text ? [{ start: 0, end: text.length, face: MAIN_FACE }] : [];
  const runs: Run[] = [];
  let offset = 0;
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    const previous = runs.at(-1);
    const face =
      previous && !LETTER.test(char) && hasGlyph(previous.face, codePoint)
        ? previous.face
        : faceFor(codePoint);
    if (previous && previous.face === face && previous.end === offset) previous.end += char.length;
    else runs.push({ start: offset, end: offset + char.length, face });
    offset += char.length;
  }
  return runs;
}

/** The runs of `runs` within [start, end). */
function slice(runs: Run[], start: number, end: number): Run[] {
  return runs
    .filter((r) => r.end > start && r.start < end)
    .map((r) => ({ ...r, start: Math.max(r.start, start), end: Math.min(r.end, end) }));
}

function widthOf(doc: PDFKit.PDFDocument, text: string, runs: Run[], style: TextStyle): number {
  let width = 0;
  for (const run of runs) {
    doc.font(fontName(run.face, style.bold ?? false)).fontSize(style.size);
    const part = text.slice(run.start, run.end);
    width += doc.widthOfString(part, shaping(part));
  }
  return width;
}

/** Where a line may break: after each space, and around each Han character or kana. */
function tokens(text: string): [number, number][] {
  const out: [number, number][] = [];
  let start = 0;
  let offset = 0;
  for (const char of text) {
    const next = offset + char.length;
    if (BREAK_ANYWHERE.test(char)) {
      if (offset > start) out.push([start, offset]);
      out.push([offset, next]);
      start = next;
    } else if (char === ' ') {
      out.push([start, next]);
      start = next;
    }
    offset = next;
  }
  if (offset > start) out.push([start, offset]);
  return out;
}

/** The lines of a paragraph in reading order, each [start, end), none wider than `width`. */
function breakLines(
  doc: PDFKit.PDFDocument,
  text: string,
  runs: Run[],
  style: TextStyle,
  width: number,
): [number, number][] {
  const lines: [number, number][] = [];
  let lineStart = 0;
  let lineEnd = 0;
  let used = 0;
  const measure = (s: number, e: number) => widthOf(doc, text, slice(runs, s, e), style);
  for (const [s, e] of tokens(text)) {
    const w = measure(s, e);
    const trimmed = text.slice(s, e).endsWith(' ') ? measure(s, e - 1) : w;
    if (used + trimmed <= width || lineEnd === lineStart) {
      if (trimmed > width && lineEnd === lineStart) {
        // One word wider than the line: cut it where it must be cut.
        let cut = s;
        for (const char of text.slice(s, e)) {
          const next = cut + char.length;
          if (cut > lineStart && measure(lineStart, next) > width) {
            lines.push([lineStart, cut]);
            lineStart = cut;
          }
          cut = next;
        }
        lineEnd = e;
        used = measure(lineStart, e);
        continue;
      }
      lineEnd = e;
      used += w;
    } else {
      lines.push([lineStart, lineEnd]);
      lineStart = s;
      lineEnd = e;
      used = w;
    }
  }
  if (lineEnd > lineStart || lines.length === 0) lines.push([lineStart, lineEnd]);
  return lines;
}

interface Piece {
  text: string;
  face: Face;
  level: number;
}

/** One line's pieces in display order (bidi rule L2 on runs of one face and one level). */
function displayOrder(
  text: string,
  runs: Run[],
  levels: Uint8Array | null,
  line: [number, number],
) {
  const pieces: Piece[] = [];
  for (const run of slice(runs, line[0], line[1])) {
    let start = run.start;
    for (let i = run.start; i <= run.end; i++) {
      if (i === run.end || (levels && levels[i] !== levels[start])) {
        if (i > start) {
          pieces.push({ text: text.slice(start, i), face: run.face, level: levels?.[start] ?? 0 });
        }
        start = i;
      }
    }
  }
  // Trailing spaces take no room at the line's end.
  const last = pieces.at(-1);
  if (last) last.text = last.text.replace(/ +$/, '');
  if (!levels) return pieces;
  const highest = Math.max(0, ...pieces.map((p) => p.level));
  const lowestOdd = Math.min(...pieces.map((p) => p.level).filter((l) => l % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < pieces.length;) {
      if ((pieces[i] as Piece).level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < pieces.length && (pieces[j] as Piece).level >= level) j++;
      pieces.splice(i, j - i, ...pieces.slice(i, j).reverse());
      i = j;
    }
  }
  // A right-to-left piece with no right-to-left letter (spaces, brackets between Arabic words):
  // fontkit keeps it left to right, so it is turned around here, brackets mirrored.
  for (const piece of pieces) {
    if (piece.level % 2 === 1 && !STRONG_RTL.test(piece.text)) {
      piece.text = [...piece.text]
        .reverse()
        .map((c) => bidi.getMirroredCharacter(c) ?? c)
        .join('');
    }
  }
  return pieces;
}

/** The line height of a style: the same for every face, so that mixed lines line up. */
export const lineHeight = (style: TextStyle) => style.size * 1.3;

interface Laid {
  lines: Piece[][];
}

/** Each document's layouts by text and style: a table cell is measured, then written. */
const layouts = new WeakMap<PDFKit.PDFDocument, Map<string, Laid>>();

/** The lines of `text` (each of its own lines wrapped to `width`), each in display order. */
function layout(doc: PDFKit.PDFDocument, text: string, style: TextStyle, width: number): Laid {
  let cache = layouts.get(doc);
  if (!cache) {
    cache = new Map();
    layouts.set(doc, cache);
  }
  const key = `${style.size}|${style.bold ? 1 : 0}|${width}|${text}`;
  let laid = cache.get(key);
  if (!laid) {
    laid = layOut(doc, text, style, width);
    // Only the last few are worth keeping: a cell is written right after it is measured.
    if (cache.size > 64) cache.clear();
    cache.set(key, laid);
  }
  return laid;
}

function layOut(doc: PDFKit.PDFDocument, text: string, style: TextStyle, width: number): Laid {
  const lines: Piece[][] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    const clean = paragraph.replace(/\s+/g, ' ').trim();
    const runs = faceRuns(clean);
    const levels = RTL_CHAR.test(clean) ? bidi.getEmbeddingLevels(clean, 'ltr').levels : null;
    for (const line of breakLines(doc, clean, runs, style, width)) {
      lines.push(displayOrder(clean, runs, levels, line));
    }
  }
  return { lines };
}

/** How tall `text` would be in a block of `width`. */
export function heightOf(
  doc: PDFKit.PDFDocument,
  text: string,
  style: TextStyle & { width: number },
): number {
  return layout(doc, text, style, style.width).lines.length * lineHeight(style);
}

/**
 * Writes `text` in a block at (x, y), wrapped to `width`: each line's runs in display order on
 * one baseline. Returns the block's height; the document's cursor is left where it was.
 */
export function writeBlock(doc: PDFKit.PDFDocument, text: string, options: BlockOptions): number {
  const { x, y, width, align = 'left', color = '#000' } = options;
  const { lines } = layout(doc, text, options, width);
  const height = lineHeight(options);
  const cursor = { x: doc.x, y: doc.y };
  doc.fillColor(color);
  lines.forEach((pieces, index) => {
    const widths = pieces.map((p) => {
      doc.font(fontName(p.face, options.bold ?? false)).fontSize(options.size);
      return doc.widthOfString(p.text, shaping(p.text));
    });
    const total = widths.reduce((a, b) => a + b, 0);
    let left = align === 'right' ? x + width - total : x;
    const baseline = y + index * height + options.size * 1.02;
    pieces.forEach((piece, i) => {
      doc.font(fontName(piece.face, options.bold ?? false)).fontSize(options.size);
      doc.text(piece.text, left, baseline, {
        ...shaping(piece.text),
        lineBreak: false,
        baseline: 'alphabetic',
      });
      left += widths[i] ?? 0;
    });
  });
  doc.x = cursor.x;
  doc.y = cursor.y;
  return lines.length * height;
}

/** Writes a block at the cursor (left margin, doc.y) and moves the cursor below it. */
export function writeParagraph(
  doc: PDFKit.PDFDocument,
  text: string,
  style: TextStyle & { width: number; color?: string; x?: number },
): void {
  const height = writeBlock(doc, text, { ...style, x: style.x ?? doc.page.margins.left, y: doc.y });
  doc.y += height;
}
