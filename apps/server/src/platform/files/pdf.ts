import { constants as zlib, inflateRawSync } from 'node:zlib';
import {
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFParser,
  PDFRawStream,
  PDFStream,
  PDFString,
  PDFWriter,
  type PDFContext,
  type PDFObject,
  type PDFRef,
} from '@cantoo/pdf-lib';

/**
 * Whether an uploaded PDF may be kept as it is: no scripts, no actions that run by themselves,
 * nothing embedded, not encrypted, nothing that a browser would take for a web page.
 *
 * The file is parsed with @cantoo/pdf-lib, the maintained fork of pdf-lib. It reads the whole file
 * front to back and unpacks compressed object streams as it goes, and every object it finds can
 * be walked, which is what this check needs; pdf.js (pdfjs-dist) is built to render, loads
 * objects on demand and does not offer a walk over all of them.
 *
 * Viewers do not read a file front to back: they follow the cross-reference table, which may
 * point where pdf-lib saw no object (inside a string, a comment or another object's stream data),
 * or at an earlier definition of an object that a later one replaced. So every definition is
 * inspected, not just the last; streams that a viewer could read objects from must be ones
 * pdf-lib unpacked; no object may sit inside stream data; and the bytes outside stream data are
 * also scanned for the forbidden names, whatever pdf-lib made of them. Stream data itself is not
 * scanned byte by byte: in compressed image data, a two-letter name such as /JS followed by a
 * delimiter turns up by chance every few megabytes.
 */

export type PdfProblem =
  /** Not a PDF we can check: damaged, no pages, or built to hide objects from the check. */
  | 'unreadable'
  | 'encrypted'
  /** Scripts, launch and remote actions, forms that send data, embedded files and media. */
  | 'active'
  /** Actions that run without a click: /AA, or an /OpenAction other than going to a page. */
  | 'automatic'
  /** A link to something other than http(s) or mailto (file:, javascript:, UNC paths). */
  | 'link'
  | 'web';

/**
 * Names (keys or values, compared without case after #xx escapes are decoded) that mean active or
 * embedded content. For identity documents and payment proofs none of them has a use.
 */
const ACTIVE_NAMES = new Set([
  'js',
  'javascript',
  'launch',
  'gotor',
  'gotoe',
  'submitform',
  'importdata',
  'xfa',
  'embeddedfile',
  'embeddedfiles',
  'fileattachment',
  'richmedia',
  'richmediaexecute',
  'rendition',
  'movie',
  'sound',
  '3dd',
]);

/**
 * Links are allowed: they need a click, the viewer shows where they go, and statements and
 * exported documents carry them. Other schemes can run code or, on Windows, send the reader's
 * credentials to a file share, and a relative link is resolved against a base the file chooses.
 */
const LINK_SCHEMES = /^(?:https?:\/\/|mailto:)/i;

/* eslint-disable no-control-regex -- NUL is whitespace in PDF syntax */
const HTML_MARKERS = /<(?:html|script|!doctype[\x00\t\n\f\r ]+html|iframe|body)/i;

/** A name token; its end is PDF whitespace or a delimiter. */
const NAME_TOKEN = /\/([^\x00\t\n\f\r ()<>[\]{}/%]*)/g;
/** Where a stream's data starts: the keyword after its dictionary. */
const STREAM_START = />>[\x00\t\n\f\r ]*stream/g;
/** An indirect object header ("12 0 obj"), which has no business inside stream data. */
const OBJECT_HEADER = /(?<![0-9])[0-9]{1,10}[\x00\t\n\f\r ]+[0-9]{1,5}[\x00\t\n\f\r ]+obj/;
/* eslint-enable no-control-regex */

/**
 * What parsing may cost. pdf-lib needs up to about 0.7 s of CPU per megabyte of dense PDF syntax
 * (a dictionary every 4 bytes) and about 10-20 µs per object, on the event loop, and it can only
 * yield between objects. So the bytes it parses as syntax (the file without its stream data, plus
 * what object streams unpack to) and the objects it creates are both capped, which keeps a
 * hostile file near a second of CPU. Ordinary files are far below: a 17-page pdfTeX manual has 55
 * KB of syntax and 650 objects; even a 5 MB statement of 2,000 pages with 10,000 links has
 * 1.8 MB and 14,000.
 *
 * The unpacked part is checked with zlib before pdf-lib's own decoder runs: deflate packs about
 * 1000:1, so an 8 MB upload could otherwise unpack to gigabytes.
 */
