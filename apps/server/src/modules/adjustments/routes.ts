import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adjustableAccountsSchema,
  adjustmentFieldsSchema,
  adjustmentProposedSchema,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../platform/errors.js';
import { readMultipart } from '../../platform/files/index.js';
import { problemResponses } from '../../platform/route-schemas.js';
import { staffOf } from '../../plugins/access.js';
import { adjustableAccounts, proposeAdjustment } from './propose.js';

const BASE = '/api/v1/staff/adjustments';
const PROPOSE = { permission: 'ledger.adjust.propose' } as const;
const FIELDS = [
  'target',
  'accountNumber',
  'internalAccount',
  'direction',
  'amount',
  'reason',
] as const;

const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string({ error: 'Send an Idempotency-Key header' })
    .regex(/^[\x21-\x7e]{8,100}$/, 'The Idempotency-Key is 8 to 100 printable characters')
    .describe(
      'Names the proposal (8 to 100 printable characters): the same key from the same proposer proposes once (200, replayed: true); with other details it is a 409',
    ),
});

/** Manual ledger adjustments: proposed here, approved under Approvals (modules/approvals). */
export const adjustmentRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      `${BASE}/accounts`,
      {
        config: { access: PROPOSE },
        schema: {
          tags: ['staff'],
          summary:
            "The bank's own accounts an adjustment may name, with their balances, the largest amount and the evidence file's size limit (ledger.adjust.propose)",
          response: { 200: adjustableAccountsSchema, ...problemResponses(401, 403) },
        },
      },
      async () => adjustableAccounts(deps),
    );

    app.post(
      BASE,
      {
        // Its own key (required) names the proposal, and a retry is answered from the proposal
        // (200, replayed: true), not from a stored answer (decision 0031).
        config: {
          access: PROPOSE,
          rateLimit: { max: 10, timeWindow: '1 minute' },
          idempotent: false,
        },
        schema: {
          tags: ['staff'],
          summary:
            "Propose a manual ledger adjustment: a credit or debit to a customer's current account or a bank account, with a reason and an evidence file (multipart: target, accountNumber or internalAccount, direction, amount in minor units, reason; file evidence). Moves no money: a second person approves it under Approvals (ledger.adjust.propose, audited)",
          consumes: ['multipart/form-data'],
          headers: idempotencyHeaders,
          response: {
            200: adjustmentProposedSchema,
            201: adjustmentProposedSchema,
            ...problemResponses(400, 401, 403, 404, 409, 413, 422, 429, 503),
          },
        },
      },
      async (request, reply) => {
        const sent = await readMultipart(request, {
          fields: FIELDS,
          files: ['evidence'],
          maxFieldLength: 1000,
        });
        const parsed = adjustmentFieldsSchema.safeParse(sent.fields);
        if (!parsed.success) {
          throw new AppError('VALIDATION_FAILED', 'Some fields are missing or not valid.', {
            errors: parsed.error.issues.map((i) => ({
              path: ['body', ...i.path].join('.'),
              message: i.message,
            })),
          });
        }
        const result = await proposeAdjustment(deps, staffOf(request), {
          fields: parsed.data,
          evidence: sent.files.evidence,
          idempotencyKey: request.headers['idempotency-key'],
        });
        return reply.status(result.replayed ? 200 : 201).send(result);
      },
    );
  };
