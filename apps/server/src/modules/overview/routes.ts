import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PERMISSIONS, overviewSchema } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { problemResponses } from '../../platform/route-schemas.js';
import { staffOf } from '../../plugins/access.js';
import { overviewFor } from './service.js';

/** Any staff member: the route admits any one permission; each queue checks its own. */
const ANY_STAFF = { permission: PERMISSIONS } as const;

export const overviewRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/staff/overview',
      {
        config: { access: ANY_STAFF },
        schema: {
          tags: ['staff'],
          summary:
            "The back office's landing page: each queue the viewer's permissions open (how many wait, since when), the steps of setting up the bank they may manage (each done, waiting for a second person or missing) and the ledger's health (any staff permission)",
          response: { 200: overviewSchema, ...problemResponses(401, 403) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return overviewFor(deps, staffOf(request));
      },
    );
  };
