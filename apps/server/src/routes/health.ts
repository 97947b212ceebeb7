import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@bank/contract';
import type { Database } from '../db/connection.js';

/** GET /api/health: answers 200 when the database answers, 503 otherwise. */
export const healthRoutes =
  (database: Database, version: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Service health, including a database round trip',
          response: { 200: healthSchema, 503: healthSchema },
        },
      },
      async (request, reply) => {
        const started = performance.now();
        let ok = true;
        try {
          await sql`select 1`.execute(database.db);
        } catch (error) {
          ok = false;
          request.log.error({ err: error }, 'health check: database unreachable');
        }
        const latencyMs = Math.round((performance.now() - started) * 100) / 100;
        return reply.status(ok ? 200 : 503).send({
          status: ok ? 'ok' : 'degraded',
          database: { engine: database.engine, ok, latencyMs },
          version,
        });
      },
    );
  };
