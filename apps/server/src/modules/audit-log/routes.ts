import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditActionsSchema,
  auditExportQuerySchema,
  auditPageSchema,
  auditQuerySchema,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { problemResponses } from '../../platform/route-schemas.js';
import { staffOf } from '../../plugins/access.js';
import { exportAuditLog } from './export.js';
import { auditActionCatalogue, searchAuditLog } from './service.js';

const READ = { permission: 'audit.read' } as const;
const problems = problemResponses(400, 401, 403);

/** The audit log for staff (audit.read): search, the action catalogue, CSV export. */
export const auditLogRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/staff/audit',
      {
        config: { access: READ },
        schema: {
          tags: ['staff'],
          summary:
            'The audit log, newest first: by actor, customer, action or area, target and period (UTC); a page at a time (audit.read)',
          querystring: auditQuerySchema,
          response: { 200: auditPageSchema, ...problems },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return searchAuditLog(deps, request.query);
      },
    );

    app.get(
      '/api/v1/staff/audit/actions',
      {
        config: { access: READ },
        schema: {
          tags: ['staff'],
          summary: 'The audit catalogue: every action in words, grouped by area (audit.read)',
          response: { 200: auditActionsSchema, ...problemResponses(401, 403) },
        },
      },
      async () => auditActionCatalogue(),
    );

    app.get(
      '/api/v1/staff/audit/export.csv',
      {
        config: { access: READ, rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags: ['staff'],
          summary:
            'The search as CSV, newest first, at most 100,000 rows (a larger search is refused); the export is audited (audit.read)',
          querystring: auditExportQuerySchema,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const file = await exportAuditLog(deps, request.query, staffOf(request), (error) =>
          request.log.error({ err: error }, 'audit export stopped'),
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .send(file.body);
      },
    );
  };
