import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountSummarySchema, transactionPageSchema } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { problemResponses } from '../../platform/route-schemas.js';
import { sessionOf } from '../../plugins/access.js';
import * as accounts from './service.js';

const problems = problemResponses(400, 401, 404);

/** The customer's own account: balance, totals and history, all from the ledger. */
export const accountRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const CUSTOMER = { session: ['customer'] } as const;
    app.get(
      '/api/v1/accounts/current',
      {
        config: { access: CUSTOMER },
        schema: {
          tags: ['accounts'],
          summary:
            'Account number, available balance, total credit and total debit of the current account (getinstituition)',
          response: { 200: accountSummarySchema, ...problems },
        },
      },
      async (request) => {
        const session = sessionOf(request);
        return accounts.accountSummary(deps, session.userId);
      },
    );

    app.get(
      '/api/v1/accounts/current/transactions',
      {
        config: { access: CUSTOMER },
        schema: {
          tags: ['accounts'],
          summary:
            'The current account history, newest first, in pages (getstatement2, getstatement)',
          description:
            'The first page also has `pending`: money on its way, newest first: funding requests ' +
            'waiting for staff (`pending`), those declined in the last 14 days (`declined`, with ' +
            "staff's `reason`), payments, upgrades and fixed deposits paid in crypto confirmed in the " +
            'last 14 days (`confirmed`, with the amount that arrived), transfers waiting to be sent ' +
            '(`in_progress`). A later page answers `pending: []`.',
          querystring: z.object({
            limit: z.coerce.number().int().min(1).max(100).default(20),
            cursor: z.string().max(40).optional(),
          }),
          response: { 200: transactionPageSchema, ...problems },
        },
      },
      async (request) => {
        const session = sessionOf(request);
        return accounts.transactions(deps, session.userId, request.query);
      },
    );
  };
