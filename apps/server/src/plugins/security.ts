import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { isApiRequest, normalizedPath } from './request-path.js';

/**
 * Security headers on every response: a strict CSP (no inline script, nothing from another
 * origin, no framing), nosniff, no referrer leaking to other sites, HSTS in production. API
 * responses carry personal data and are never cached.
 */
export async function registerSecurity(app: FastifyInstance, options: { production: boolean }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.production
      ? { maxAge: 63_072_000, includeSubDomains: true }
      : false,
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onSend', async (request, reply) => {
    // The docs page's own scripts and styles may be cached; nothing else under /api may.
    if (isApiRequest(request) && !normalizedPath(request.url).startsWith('/api/docs')) {
      reply.header('cache-control', 'no-store');
    }
  });
}

/**
 * The app page's policy: `policy` (the one every response carries) with this response's nonce
 * added to style-src and nothing else changed. UI primitives insert <style> elements at run
 * time (Radix's scroll lock, through react-style-singleton), which `style-src 'self'` refuses;
 * the page hands them the nonce instead of the policy allowing 'unsafe-inline'. Scripts stay
 * 'self' only.
 */
export function withStyleNonce(policy: string, nonce: string): string {
  const directives = policy.split(';').map((directive) => directive.trim());
  const index = directives.findIndex((directive) => /^style-src(\s|$)/.test(directive));
  if (index < 0) throw new Error('the content security policy has no style-src to add a nonce to');
  directives[index] = `${directives[index]} 'nonce-${nonce}'`;
  return directives.join(';');
}