export const MAX_PDF_SYNTAX_BYTES = 2 * 1024 * 1024;
export const MAX_PDF_OBJECTS = 50_000;
/**
 * pdf-lib parses one object without yielding, so one huge object (a 7 MB string, an array of a
 * million numbers) would hold the event loop for a second or two. No object of an ordinary
 * document comes near this much syntax outside its stream data.
 */
export const MAX_PDF_OBJECT_SYNTAX_BYTES = 256 * 1024;
/** Parsing yields to the event loop this often, so a large file does not stall other requests. */
const OBJECTS_PER_TICK = 500;

class ProblemFound extends Error {
  constructor(readonly problem: PdfProblem) {
    super(problem);
  }
}

const TYPE = PDFName.of('Type');
const OBJ_STM = PDFName.of('ObjStm');
const XREF = PDFName.of('XRef');
const FILTER = PDFName.of('Filter');
const FLATE = PDFName.of('FlateDecode');

/**
 * pdf-lib's parser, recording every definition of every object (including those it later
 * replaces, and those unpacked from object streams), and counting what it parses against the
 * limits above. It throws from inside pdf-lib, which ends the parse as a failure.
 */
class RecordingParser extends PDFParser {
  readonly definitions: PDFObject[] = [];
  /** Stream data skipped over, and object-stream contents unpacked, so far. */
  private streamData = 0;
  private unpacked = 0;

  constructor(bytes: Uint8Array) {
    super(bytes, OBJECTS_PER_TICK, true);
    const context = this.context;
    const assign = context.assign.bind(context);
    context.assign = (ref: PDFRef, object: PDFObject) => {
      if (this.definitions.length >= MAX_PDF_OBJECTS) throw new ProblemFound('unreadable');
      this.definitions.push(object);
      assign(ref, object);
    };
  }

  private syntaxBytes(): number {
    return this.bytes.offset() - this.streamData + this.unpacked;
  }

  /** Called for every value, nested ones included, so a single huge object is cut short too. */
  override parseObject(ref?: PDFRef): PDFObject {
    if (this.syntaxBytes() > MAX_PDF_SYNTAX_BYTES) throw new ProblemFound('unreadable');
    const object = super.parseObject(ref);
    if (object instanceof PDFRawStream) {
      this.streamData += object.contents.length;
      // The same test pdf-lib applies before it unpacks a stream while parsing.
      const type = object.dict.lookup(TYPE);
      if (type === OBJ_STM || type === XREF) this.countUnpacked(object);
    }
    return object;
  }

  private countUnpacked(stream: PDFRawStream): void {
    const filter = stream.dict.lookup(FILTER);
    const only = filter instanceof PDFArray && filter.size() === 1 ? filter.lookup(0) : filter;
    const room = MAX_PDF_SYNTAX_BYTES - this.syntaxBytes();
    let size: number;
    if (only === undefined) {
      size = stream.contents.length;
    } else if (only === FLATE) {
      try {
        // Raw inflate after the two-byte zlib header: like pdf-lib's decoder, it ignores the
        // trailing checksum and a missing end.
        size = inflateRawSync(stream.contents.subarray(2), {
          finishFlush: zlib.Z_SYNC_FLUSH,
          maxOutputLength: Math.max(1, room),
        }).length;
      } catch {
        throw new ProblemFound('unreadable');
      }
    } else {
      // Other filters (LZW, run-length, chains) are legal here but unused in practice.
      throw new ProblemFound('unreadable');
    }
    if (size > room) throw new ProblemFound('unreadable');
    this.unpacked += size;
  }
}

function decodeRawName(raw: string): string {
  // PDF names may hide characters as #xx (e.g. /J#61vaScript); decode before comparing.
  const decoded = raw.includes('#')
    ? raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : raw;
  return decoded.toLowerCase();
}

/** Decoded, lower-cased name; names are interned by pdf-lib, so this is cached per name. */
const nameCache = new WeakMap<PDFName, string>();
function nameOf(name: PDFName): string {
  let text = nameCache.get(name);
  if (text === undefined) {
    // asString() is the name as written back out ("/" and #xx escapes), whatever its length.
    text = decodeRawName(name.asString().slice(1));
    nameCache.set(name, text);
  }
  return text;
}

function resolve(context: PDFContext, object: PDFObject | undefined): PDFObject | undefined {
  return object === undefined ? undefined : context.lookup(object);
}

