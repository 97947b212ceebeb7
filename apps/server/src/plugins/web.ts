import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { withStyleNonce } from './security.js';

/** What the build writes where each response's nonce goes (vite.config.ts, `html.cspNonce`). */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * Serves the built React app under BASE_PATH: hashed assets with long caching, and index.html
 * for every other path so the router can take over. The site root redirects to BASE_PATH.
 * One build serves any base path: the server writes it into the page's <base href>. Each page
 * response gets its own style nonce, written into the page and into its content security policy.
 */
export async function registerWeb(
  app: FastifyInstance,
  options: { basePath: string; webRoot: string },
) {
  const { basePath, webRoot } = options;
  const indexFile = path.join(webRoot, 'index.html');

  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(`${basePath}/`));

  if (!existsSync(indexFile)) {
    app.log.warn({ webRoot }, 'web app not built: run `npm run build` (the API still works)');
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8').replace(
    /<base href="[^"]*"\s*\/?>/,
    `<base href="${basePath}/" />`,
  );

  // Every built file gets its own route (wildcard: false), so the catch-all below only ever
  // sees app paths. index.html is served rewritten, never raw; source maps stay private. Text
  // assets go as the build compressed them (x.js.br, x.js.gz: decision 30), the one the
  // browser accepts, under the asset's own name; the compressed files have no address of their own.
  await app.register(fastifyStatic, {
    root: webRoot,
    prefix: `${basePath}/`,
    wildcard: false,
    index: false,
    preCompressed: true,
    allowedPath: (pathName) => pathName !== '/index.html' && !/\.(?:map|br|gz)$/.test(pathName),
    setHeaders: (res, filePath) => {
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600',
      );
    },
  });

  const sendIndex = (_request: unknown, reply: FastifyReply) => {
    // 128 random bits per response: a nonce seen in one page is worth nothing for the next.
    const nonce = randomBytes(16).toString('base64');
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') {
      reply.header('content-security-policy', withStyleNonce(policy, nonce));
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml.replaceAll(CSP_NONCE_PLACEHOLDER, nonce));
  };

  app.get(basePath, { schema: { hide: true } }, (_request, reply) =>
    reply.redirect(`${basePath}/`),
  );
  app.get(`${basePath}/`, { schema: { hide: true } }, sendIndex);
  app.get(`${basePath}/*`, { schema: { hide: true } }, (request, reply) => {
    // A missing asset is a 404, not the app page (a stale tab asking for an old chunk).
    if (request.url.startsWith(`${basePath}/assets/`)) return reply.callNotFound();
    return sendIndex(request, reply);
  });
}
