import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { AppError } from '../platform/errors.js';
import { normalizedPath } from './request-path.js';

/** The API description's own paths. */
export function isDocsPath(url: string): boolean {
  const path = normalizedPath(url);
  return path === '/api/openapi.json' || path === '/api/docs' || path.startsWith('/api/docs/');
}

type OpenApiDocument = ReturnType<typeof jsonSchemaTransformObject>;

/**
 * Every 503 the API answers carries Retry-After (plugins/errors.ts): said once here for every
 * route that declares a 503, rather than on each route.
 */
function withRetryAfter(document: OpenApiDocument): OpenApiDocument {
  const paths = ('paths' in document ? document.paths : undefined) ?? {};
  for (const item of Object.values(paths) as Record<string, unknown>[]) {
    for (const operation of Object.values(item ?? {})) {
      const busy = (operation as { responses?: Record<string, Record<string, unknown>> })
        ?.responses?.['503'];
      if (!busy || typeof busy !== 'object') continue;
      busy.headers = {
        'Retry-After': {
          description: 'Seconds to wait before trying again',
          schema: { type: 'integer', minimum: 1 },
        },
      };
    }
  }
  return document;
}

/**
 * The OpenAPI description is generated from the route schemas, served as JSON at
 * /api/openapi.json, and rendered at /api/docs (assets served locally, no CDN). In production
 * both are for signed-in staff only (anyone else gets a 404): the map of the API is not public.
 * Register after the session hook, before the routes it describes.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { version: string; production: boolean },
) {
  if (options.production) {
    app.addHook('onRequest', async (request) => {
      if (isDocsPath(request.url) && request.session?.scope !== 'staff') {
        throw new AppError('NOT_FOUND', 'Not found');
      }
    });
  }
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Bank API',
        description:
          'The customer and back-office API of the online bank. Amounts are integer minor units ' +
          'carried as strings of digits. Errors are application/problem+json (RFC 9457).',
        version: options.version,
      },
      tags: [
        { name: 'system', description: 'Health and service information' },
        { name: 'auth', description: 'Sign-up, email verification, sign-in and sign-out' },
        { name: 'kyc', description: "The customer's identity check" },
        { name: 'accounts', description: "The customer's own account, from the ledger" },
        { name: 'staff', description: 'The back office; every route names its permission' },
        {
          name: 'receipts',
          description:
            "A line's or a transfer's detail, PDF receipts, and the public check of a receipt",
        },
      ],
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => withRetryAfter(jsonSchemaTransformObject(document)),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
