import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { appVersion } from '../../version.js';

/** GET /api/health: answers 200 when the database answers, 503 otherwise. */
export const healthRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { database } = deps;
    app.get(
      '/api/health',
      {
        config: { access: { public: true } },
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
        const status = ok ? ('ok' as const) : ('degraded' as const);
        // What runs where, and which version, is for staff in production (the first thing an
        // attacker looks up); the status code alone serves a load balancer.
        const detailed = deps.config.env !== 'production' || request.session?.scope === 'staff';
        return reply.status(ok ? 200 : 503).send(
          detailed
            ? {
                status,
                database: { engine: database.engine, ok, latencyMs },
                version: appVersion,
              }
            : { status },
        );
      },
    );
  };
