import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  fixedDepositListSchema,
  fixedDepositQuoteQuerySchema,
  fixedDepositQuoteSchema,
  fixedDepositSchema,
  newFixedDepositSchema,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { problemResponses } from '../../platform/route-schemas.js';
import { customerOf, sessionOf } from '../../plugins/access.js';
import { listFixedDeposits } from './read.js';
import { openFromBalance } from './open.js';
import { quote } from './quote.js';

const CUSTOMER = { session: ['customer'] } as const;

/** The customer's fixed deposits: list, quote, and opening one from the available balance. */
export const fixedDepositRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/fixed-deposits',
      {
        config: { access: CUSTOMER },
        schema: {
          tags: ['fixed-deposits'],
          summary:
            "The customer's fixed deposits, newest first: principal, rate, interest accrued, start and maturity",
          response: { 200: fixedDepositListSchema, ...problemResponses(401) },
        },
      },
      async (request) => ({
        items: await listFixedDeposits(deps.db, sessionOf(request).userId),
      }),
    );

    app.get(
      '/api/v1/fixed-deposits/quote',
      {
        config: { access: CUSTOMER },
        schema: {
          tags: ['fixed-deposits'],
          summary:
            'What a plan pays for an amount opened today: term, maturity date, interest (Actual/365)',
          querystring: fixedDepositQuoteQuerySchema,
          response: { 200: fixedDepositQuoteSchema, ...problemResponses(400, 401, 403) },
        },
      },
      async (request) =>
        quote(deps, sessionOf(request).userId, request.query.plan, request.query.amount),
    );

    app.post(
      '/api/v1/fixed-deposits',
      {
        config: { access: CUSTOMER, rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags: ['fixed-deposits'],
          summary:
            'Open a fixed deposit from the available balance, authorized by the transaction PIN (wrong: 422 with the tries left, counted; paused: 423): one ledger entry; the same idempotencyKey never opens two, and a retry of a deposit opened costs no PIN try',
          body: newFixedDepositSchema,
          response: {
            201: fixedDepositSchema,
            ...problemResponses(400, 401, 403, 409, 422, 423, 429),
          },
        },
      },
      async (request, reply) => {
        const opened = await openFromBalance(deps, customerOf(request), request.body);
        return reply.status(201).send(opened);
      },
    );
  };
