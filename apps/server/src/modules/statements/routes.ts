import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statementChartSchema, statementFilterSchema, statementPageSchema } from '@bank/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { problemResponses } from '../../platform/route-schemas.js';
import { sessionOf } from '../../plugins/access.js';
import { renderGate, statementCsv, statementPdf } from './documents.js';
import * as statements from './service.js';
import type { StatementExport } from './service.js';

const CUSTOMER = { session: ['customer'] } as const;
const problems = problemResponses(400, 401, 404, 422);
/** Building a PDF of thousands of lines takes CPU: a few a minute per address. */
const EXPORTS = { max: 10, timeWindow: '1 minute' };
const PDF_RENDERS_AT_ONCE = 2;
const PDF_RENDERS_WAITING = 20;

/** Statements & Report: filtered lines with running balance, chart data, CSV and PDF. */
export const statementRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/statements',
      {
        config: { access: CUSTOMER },
        schema: {
          tags: ['statements'],
          summary:
            'Statement lines, newest first, with the balance after each, and the period summary (getstatement)',
          querystring: statementFilterSchema.and(
            z.object({
              limit: z.coerce.number().int().min(1).max(100).default(25),
              cursor: z.string().max(40).optional(),
            }),
          ),
          response: { 200: statementPageSchema, ...problems },
        },
      },
      async (request) => {
        const { limit, cursor, ...filter } = request.query;
        return statements.statement(deps, sessionOf(request).userId, filter, { limit, cursor });
      },
    );

    app.get(
      '/api/v1/statements/chart',
      {
        config: { access: CUSTOMER },
        schema: {
          tags: ['statements'],
          summary: 'End-of-day balances and money in and out by month, for the chosen period',
          querystring: statementFilterSchema,
          response: { 200: statementChartSchema, ...problems },
        },
      },
      async (request) => statements.chart(deps, sessionOf(request).userId, request.query),
    );

    /** PDFs are laid out on the event loop (in slices): a few at a time per app server. */
    const pdfGate = renderGate(PDF_RENDERS_AT_ONCE, PDF_RENDERS_WAITING);
    /** The same statement, as a download in each format. */
    const formats = [
      {
        extension: 'csv',
        type: 'text/csv; charset=utf-8',
        summary: 'The chosen period and filters as CSV (oldest first)',
        render: async (data: StatementExport) => statementCsv(data),
      },
      {
        extension: 'pdf',
        type: 'application/pdf',
        summary: 'The chosen period as a PDF statement with opening and closing balances',
        render: (data: StatementExport) => pdfGate(() => statementPdf(data)),
      },
    ] as const;
    for (const format of formats) {
      app.get(
        `/api/v1/statements/export.${format.extension}`,
        {
          config: { access: CUSTOMER, rateLimit: EXPORTS },
          schema: {
            tags: ['statements'],
            summary: format.summary,
            querystring: statementFilterSchema,
            produces: [format.type.split(';')[0] ?? format.type],
          },
        },
        async (request, reply) => {
          const data = await statements.statementForExport(
            deps,
            sessionOf(request).userId,
            request.query,
          );
          return reply
            .type(format.type)
            .header(
              'content-disposition',
              `attachment; filename="statement-${data.accountNumber}-${data.from}-${data.to}.${format.extension}"`,
            )
            .send(await format.render(data));
        },
      );
    }
  };
