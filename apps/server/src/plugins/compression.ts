import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * What the server compresses as it answers (decision 30): the app page and the API's JSON,
 * problem+json and CSV answers of 1 kB or more, brotli or gzip as the browser asks. The built
 * assets are compressed once at build time instead (apps/web/vite.config.ts) and sent as they
 * are (plugins/web.ts); pictures, PDFs and documents are compressed formats already.
 *
 * Safe against BREACH (a secret guessed from the compressed size of answers that also echo
 * what an attacker chose): the session cookie is SameSite=Strict, so a page on another site
 * cannot make the browser ask for a signed-in answer at all; no answer carries a token that
 * lives across requests (the CSRF defence is a fixed header, not a token; the page's style
 * nonce is new in every answer); and the answers that do carry a secret (the authenticator
 * app's key, the recovery codes) are never compressed (`compress: false` on their routes).
 * The live channel is never compressed either: a compressor holds events back until its buffer
 * fills.
 */
export const COMPRESSED_TYPES =
  /^(?:text\/(?:html|css|csv|plain)|application\/(?:json|problem\+json|javascript)|image\/svg\+xml)(?:;|$)/;

export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSED_TYPES,
    // Quality 4 (zlib's default is 11): a few per cent bigger than the strongest and many
    // times cheaper, for answers made once.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    // Request bodies are small forms and multipart uploads: a compressed body is never
    // inflated (a small upload that would inflate to gigabytes); the parsers refuse it.
    globalDecompression: false,
  });
}
