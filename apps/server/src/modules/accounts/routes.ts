import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { accountSummarySchema, transactionPageSchema } from '@bank/contract';
import type { DB } from '../../db/schema.js';
import { problemResponses } from '../../platform/route-schemas.js';
import { requireSession } from '../../plugins/session.js';
import * as accounts from './service.js';

const problems = problemResponses(400, 401, 404);

/** The customer's own account: balance, totals and history, all from the ledger. */
export const accountRoutes =
  (db: Kysely<DB>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/accounts/current',
      {
        schema: {
          tags: ['accounts'],
          summary:
            'Account number, available balance, total credit and total debit of the current account (getinstituition)',
          response: { 200: accountSummarySchema, ...problems },
        },
      },
      async (request) => {
        const session = requireSession(request, ['customer']);
        return accounts.accountSummary(db, session.userId);
      },
    );

    app.get(
      '/api/v1/accounts/current/transactions',
      {
        schema: {
          tags: ['accounts'],
          summary:
            'The current account history, newest first, in pages (getstatement2, getstatement)',
          querystring: z.object({
            limit: z.coerce.number().int().min(1).max(100).default(20),
            cursor: z.string().max(40).optional(),
          }),
          response: { 200: transactionPageSchema, ...problems },
        },
      },
      async (request) => {
        const session = requireSession(request, ['customer']);
        return accounts.transactions(db, session.userId, request.query);
      },
    );
  };
