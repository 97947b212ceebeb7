import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { AppError } from '../errors.js';
import { createFairLimiter } from '../limiter.js';
import { checkedPdf, type PdfProblem } from './pdf.js';
import { SVG_MAX_SIDE, checkSvgIsInert, drawSvg, looksLikeSvg } from './svg.js';

/**
 * Intake for user uploads (KYC identity documents, payment proofs, profile pictures).
 *
 * The type is decided from the content only (magic bytes); the file name and the declared type
 * are never trusted. Images are decoded and re-encoded (a GIF's first frame), which strips all
 * metadata (EXIF, GPS, XMP, ICC) and destroys anything appended to or hidden in the original
 * bytes (polyglots); their size is judged from the header so that a hostile file costs nothing
 * to refuse. An SVG is checked to be inert and drawn to pixels (./svg.ts): only the pixels are
 * kept. PDFs are
 * parsed and refused if anything in them is active or embedded, and what is kept is the parsed
 * objects written out afresh, never the uploaded bytes (./pdf.ts): a viewer then finds exactly
 * what was inspected, with nothing hidden where the parse did not look.
 */

export type UploadKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'svg' | 'pdf';

export interface UploadInput {
  data: Buffer;
  fileName: string;
  /** The client's claimed type; informational only, never used to decide anything. */
  declaredType?: string;
  maxBytes: number;
  allowed: UploadKind[];
  /** Who sends it ("user:<id>"): checks are shared fairly between people. */
  owner: string;
}

export interface AcceptedFile {
  data: Buffer;
  mime: 'image/jpeg' | 'image/webp' | 'application/pdf';
  extension: 'jpg' | 'webp' | 'pdf';
  bytes: number;
  /** Hex SHA-256 of `data` (the stored, re-encoded bytes). */
  sha256: string;
  width?: number;
  height?: number;
}

export const MAX_FILE_NAME_LENGTH = 200;
export const MAX_IMAGE_DIMENSION = 4000;
/**
 * Pixels an upload may decode to, all frames counted. 40 MP takes a 600-dpi A4 scan (35 MP) and
 * a 12-36 MP camera photo at full size; 48+ MP "full resolution" phone modes must be sent at the
 * usual size. Nothing larger is useful here: images are stored at most 4000 px a side (16 MP).
 */
export const MAX_INPUT_PIXELS = 40_000_000;
const IMAGE_QUALITY = 85;
/** Acrobat accepts %%EOF anywhere in the last 1024 bytes; so do we. */
const PDF_EOF_WINDOW = 1024;

const KIND_LABEL: Record<UploadKind, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  gif: 'GIF',
  svg: 'SVG',
  pdf: 'PDF',
};

/** file-type extension -> our kind. Anything not listed here is never accepted. */
const DETECTED_KIND: Record<string, UploadKind> = {
  jpg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  pdf: 'pdf',
};

// C0 controls, DEL, C1 controls, and Unicode bidi/format controls used to spoof extensions
// (e.g. U+202E RIGHT-TO-LEFT OVERRIDE turning "gpj.exe" into "exe.jpg" on screen).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

function notAcceptableName(): AppError {
  return new AppError('BAD_REQUEST', 'The file name is not acceptable.');
}

/** The name is only sanity-checked; it is never used to build a path or decide the type. */
export function checkFileName(fileName: string): void {
  if (typeof fileName !== 'string') throw notAcceptableName();
  if (fileName.trim().length === 0 || fileName.length > MAX_FILE_NAME_LENGTH) {
    throw notAcceptableName();
  }
  if (fileName.includes('/') || fileName.includes('\\') || fileName.includes('..')) {
    throw notAcceptableName();
  }
  if (CONTROL_CHARS.test(fileName)) throw notAcceptableName();
}

export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  const rounded = mb >= 1 ? Math.round(mb * 10) / 10 : Number(mb.toPrecision(2));
  return `${rounded} MB`;
}

const OR = new Intl.ListFormat('en-GB', { type: 'disjunction' });

/** "JPEG, PNG or WebP". */
function allowedList(allowed: readonly UploadKind[]): string {
  return OR.format(allowed.map((kind) => KIND_LABEL[kind]));
}

