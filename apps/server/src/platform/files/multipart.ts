import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { isAcceptableText, unacceptableTextError } from '../text.js';

export interface UploadedPart {
  fileName: string;
  data: Buffer;
}

export interface MultipartForm<Field extends string, File extends string> {
  fields: Partial<Record<Field, string>>;
  files: Partial<Record<File, UploadedPart>>;
}

/** What an upload route reads: its text fields and files (`config: { upload }`). */
export interface UploadSpec {
  fields: readonly string[];
  files: readonly string[];
  maxFieldLength?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The multipart form this route reads, through `uploadOf` (read once per request). */
    upload?: UploadSpec;
  }
}

const uploads = new WeakMap<FastifyRequest, Promise<MultipartForm<string, string>>>();

/**
 * The multipart form of a route that declares `config.upload`, read once per request: a hook
 * that must see the upload before the handler (the Idempotency-Key's fingerprint) and the handler
 * share one reading of the stream.
 */
export function uploadOf<Field extends string, File extends string>(
  request: FastifyRequest,
): Promise<MultipartForm<Field, File>> {
  let form = uploads.get(request);
  if (!form) {
    const spec = request.routeOptions.config.upload;
    if (!spec) throw new Error(`${request.routeOptions.url ?? ''} declares no config.upload`);
    form = readMultipart(request, spec);
    uploads.set(request, form);
  }
  return form as Promise<MultipartForm<Field, File>>;
}

const MALFORMED = 'The upload was incomplete or malformed. Please try again.';

/**
 * Reads a multipart form into its text fields and files, for every upload route. What the
 * browser did not send whole (no closing boundary, a truncated part, no boundary at all) is a
 * clear 400, never a 500; a file over the size limit is a 413; text with control characters or
 * broken Unicode is refused like any other field; a field or file sent twice is refused.
 * Unknown fields and files are read and dropped.
 */
export async function readMultipart<Field extends string, File extends string>(
  request: FastifyRequest,
  spec: { fields: readonly Field[]; files: readonly File[]; maxFieldLength?: number },
): Promise<MultipartForm<Field, File>> {
  if (!request.isMultipart()) {
    throw new AppError('BAD_REQUEST', 'Send the form as multipart/form-data.');
  }
  const maxFieldLength = spec.maxFieldLength ?? 400;
  const form: MultipartForm<Field, File> = { fields: {}, files: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        const name = part.fieldname as File;
        if (!spec.files.includes(name)) continue;
        if (form.files[name]) throw duplicate(name);
        form.files[name] = { fileName: part.filename, data };
      } else {
        const name = part.fieldname as Field;
        if (!spec.fields.includes(name)) continue;
        if (form.fields[name] !== undefined) throw duplicate(name);
        const value = String(part.value);
        if (!isAcceptableText(value)) throw unacceptableTextError(`body.${name}`);
        form.fields[name] = value.slice(0, maxFieldLength);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', 'A file is too large.');
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError('MALFORMED_UPLOAD', 'The form has more files or fields than it takes.');
    }
    // busboy's "Unexpected end of form", "Malformed part header", a missing boundary, a part
    // or file limit: all are the upload's fault.
    throw new AppError('MALFORMED_UPLOAD', MALFORMED);
  }
  return form;
}

function duplicate(name: string): AppError {
  return new AppError('VALIDATION_FAILED', 'Some fields are missing or not valid.', {
    errors: [{ path: `body.${name}`, message: 'Send this only once.' }],
  });
}
