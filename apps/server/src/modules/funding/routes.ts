import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmFundingSchema,
  declineFundingSchema,
  depositRequestFieldsSchema,
  fixedDepositRequestFieldsSchema,
  fundingPaidSchema,
  fundingRequestCreatedSchema,
  fundingRequestListSchema,
  fundingRequestQuerySchema,
  paymentFromBalanceSchema,
  paymentRequestFieldsSchema,
  staffFundingQueueQuerySchema,
  staffFundingQueueSchema,
  staffFundingRequestSchema,
  upgradeFromBalanceSchema,
  upgradeRequestFieldsSchema,
  type FundingKind,
} from '@bank/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../platform/errors.js';
import { uploadOf } from '../../platform/files/index.js';
import { idParams, problemResponses } from '../../platform/route-schemas.js';
import { customerOf, sessionOf, staffOf } from '../../plugins/access.js';
import { confirmRequest, declineRequest } from './decide.js';
import { payFromBalance } from './from-balance.js';
import { submitRequest } from './submit.js';
import { customerRequests, readProof, requestForReview, reviewQueue } from './views.js';

const CUSTOMER = { session: ['customer'] } as const;
const REVIEW = { permission: 'funding.review' } as const;
const problems = problemResponses(400, 401, 403, 404, 409, 413, 422);
/** A payment from the balance: a wrong PIN is a 422 with the tries left, a paused PIN a 423. */
const balanceProblems = problemResponses(400, 401, 403, 409, 422, 423, 429);

/** The four crypto forms: their path, spec marker, fields and proof field. */
const FORMS: {
  path: string;
  kind: FundingKind;
  marker: string;
  fields: z.ZodType<{
    type: string;
    amount: bigint;
    purpose?: string;
    plan?: string;
    transactionId?: string | undefined;
  }>;
  names: readonly ('type' | 'amount' | 'purpose' | 'plan' | 'transactionId')[];
  proof: 'depositPic' | 'fixedDepositPic';
}[] = [
  {
    path: 'deposits',
    kind: 'deposit',
    marker: 'newcd',
    fields: depositRequestFieldsSchema,
    names: ['type', 'amount', 'transactionId'],
    proof: 'depositPic',
  },
  {
    path: 'payments',
    kind: 'payment',
    marker: 'newmpc',
    fields: paymentRequestFieldsSchema,
    names: ['type', 'amount', 'purpose', 'transactionId'],
    proof: 'depositPic',
  },
  {
    path: 'fixed-deposits',
    kind: 'fixed_deposit',
    marker: 'newfdc',
    fields: fixedDepositRequestFieldsSchema,
    names: ['type', 'amount', 'plan', 'transactionId'],
    proof: 'fixedDepositPic',
  },
  {
    path: 'upgrades',
    kind: 'upgrade',
    marker: 'newupgrade',
    fields: upgradeRequestFieldsSchema,
    names: ['type', 'amount', 'plan', 'transactionId'],
    proof: 'depositPic',
  },
];

