import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The OpenAPI description is generated from the route schemas, served as JSON at
 * /api/openapi.json, and rendered at /api/docs (assets served locally, no CDN).
 */
export async function registerOpenApi(app: FastifyInstance, options: { version: string }) {
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
        { name: 'staff', description: 'The back office; every route names its permission' },
      ],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
