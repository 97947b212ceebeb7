import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerAccountsPageSchema,
  customerAccountsQuerySchema,
  ledgerCheckListSchema,
  ledgerCheckSchema,
  trialBalanceSchema,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../platform/errors.js';
import { problemResponses } from '../../platform/route-schemas.js';
import { staffOf } from '../../plugins/access.js';
import { customerAccounts, latestChecks, runLedgerCheck, trialBalance } from './service.js';

const TRIAL_BALANCE = { permission: 'ledger.trial_balance' } as const;

/** The trial balance and the ledger's health (ledger.trial_balance). */
export const trialBalanceRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/staff/trial-balance',
      {
        config: { access: TRIAL_BALANCE },
        schema: {
          tags: ['staff'],
          summary:
            "Every ledger account's balance (the bank's own each, customers' by kind), each currency's sum and the latest check's verdict (ledger.trial_balance)",
          response: { 200: trialBalanceSchema, ...problemResponses(401, 403) },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return trialBalance(deps);
      },
    );

    app.get(
      '/api/v1/staff/trial-balance/customer-accounts',
      {
        config: { access: TRIAL_BALANCE },
        schema: {
          tags: ['staff'],
          summary:
            "Customers' accounts and balances, by currency and kind, searched by account number or name, a page at a time (ledger.trial_balance)",
          querystring: customerAccountsQuerySchema,
          response: { 200: customerAccountsPageSchema, ...problemResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return customerAccounts(deps, request.query);
      },
    );

    app.get(
      '/api/v1/staff/ledger-checks',
      {
        config: { access: TRIAL_BALANCE },
        schema: {
          tags: ['staff'],
          summary: "The ledger checker's latest 20 runs, newest first (ledger.trial_balance)",
          response: { 200: ledgerCheckListSchema, ...problemResponses(401, 403) },
        },
      },
      async () => ({ items: await latestChecks(deps, 20) }),
    );

    app.post(
      '/api/v1/staff/ledger-checks',
      {
        config: { access: TRIAL_BALANCE, rateLimit: { max: 5, timeWindow: '1 minute' } },
        schema: {
          tags: ['staff'],
          summary:
            'Run the ledger check now and record it; one at a time (409 while one runs); audited (ledger.trial_balance)',
          response: { 201: ledgerCheckSchema, ...problemResponses(401, 403, 409, 429) },
        },
      },
      async (request, reply) => {
        const check = await runLedgerCheck(deps, { trigger: 'staff', actor: staffOf(request) });
        if (!check) throw new AppError('INTERNAL', 'The check ran but was not recorded');
        return reply.status(201).send(check);
      },
    );
  };