/** Customers' crypto-paid requests and the staff review of them (decision 18). */
export const fundingRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    for (const form of FORMS) {
      app.post(
        `/api/v1/funding/${form.path}`,
        {
          config: {
            access: CUSTOMER,
            rateLimit: { max: 10, timeWindow: '1 minute' },
            upload: { fields: form.names, files: [form.proof] },
          },
          schema: {
            tags: ['funding'],
            summary: `Ask for a ${form.kind.replace('_', ' ')} paid in crypto, with the proof of payment (multipart: ${form.names.join(', ')}; file ${form.proof}) (${form.marker})`,
            consumes: ['multipart/form-data'],
            response: { 201: fundingRequestCreatedSchema, ...problems, ...problemResponses(503) },
          },
        },
        async (request, reply) => {
          const userId = sessionOf(request).userId;
          const sent = await uploadOf<(typeof form.names)[number], typeof form.proof>(request);
          const parsed = form.fields.safeParse(sent.fields);
          if (!parsed.success) {
            throw new AppError('VALIDATION_FAILED', 'Some fields are missing or not valid.', {
              errors: parsed.error.issues.map((i) => ({
                path: ['body', ...i.path].join('.'),
                message: i.message,
              })),
            });
          }
          const created = await submitRequest(
            deps,
            userId,
            {
              kind: form.kind,
              type: parsed.data.type,
              amount: parsed.data.amount,
              subject: parsed.data.purpose ?? parsed.data.plan,
              transactionId: parsed.data.transactionId,
            },
            sent.files[form.proof],
            form.proof,
          );
          return reply.status(201).send({ status: 'pending' as const, request: created });
        },
      );
    }

    app.post(
      '/api/v1/funding/payments/from-balance',
      {
        config: { access: CUSTOMER, rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags: ['funding'],
          summary:
            'Pay the bank for a purpose from the available balance, authorized by the transaction PIN (wrong: 422 with the tries left, counted; paused: 423): one ledger entry at once, confirmed (beyond the spec; the same idempotencyKey never pays twice, and a retry of a payment made costs no PIN try)',
          body: paymentFromBalanceSchema,
          response: { 201: fundingPaidSchema, ...balanceProblems },
        },
      },
      async (request, reply) => {
        const { purpose, amount, idempotencyKey, pin } = request.body;
        const paid = await payFromBalance(
          deps,
          customerOf(request),
          { kind: 'payment', subject: purpose, amount, idempotencyKey, pin },
          request.actor,
        );
        return reply.status(201).send({ status: 'confirmed' as const, request: paid });
      },
    );

    app.post(
      '/api/v1/funding/upgrades/from-balance',
      {
        config: { access: CUSTOMER, rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags: ['funding'],
          summary:
            'Upgrade to a plan paying its price from the available balance, authorized by the transaction PIN (as a payment from the balance): one ledger entry, and the plan applies at once (beyond the spec; amount is the price the customer saw; the same idempotencyKey never pays twice)',
          body: upgradeFromBalanceSchema,
          response: { 201: fundingPaidSchema, ...balanceProblems },
        },
      },
      async (request, reply) => {
        const { plan, amount, idempotencyKey, pin } = request.body;
        const paid = await payFromBalance(
          deps,
          customerOf(request),
          { kind: 'upgrade', subject: plan, amount, idempotencyKey, pin },
          request.actor,
        );
        return reply.status(201).send({ status: 'confirmed' as const, request: paid });
      },
    );

    app.get(
      '/api/v1/funding/requests',
      {
        config: { access: CUSTOMER },
        schema: {
          tags: ['funding'],
          summary:
            "The customer's requests of one kind, newest first, with their status (the deposit pages' lists)",
          querystring: fundingRequestQuerySchema,
          response: { 200: fundingRequestListSchema, ...problemResponses(400, 401) },
        },
      },
      async (request) => ({
        items: await customerRequests(deps, sessionOf(request).userId, request.query.kind),
      }),
    );

    app.get(
      '/api/v1/staff/funding/queue',
      {
        config: { access: REVIEW },
        schema: {
          tags: ['staff'],
          summary:
            'Deposits, payments, fixed deposits and upgrades by status: pending oldest first, decided newest first (by whom, when), searched by name, email, id or amount, a page at a time (funding.review)',
          querystring: staffFundingQueueQuerySchema,
          response: { 200: staffFundingQueueSchema, ...problemResponses(400, 401, 403) },
        },
      },
      async (request) => reviewQueue(deps, request.query),
    );

    app.get(
      '/api/v1/staff/funding/requests/:id',
      {
        config: { access: REVIEW },
        schema: {
          tags: ['staff'],
          summary:
            'One request with its customer, address, plan terms and decision (funding.review)',
          params: idParams,
          response: { 200: staffFundingRequestSchema, ...problems },
        },
      },
      async (request) => requestForReview(deps, request.params.id),
    );

    app.get(
      '/api/v1/staff/funding/requests/:id/proof',
      {
        config: { access: REVIEW },
        schema: {
          tags: ['staff'],
          summary: 'The proof of payment, for review only; each view is audited (funding.review)',
          params: idParams,
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const proof = await readProof(deps, id, staffOf(request));
        return reply
          .type(proof.mime)
          .header('cache-control', 'no-store')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('content-disposition', `inline; filename="proof-${id}.${proof.extension}"`)
          .send(proof.data);
      },
    );

    app.post(
      '/api/v1/staff/funding/requests/:id/confirm',
      {
        config: { access: REVIEW },
        schema: {
          tags: ['staff'],
          summary:
            'Confirm with the amount that actually arrived: posts the ledger entry and tells the customer; at or above the dual-control threshold, or above the claim, it is proposed instead (202, the request with its proposal) for a second person with funding.review (audited)',
          params: idParams,
          body: confirmFundingSchema,
          response: { 200: staffFundingRequestSchema, 202: staffFundingRequestSchema, ...problems },
        },
      },
      async (request, reply) => {
        const outcome = await confirmRequest(
          deps,
          request.params.id,
          BigInt(request.body.receivedAmount),
          staffOf(request),
        );
        return reply.status(outcome.proposal === null ? 200 : 202).send(outcome);
      },
    );

    app.post(
      '/api/v1/staff/funding/requests/:id/decline',
      {
        config: { access: REVIEW },
        schema: {
          tags: ['staff'],
          summary:
            'Decline with a reason the customer reads; nothing moves (funding.review, audited)',
          params: idParams,
          body: declineFundingSchema,
          response: { 200: staffFundingRequestSchema, ...problems },
        },
      },
      async (request) =>
        declineRequest(deps, request.params.id, request.body.reason, staffOf(request)),
    );
  };