function isGoToPage(context: PDFContext, action: PDFObject | undefined): boolean {
  const value = resolve(context, action);
  // A destination: an array, or a named destination.
  if (value instanceof PDFArray || value instanceof PDFName) return true;
  if (value instanceof PDFString || value instanceof PDFHexString) return true;
  if (!(value instanceof PDFDict)) return false;
  const kind = resolve(context, value.get(PDFName.of('S')));
  return kind instanceof PDFName && nameOf(kind) === 'goto' && !value.has(PDFName.of('Next'));
}

function embedsStream(context: PDFContext, value: PDFObject | undefined): boolean {
  const files = resolve(context, value);
  if (!(files instanceof PDFDict)) return false;
  return files.values().some((file) => resolve(context, file) instanceof PDFStream);
}

function linkText(value: PDFObject | undefined): string | undefined {
  if (value instanceof PDFString || value instanceof PDFHexString) {
    return Buffer.from(value.asBytes()).toString('latin1');
  }
  return undefined;
}

/**
 * Every dictionary, array and name in every definition, stream dictionaries included. Scripts,
 * embedded files and encryption end the walk; an automatic action or a bad link is remembered
 * and returned at the end, so that a file with both gets the more telling message.
 */
function inspectObjects(
  context: PDFContext,
  definitions: readonly PDFObject[],
): PdfProblem | undefined {
  let found: PdfProblem | undefined;
  const stack: PDFObject[] = [...definitions];
  while (stack.length > 0) {
    const object = stack.pop() as PDFObject;
    if (object instanceof PDFName) {
      if (ACTIVE_NAMES.has(nameOf(object))) throw new ProblemFound('active');
    } else if (object instanceof PDFArray) {
      for (const item of object.asArray()) stack.push(item);
    } else if (object instanceof PDFStream) {
      stack.push(object.dict);
    } else if (object instanceof PDFDict) {
      for (const [key, value] of object.entries()) {
        const name = nameOf(key);
        if (ACTIVE_NAMES.has(name)) throw new ProblemFound('active');
        if (name === 'encrypt') throw new ProblemFound('encrypted');
        // A file specification's /EF holds the embedded file streams themselves.
        if (name === 'ef' && embedsStream(context, value)) throw new ProblemFound('active');
        if (name === 'aa') found ??= 'automatic';
        if (name === 'openaction' && !isGoToPage(context, value)) found ??= 'automatic';
        if (name === 'uri') {
          const link = linkText(resolve(context, value));
          if (link !== undefined && !LINK_SCHEMES.test(link)) found ??= 'link';
        }
        stack.push(value);
      }
    }
  }
  return found;
}

/**
 * A stream with /First and /N is an object stream to a viewer, whatever its /Type says; pdf-lib
 * unpacks only those typed /ObjStm directly, so anything else could hide objects from the check.
 */
function checkObjectStreams(definitions: readonly PDFObject[]): void {
  for (const object of definitions) {
    if (!(object instanceof PDFRawStream)) continue;
    const { dict } = object;
    const type = dict.get(TYPE);
    const claimsObjects =
      (dict.has(PDFName.of('First')) && dict.has(PDFName.of('N'))) ||
      (type instanceof PDFName && nameOf(type) === 'objstm');
    if (claimsObjects && type !== OBJ_STM) throw new ProblemFound('unreadable');
  }
}

function hasPages(context: PDFContext): boolean {
  const catalog = resolve(context, context.trailerInfo.Root);
  if (!(catalog instanceof PDFDict)) return false;
  const pages = resolve(context, catalog.get(PDFName.of('Pages')));
  if (!(pages instanceof PDFDict)) return false;
  const count = resolve(context, pages.get(PDFName.of('Count')));
  return count instanceof PDFNumber && count.asNumber() > 0;
}

/**
 * The bytes as a viewer would meet them, before parsing: markup anywhere, then what lies outside
 * stream data (forbidden names) and inside it (object headers).
 */
