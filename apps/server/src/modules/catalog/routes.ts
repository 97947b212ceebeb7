import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentTypeListSchema, documentTypeSchema, newDocumentTypeSchema } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { idParams, problemResponses } from '../../platform/route-schemas.js';
import { staffOf } from '../../plugins/access.js';
import * as catalog from './service.js';

const problems = problemResponses(400, 401, 403, 404, 409);
const BASE = '/api/v1/staff/catalog/document-types';
const MANAGE = { permission: 'catalog.manage' } as const;

/** The catalog staff keep (catalog.manage): for now, the identity document types. */
export const catalogRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      BASE,
      {
        config: { access: MANAGE },
        schema: {
          tags: ['staff'],
          summary: 'Every identity document type, offered or retired (catalog.manage)',
          response: { 200: documentTypeListSchema, ...problemResponses(401, 403) },
        },
      },
      async () => ({ items: await catalog.listDocumentTypes(deps) }),
    );

    app.post(
      BASE,
      {
        config: { access: MANAGE },
        schema: {
          tags: ['staff'],
          summary: 'Offer a new document type to customers (catalog.manage, audited)',
          body: newDocumentTypeSchema,
          response: { 201: documentTypeSchema, ...problems },
        },
      },
      async (request, reply) => {
        const added = await catalog.addDocumentType(deps, request.body.name, staffOf(request));
        return reply.status(201).send(added);
      },
    );

    for (const [action, active] of [
      ['retire', false],
      ['restore', true],
    ] as const) {
      app.post(
        `${BASE}/:id/${action}`,
        {
          config: { access: MANAGE },
          schema: {
            tags: ['staff'],
            summary: active
              ? 'Offer a retired document type again (catalog.manage, audited)'
              : "Stop offering a document type; past submissions keep theirs. Driver's License cannot be retired (catalog.manage, audited)",
            params: idParams,
            response: { 200: documentTypeSchema, ...problems },
          },
        },
        async (request) => {
          return catalog.setDocumentTypeOffered(deps, request.params.id, active, staffOf(request));
        },
      );
    }
  };
