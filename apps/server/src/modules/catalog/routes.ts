import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  documentTypeListSchema,
  documentTypeSchema,
  newDocumentTypeSchema,
  problemSchema,
} from '@bank/contract';
import type { Database } from '../../db/connection.js';
import { staffActor } from '../../platform/audit.js';
import { idParams, problemResponses } from '../../platform/route-schemas.js';
import { requirePermission } from '../../plugins/session.js';
import * as catalog from './service.js';

const problems = problemResponses(400, 401, 403, 404, 409);
const BASE = '/api/v1/staff/catalog/document-types';

/** The catalog staff keep (catalog.manage): for now, the identity document types. */
export const catalogRoutes =
  (database: Database): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = database;
    app.get(
      BASE,
      {
        schema: {
          tags: ['staff'],
          summary: 'Every identity document type, offered or retired (catalog.manage)',
          response: { 200: documentTypeListSchema, 401: problemSchema, 403: problemSchema },
        },
      },
      async (request) => {
        await requirePermission(request, database, 'catalog.manage');
        return { items: await catalog.listDocumentTypes(db) };
      },
    );

    app.post(
      BASE,
      {
        schema: {
          tags: ['staff'],
          summary: 'Offer a new document type to customers (catalog.manage, audited)',
          body: newDocumentTypeSchema,
          response: { 201: documentTypeSchema, ...problems },
        },
      },
      async (request, reply) => {
        const session = await requirePermission(request, database, 'catalog.manage');
        const added = await catalog.addDocumentType(
          db,
          request.body.name,
          staffActor(request, session.userId),
        );
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
          const session = await requirePermission(request, database, 'catalog.manage');
          return catalog.setDocumentTypeOffered(
            db,
            request.params.id,
            active,
            staffActor(request, session.userId),
          );
        },
      );
    }
  };
