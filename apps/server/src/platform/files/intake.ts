import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { AppError } from '../errors.js';

/**
 * Intake for user-uploaded documents (KYC identity documents, payment proofs).
 *
 * The type is decided from the content only (magic bytes); the file name and the declared type
 * are never trusted. Images are decoded and re-encoded, which strips all metadata (EXIF, GPS,
 * XMP, ICC) and destroys anything appended to or hidden in the original bytes (polyglots).
 * PDFs cannot be safely re-encoded here, so they are checked for active content and refused if
 * they contain any.
 */

export type UploadKind = 'jpeg' | 'png' | 'webp' | 'pdf';

export interface UploadInput {
  data: Buffer;
  fileName: string;
  /** The client's claimed type; informational only, never used to decide anything. */
  declaredType?: string;
  maxBytes: number;
  allowed: UploadKind[];
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
export const MAX_INPUT_PIXELS = 50_000_000;
const IMAGE_QUALITY = 85;
const PDF_SCAN_WINDOW = 64 * 1024;
/** Acrobat accepts %%EOF anywhere in the last 1024 bytes; so do we. */
const PDF_EOF_WINDOW = 1024;

const KIND_LABEL: Record<UploadKind, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  pdf: 'PDF',
};

/** file-type extension -> our kind. Anything not listed here is never accepted. */
const DETECTED_KIND: Record<string, UploadKind> = {
  jpg: 'jpeg',
  png: 'png',
  webp: 'webp',
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

function allowedList(allowed: readonly UploadKind[]): string {
  return allowed.map((kind) => KIND_LABEL[kind]).join(', ');
}

function sha256Hex(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

export async function acceptUpload(input: UploadInput): Promise<AcceptedFile> {
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

  // Content decides the type; fileName and declaredType are deliberately ignored.
  const detected = await fileTypeFromBuffer(data);
  const kind = detected ? DETECTED_KIND[detected.ext] : undefined;
  if (!kind || !allowed.includes(kind)) {
    // 415 in spirit.
    throw new AppError(
      'UNPROCESSABLE',
      `This type of file is not accepted. Upload a ${allowedList(allowed)} file.`,
      { detected: detected?.mime ?? 'unknown' },
    );
  }

  return kind === 'pdf' ? acceptPdf(data) : acceptImage(data, kind);
}

async function acceptImage(data: Buffer, kind: Exclude<UploadKind, 'pdf'>): Promise<AcceptedFile> {
  const unreadable = () =>
    new AppError('UNPROCESSABLE', 'The image could not be read. It may be damaged or incomplete.');

  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' } as const;
  let meta: Metadata;
  try {
    // Header only, no pixel decode: the pixel limit is checked below with a clearer message.
    meta = await sharp(data, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  // sharp sniffs the content itself; it must agree with file-type.
  if (meta.format !== kind) throw unreadable();
  if (!meta.width || !meta.height) throw unreadable();
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
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

/** Names whose presence means active or embedded content, compared after #xx decoding. */
const FORBIDDEN_PDF_NAMES = new Set([
  'javascript',
  'js',
  'launch',
  'embeddedfile',
  'embeddedfiles',
]);
const HTML_MARKERS = ['<html', '<script', '<!doctype html'];

function decodePdfName(raw: string): string {
  // PDF names may hide characters as #xx (e.g. /J#61vaScript); decode before comparing.
  return raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
}

function acceptPdf(data: Buffer): AcceptedFile {
  const refuse = (reason: string) =>
    new AppError('UNPROCESSABLE', `This PDF cannot be accepted: ${reason}.`);

  if (data.subarray(0, 5).toString('latin1') !== '%PDF-') {
    throw refuse('it does not start with a PDF header');
  }
  const tail = data.subarray(Math.max(0, data.length - PDF_EOF_WINDOW)).toString('latin1');
  if (!tail.includes('%%EOF')) {
    throw refuse('it is incomplete (no end-of-file marker)');
  }

  const head = data.subarray(0, PDF_SCAN_WINDOW).toString('latin1').toLowerCase();
  const end = data
    .subarray(Math.max(0, data.length - PDF_SCAN_WINDOW))
    .toString('latin1')
    .toLowerCase();
  if (HTML_MARKERS.some((marker) => head.includes(marker) || end.includes(marker))) {
    throw refuse('it contains web page content');
  }

  // Scan every name token in the whole file. Content inside compressed object streams is not
  // inflated here; see the module notes.
  const text = data.toString('latin1');
  for (const match of text.matchAll(/\/([^\s/<>[\]()%{}]+)/g)) {
    const name = decodePdfName(match[1] ?? '').toLowerCase();
    if (FORBIDDEN_PDF_NAMES.has(name)) {
      throw refuse('it contains scripts, launch actions or embedded files');
    }
  }

  return {
    data,
    mime: 'application/pdf',
    extension: 'pdf',
    bytes: data.length,
    sha256: sha256Hex(data),
  };
}