function scanBytes(text: string): PdfProblem | undefined {
  if (HTML_MARKERS.test(text)) throw new ProblemFound('web');

  const outside: string[] = [];
  let position = 0;
  STREAM_START.lastIndex = 0;
  for (let start = STREAM_START.exec(text); start; start = STREAM_START.exec(text)) {
    const dataStart = start.index + start[0].length;
    const end = text.indexOf('endstream', dataStart);
    const dataEnd = end === -1 ? text.length : end;
    outside.push(text.slice(position, dataStart));
    if (OBJECT_HEADER.test(text.slice(dataStart, dataEnd))) throw new ProblemFound('unreadable');
    position = dataEnd;
    STREAM_START.lastIndex = dataEnd;
  }
  outside.push(text.slice(position));

  // What pdf-lib would parse as syntax, judged before it starts: too much in all, or too much
  // in one stretch between object boundaries (where pdf-lib cannot yield), is refused unread.
  const syntax = outside.join('\n');
  if (syntax.length > MAX_PDF_SYNTAX_BYTES) throw new ProblemFound('unreadable');
  let longest = 0;
  let from = 0;
  for (const boundary of syntax.matchAll(/\b(?:end)?obj\b/g)) {
    longest = Math.max(longest, boundary.index - from);
    from = boundary.index;
  }
  longest = Math.max(longest, syntax.length - from);
  if (longest > MAX_PDF_OBJECT_SYNTAX_BYTES) throw new ProblemFound('unreadable');

  let found: PdfProblem | undefined;
  for (const match of syntax.matchAll(NAME_TOKEN)) {
    const name = decodeRawName(match[1] ?? '');
    if (name === 'encrypt') throw new ProblemFound('encrypted');
    if (ACTIVE_NAMES.has(name)) throw new ProblemFound('active');
    if (name === 'aa') found = 'automatic';
  }
  return found;
}

/**
 * pdf-lib reports every odd number or damaged object it meets with console.warn; a hostile file
 * can hold a hundred thousand of them, and they would flood the process's output. While any
 * parse runs, console.warn is silenced (counted, so overlapping parses restore it once, last).
 */
let quietParses = 0;
let originalWarn: typeof console.warn | undefined;
async function withoutLibraryWarnings<T>(run: () => Promise<T>): Promise<T> {
  if (quietParses++ === 0) {
    originalWarn = console.warn;
    console.warn = () => undefined;
  }
  try {
    return await run();
  } finally {
    if (--quietParses === 0 && originalWarn) console.warn = originalWarn;
  }
}

/** The problem found, or undefined if the PDF may be kept as uploaded. */
export function findPdfProblem(data: Buffer): Promise<PdfProblem | undefined> {
  return withoutLibraryWarnings(async () => (await inspectPdf(data)).problem);
}

/**
 * What is kept of an accepted PDF: the objects that were checked, written out afresh by pdf-lib
 * with a new cross-reference table and trailer, never the uploaded bytes. A viewer follows a
 * file's own cross-reference table, which can point at objects hidden where a front-to-back
 * parse never looks (inside stream data, behind comments); the rewritten file has no such
 * places, so what a reviewer's viewer opens is exactly what was inspected. The rewrite is
 * inspected again before it is kept.
 */
export function checkedPdf(
  data: Buffer,
): Promise<{ problem: PdfProblem } | { problem?: undefined; data: Buffer }> {
  return withoutLibraryWarnings(async () => {
    const first = await inspectPdf(data);
    if (first.problem || !first.context) return { problem: first.problem ?? 'unreadable' };
    const rewritten = Buffer.from(
      await PDFWriter.forContext(first.context, OBJECTS_PER_TICK).serializeToBuffer(),
    );
    const second = await inspectPdf(rewritten);
    if (second.problem) return { problem: second.problem };
    return { data: rewritten };
  });
}

async function inspectPdf(
  data: Buffer,
): Promise<{ problem: PdfProblem | undefined; context?: PDFContext }> {
  try {
    const inBytes = scanBytes(data.toString('latin1'));

    // A plain Uint8Array view: pdf-lib copies what it slices out of it and never writes to it.
    const parser = new RecordingParser(new Uint8Array(data.buffer, data.byteOffset, data.length));
    let context: PDFContext;
    try {
      context = await parser.parseDocument();
    } catch {
      throw new ProblemFound('unreadable');
    }
    if (context.trailerInfo.Encrypt !== undefined) throw new ProblemFound('encrypted');
    checkObjectStreams(parser.definitions);
    const inObjects = inspectObjects(context, parser.definitions);
    if (!hasPages(context)) throw new ProblemFound('unreadable');
    return { problem: inBytes ?? inObjects, context };
  } catch (error) {
    if (error instanceof ProblemFound) return { problem: error.problem };
    throw error;
  }
}
