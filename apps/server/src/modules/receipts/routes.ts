import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  receiptReferenceParamsSchema,
  receiptVerificationSchema,
  transactionDetailSchema,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { idParams, problemResponses } from '../../platform/route-schemas.js';
import { sessionOf } from '../../plugins/access.js';
import { receiptPdf } from './documents.js';
import {
  transactionDetail,
  transactionReceipt,
  transferReceipt,
  verifyReceipt,
} from './service.js';

const CUSTOMER = { session: ['customer'] } as const;
const PUBLIC = { public: true } as const;
/** A receipt is laid out and recorded per download: a few a minute. */
const DOWNLOADS = { max: 20, timeWindow: '1 minute' };
/**
 * The public check, per address: with 100-bit references no one finds a receipt by guessing,
 * and this keeps anyone from trying at speed (each refusal past it is in the audit log).
 */
const CHECKS = { max: 10, timeWindow: '1 minute' };

/** Detail views, receipts as PDF, and the public check of a receipt (decision 0026). */
export const receiptRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/transactions/:id',
      {
        config: { access: CUSTOMER },
        schema: {
          tags: ['receipts'],
          summary:
            "One line of the customer's account (its id as the history and statements give it), with the customer's transfer it belongs to, if any",
          params: idParams,
          response: { 200: transactionDetailSchema, ...problemResponses(400, 401, 404) },
        },
      },
      async (request) => transactionDetail(deps, sessionOf(request).userId, request.params.id),
    );

    for (const route of [
      {
        url: '/api/v1/transactions/:id/receipt.pdf',
        summary:
          "A PDF receipt of one line of the customer's account (its transfer's when it belongs to one), with a verification reference",
        make: (userId: bigint, id: bigint) => transactionReceipt(deps, userId, id),
      },
      {
        url: '/api/v1/transfers/:id/receipt.pdf',
        summary:
          "A PDF receipt of one of the customer's submitted transfers, with a verification reference (one per status: the same reference again)",
        make: (userId: bigint, id: bigint) => transferReceipt(deps, userId, id),
      },
    ]) {
      app.get(
        route.url,
        {
          config: { access: CUSTOMER, rateLimit: DOWNLOADS },
          schema: {
            tags: ['receipts'],
            summary: route.summary,
            params: idParams,
            produces: ['application/pdf'],
          },
        },
        async (request, reply) => {
          const receipt = await route.make(sessionOf(request).userId, request.params.id);
          return reply
            .type('application/pdf')
            .header(
              'content-disposition',
              `attachment; filename="receipt-${receipt.reference}.pdf"`,
            )
            .send(await receiptPdf(receipt));
        },
      );
    }

    app.get(
      '/api/v1/receipts/:reference',
      {
        config: { access: PUBLIC, rateLimit: CHECKS },
        schema: {
          tags: ['receipts'],
          summary:
            'Public: what a receipt of the bank says (date, amount, status, the parties masked) and its status now, by its verification reference; 404 for any reference not issued',
          params: receiptReferenceParamsSchema,
          response: { 200: receiptVerificationSchema, ...problemResponses(400, 404, 429) },
        },
      },
      async (request) => verifyReceipt(deps, request.params.reference),
    );
  };