function sha256Hex(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * Checking a file costs CPU (decoding and re-encoding an image, parsing a PDF, drawing an SVG in
 * a process of its own): at most two are checked at once in this process, one per person; a
 * person's next files wait in a short line of their own, and turns go round the people waiting
 * (issue 20: one customer's flood of SVGs made another's picture wait 27 s, then fail). Beyond a
 * person's line, or when the whole line is full, the check is busy: 503 with Retry-After.
 */
export const MAX_INTAKES_AT_ONCE = 2;
export const MAX_INTAKES_PER_PERSON = 1;
export const MAX_INTAKES_WAITING_PER_PERSON = 3;
export const MAX_INTAKES_WAITING = 16;
const intakes = createFairLimiter({
  atOnce: MAX_INTAKES_AT_ONCE,
  perOwner: MAX_INTAKES_PER_PERSON,
  waitingPerOwner: MAX_INTAKES_WAITING_PER_PERSON,
  waiting: MAX_INTAKES_WAITING,
  busy: 'Too many uploads are being checked. Please try again.',
});

export function acceptUpload(input: UploadInput): Promise<AcceptedFile> {
  return intakes.run(input.owner, () => checkUpload(input));
}

async function checkUpload(input: UploadInput): Promise<AcceptedFile> {
  const { data, fileName, maxBytes, allowed } = input;
  if (!Number.isSafeInteger(maxBytes) || maxBytes <= 0) {
    throw new TypeError('acceptUpload: maxBytes must be a positive integer');
  }
  if (!Array.isArray(allowed) || allowed.length === 0) {
    throw new TypeError('acceptUpload: allowed must list at least one type');
  }

  checkFileName(fileName);

  if (!Buffer.isBuffer(data) || data.length === 0) {
    throw new AppError('UNPROCESSABLE', 'The file is empty.');
  }
  if (data.length > maxBytes) {
    // 413 in spirit; the error catalogue has no such code.
    throw new AppError(
      'UNPROCESSABLE',
      `The file is too large. The limit is ${formatMegabytes(maxBytes)}.`,
      { limitBytes: maxBytes, bytes: data.length },
    );
  }

  // Content decides the type; fileName and declaredType are deliberately ignored. SVG is text
  // with no magic bytes: it is recognised by its root element, only where it is allowed.
  const detected = await fileTypeFromBuffer(data);
  const kind =
    (!detected || detected.ext === 'xml') && allowed.includes('svg') && looksLikeSvg(data)
      ? 'svg'
      : detected
        ? DETECTED_KIND[detected.ext]
        : undefined;
  if (!kind || !allowed.includes(kind)) {
    // 415 in spirit.
    throw new AppError(
      'UNPROCESSABLE',
      `This type of file is not accepted. Upload a ${allowedList(allowed)} file.`,
      { detected: detected?.mime ?? 'unknown' },
    );
  }

  if (kind === 'pdf') return acceptPdf(data);
  if (kind === 'svg') {
    checkSvgIsInert(data);
    const drawn = await drawSvg(data, {
      maxSide: SVG_MAX_SIDE,
      maxPixels: MAX_INPUT_PIXELS,
    });
    return acceptImage(drawn, 'png');
  }
  return acceptImage(data, kind);
}

async function acceptImage(
  data: Buffer,
  kind: Exclude<UploadKind, 'pdf' | 'svg'>,
): Promise<AcceptedFile> {
  const unreadable = () =>
    new AppError('UNPROCESSABLE', 'The image could not be read. It may be damaged or incomplete.');

  // Decoding is where the cost is (a few KB of PNG can claim 400 megapixels), so the size is
  // decided from the header alone, and the decoder gets the same limit in case it disagrees.
  // Only the first frame is ever decoded, but every frame counts: an animated or multi-page
  // file that large is not a document photo.
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', pages: 1 } as const;
  let meta: Metadata;
  try {
    // metadata() reads the header only; sharp's own limit is off here so that an oversized image
    // gets the message below rather than "could not be read".
    meta = await sharp(data, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  // sharp sniffs the content itself; it must agree with file-type.
  if (meta.format !== kind) throw unreadable();
  if (!meta.width || !meta.height) throw unreadable();
  const frames = meta.pages ?? 1;
  const frameHeight = meta.pageHeight ?? meta.height;
  // Samples wider than a byte (16-bit PNGs) cost about twice as much to decode and convert, so
  // they count twice (the outside review's 40-megapixel 16-bit PNG took 4 s of CPU).
  const sampleWeight = meta.depth === 'uchar' || meta.depth === 'char' ? 1 : 2;
  if (meta.width * frameHeight * frames * sampleWeight > MAX_INPUT_PIXELS) {
    throw new AppError(
      'UNPROCESSABLE',
      `The image is too large. The limit is ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`,
    );
  }

  const pipeline = sharp(data, options)
    // Apply the EXIF orientation to the pixels, since the EXIF itself is about to be dropped.
    .rotate()
    .resize({
      width: MAX_IMAGE_DIMENSION,
      height: MAX_IMAGE_DIMENSION,
      fit: 'inside',
      withoutEnlargement: true,
    });
  // No withMetadata()/keepExif(): sharp writes no EXIF, XMP, IPTC or ICC by default.
  const encoded =
    kind === 'jpeg'
      ? pipeline.jpeg({ quality: IMAGE_QUALITY, mozjpeg: true })
      : pipeline.webp({ quality: IMAGE_QUALITY });

  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await encoded.toBuffer({ resolveWithObject: true });
  } catch {
    throw unreadable();
  }

  const out = output.data;
  return {
    data: out,
    mime: kind === 'jpeg' ? 'image/jpeg' : 'image/webp',
    extension: kind === 'jpeg' ? 'jpg' : 'webp',
    bytes: out.length,
    sha256: sha256Hex(out),
    width: output.info.width,
    height: output.info.height,
  };
}

const PDF_REFUSALS: Record<PdfProblem, string> = {
  unreadable:
    'it could not be read. It may be damaged, or built in a way this check does not accept',
  encrypted: 'it is encrypted or password-protected. Upload a copy without a password',
  active: 'it contains scripts, launch actions or embedded files',
  automatic: 'it starts actions by itself when it is opened or viewed',
  link: 'it contains a link that is not a web or e-mail address',
  web: 'it contains web page content',
};

async function acceptPdf(data: Buffer): Promise<AcceptedFile> {
  const refuse = (reason: string) =>
    new AppError('UNPROCESSABLE', `This PDF cannot be accepted: ${reason}.`);

  if (data.subarray(0, 5).toString('latin1') !== '%PDF-') {
    throw refuse('it does not start with a PDF header');
  }
  const tail = data.subarray(Math.max(0, data.length - PDF_EOF_WINDOW)).toString('latin1');
  if (!tail.includes('%%EOF')) {
    throw refuse('it is incomplete (no end-of-file marker)');
  }

  const checked = await checkedPdf(data);
  if (checked.problem) throw refuse(PDF_REFUSALS[checked.problem]);

  // The rewritten file is kept, not the upload: see checkedPdf.
  return {
    data: checked.data,
    mime: 'application/pdf',
    extension: 'pdf',
    bytes: checked.data.length,
    sha256: sha256Hex(checked.data),
  };
}
