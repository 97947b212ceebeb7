import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  beneficiaryListSchema,
  completeTransferSchema,
  failTransferSchema,
  passkeyAssertionBodySchema,
  passkeyOptionsSchema,
  payeeCheckRequestSchema,
  payeeCheckSchema,
  staffTransferQueueQuerySchema,
  staffTransferQueueSchema,
  staffTransferDetailSchema,
  transferCodeSchema,
  transferDetailsSchema,
  transferListSchema,
  transferPinSchema,
  transferSchema,
  transferStepSchema,
  transferTermsSchema,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../platform/errors.js';
import { idempotencyKeyHeader } from '../../platform/idempotency/index.js';
import { idParams, problemResponses } from '../../platform/route-schemas.js';
import { sessionOf, staffOf } from '../../plugins/access.js';
import { cancelTransfer } from './cancel.js';
import { completeTransfer, failTransfer } from './decide.js';
import {
  confirmTransfer,
  createTransfer,
  editTransfer,
  resendTransferCode,
  transferPasskeyChallenge,
  verifyTransferPasskey,
  submitTransfer,
  verifyTransferCode,
  verifyTransferPin,
  type Person,
} from './flow.js';
import { checkPayee } from './payee-check.js';
import { payeeCheckLimits } from './payee-limits.js';
import { deleteBeneficiary } from './repo.js';
import {
  beneficiariesFor,
  staffQueuePage,
  staffTransfer,
  transferFor,
  transfersOf,
  transferTerms,
} from './views.js';

const CUSTOMER = { session: ['customer'] } as const;
const PROCESS = { permission: 'transfers.process' } as const;
const BASE = '/api/v1/transfers';
const problems = problemResponses(400, 401, 404, 409, 422, 429);
const stepProblems = problemResponses(400, 401, 404, 409, 422, 423, 429);
/** Steps from one address in a minute; the PIN's and the code's own counts of tries apply too. */
const STEP_LIMIT = { max: 10, timeWindow: '1 minute' };

/** A new transfer must name itself: the key is required here (optional on other changes). */
const idempotencyHeaders = z.looseObject({ 'idempotency-key': idempotencyKeyHeader });

function person(request: FastifyRequest): Person {
  return {
    userId: sessionOf(request).userId,
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
  };
}

/** Bank transfers: the customer's staged flow, beneficiaries, and the staff queue (decision 19). */
export const transferRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const limitsFor = payeeCheckLimits(app, deps);

    app.get(
      BASE,
      {
        config: { access: CUSTOMER },
        schema: {
          tags: ['transfers'],
          summary:
            "The customer's submitted transfers with their status, newest first (gettrslist)",
          response: { 200: transferListSchema, ...problemResponses(401, 404) },
        },
      },
      async (request) => ({ items: await transfersOf(deps, sessionOf(request).userId) }),
    );

    app.post(
      BASE,
      {
        config: { access: CUSTOMER, rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags: ['transfers'],
          summary:
            'Start a transfer (newtrs): the server computes the service charge and amount received. The Idempotency-Key header names it: the same key returns the same transfer',
          headers: idempotencyHeaders,
          body: transferDetailsSchema,
          response: { 200: transferSchema, 201: transferSchema, ...problems },
        },
      },
      async (request, reply) => {
        const { transfer, created } = await createTransfer(
          deps,
          person(request),
          request.headers['idempotency-key'],
          request.body,
          limitsFor(request, reply),
        );
        return reply.status(created ? 201 : 200).send(transfer);
      },
    );

    app.get(
      `${BASE}/terms`,
      {
        config: { access: CUSTOMER },
        schema: {
          tags: ['transfers'],
          summary:
            "What the send form shows before anything is typed (getperc): the plan's charge to another bank and inside this one (none), the day's limit and what is left of it, the balance, and this bank's details for a payment to one of its customers",
          response: { 200: transferTermsSchema, ...problemResponses(401, 404) },
        },
      },
      async (request) => transferTerms(deps, sessionOf(request).userId),
    );

    app.post(
      `${BASE}/payee-checks`,
      {
        config: { access: CUSTOMER, rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['transfers'],
          summary:
            "Confirmation of payee for a customer of this bank: the account number and the name the payer knows them by; answers the holder's name masked (first name and last initial), whether the typed name matches, closely matches or does not, and a token (30 minutes, this customer and account only) that the transfer carries as payeeToken. Limited per customer (10 in 15 minutes, 30 a day) and per account number (20 an hour): 429",
          body: payeeCheckRequestSchema,
          response: { 200: payeeCheckSchema, ...problems },
        },
      },
      async (request, reply) =>
        checkPayee(deps, person(request), request.body, limitsFor(request, reply)),
    );

    app.get(
      `${BASE}/:id`,
      {
        config: { access: CUSTOMER },
        schema: {
          tags: ['transfers'],
          summary:
            'One transfer of the customer: amounts, charge, balance, stage and status (getperc)',
          params: idParams,
          response: { 200: transferSchema, ...problemResponses(400, 401, 404) },
        },
      },
      async (request) => transferFor(deps, sessionOf(request).userId, request.params.id),
    );

    app.put(
      `${BASE}/:id`,
      {
        config: { access: CUSTOMER, rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags: ['transfers'],
          summary:
            'Edit a transfer not yet submitted: back to draft, and a code sent for it no longer works',
          params: idParams,
          body: transferDetailsSchema,
          response: { 200: transferSchema, ...problems },
        },
      },
      async (request, reply) =>
        editTransfer(
          deps,
          person(request),
          request.params.id,
          request.body,
          limitsFor(request, reply),
        ),
    );

    app.post(
      `${BASE}/:id/confirm`,
      {
        config: { access: CUSTOMER, rateLimit: STEP_LIMIT },
        schema: {
          tags: ['transfers'],
          summary:
            'Confirm the amount, service charge and amount received (refused when above the balance)',
          params: idParams,
          response: { 200: transferSchema, ...problems },
        },
      },
      async (request) => confirmTransfer(deps, person(request), request.params.id),
    );

    app.post(
      `${BASE}/:id/pin`,
      {
        config: { access: CUSTOMER, rateLimit: STEP_LIMIT },
        schema: {
          tags: ['transfers'],
          summary:
            'The transaction PIN for a confirmed transfer (confirmmypin): next is the emailed code (requiresanother) or submission',
          params: idParams,
          body: transferPinSchema,
          response: { 200: transferStepSchema, ...stepProblems },
        },
      },
      async (request) =>
        verifyTransferPin(deps, person(request), request.params.id, request.body.pin),
    );

    app.post(
      `${BASE}/:id/code`,
      {
        config: { access: CUSTOMER, rateLimit: STEP_LIMIT },
        schema: {
          tags: ['transfers'],
          summary:
            'The emailed transfer authorization code (confirmtpin): bound to this transfer, 10 minutes, 5 attempts, single use',
          params: idParams,
          body: transferCodeSchema,
          response: { 200: transferStepSchema, ...stepProblems },
        },
      },
      async (request) =>
        verifyTransferCode(deps, person(request), request.params.id, request.body.code),
    );

    app.post(
      `${BASE}/:id/passkey/options`,
      {
        config: { access: CUSTOMER, rateLimit: STEP_LIMIT },
        schema: {
          tags: ['transfers'],
          summary:
            'Instead of the emailed code: options for approving this transfer with a passkey, the challenge bound to its amount, currency and payee (5 minutes, single use)',
          params: idParams,
          response: { 200: passkeyOptionsSchema, ...stepProblems },
        },
      },
      async (request) => transferPasskeyChallenge(deps, person(request), request.params.id),
    );

    app.post(
      `${BASE}/:id/passkey`,
      {
        config: { access: CUSTOMER, rateLimit: STEP_LIMIT },
        schema: {
          tags: ['transfers'],
          summary:
            'Approve the transfer with a passkey instead of the code: refused for another transfer or changed details',
          params: idParams,
          body: passkeyAssertionBodySchema,
          response: { 200: transferStepSchema, ...stepProblems },
        },
      },
      async (request) =>
        verifyTransferPasskey(deps, person(request), request.params.id, request.body.response),
    );

    app.post(
      `${BASE}/:id/code/resend`,
      {
        config: { access: CUSTOMER, rateLimit: { max: 5, timeWindow: '1 minute' } },
        schema: {
          tags: ['transfers'],
          summary:
            'Email an authorization code for this transfer (at most one a minute): a new one, or the first for a customer offered their passkey first',
          params: idParams,
          response: { 200: transferStepSchema, ...stepProblems },
        },
      },
      async (request) => resendTransferCode(deps, person(request), request.params.id),
    );

    app.post(
      `${BASE}/:id/submit`,
      {
        config: { access: CUSTOMER, rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags: ['transfers'],
          summary:
            'Submit once every step was taken: posts the one ledger entry (again: the same answer, nothing posted)',
          params: idParams,
          response: { 200: transferStepSchema, ...stepProblems },
        },
      },
      async (request) => submitTransfer(deps, person(request), request.params.id),
    );

    app.post(
      `${BASE}/:id/cancel`,
      {
        config: { access: CUSTOMER, rateLimit: STEP_LIMIT },
        schema: {
          tags: ['transfers'],
          summary:
            'Cancel a transfer staff have not sent yet (in progress): the amount and the charge are refunded at once, once (again: the same answer, nothing posted); 409 once staff decided it',
          params: idParams,
          response: { 200: transferSchema, ...problemResponses(400, 401, 404, 409, 429) },
        },
      },
      async (request) => cancelTransfer(deps, person(request), request.params.id),
    );

    app.get(
      '/api/v1/beneficiaries',
      {
        config: { access: CUSTOMER },
        schema: {
          tags: ['transfers'],
          summary: "The customer's saved beneficiaries, with when each was last paid",
          response: { 200: beneficiaryListSchema, ...problemResponses(401) },
        },
      },
      async (request) => ({ items: await beneficiariesFor(deps, sessionOf(request).userId) }),
    );

    app.delete(
      '/api/v1/beneficiaries/:id',
      {
        config: { access: CUSTOMER },
        schema: {
          tags: ['transfers'],
          summary: 'Remove a saved beneficiary (past transfers stay)',
          params: idParams,
          response: { 204: z.null(), ...problemResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        if (!(await deleteBeneficiary(deps.db, sessionOf(request).userId, request.params.id))) {
          throw new AppError('NOT_FOUND', 'No such beneficiary');
        }
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/v1/staff/transfers',
      {
        config: { access: PROCESS },
        schema: {
          tags: ['staff'],
          summary:
            'Outgoing transfers by status: in progress oldest first, decided newest first (by whom, when), searched by name, email, id or amount, a page at a time (transfers.process)',
          querystring: staffTransferQueueQuerySchema,
          response: { 200: staffTransferQueueSchema, ...problemResponses(400, 401, 403) },
        },
      },
      async (request) => staffQueuePage(deps, request.query),
    );

    app.get(
      '/api/v1/staff/transfers/:id',
      {
        config: { access: PROCESS },
        schema: {
          tags: ['staff'],
          summary: 'One transfer with its customer and beneficiary (transfers.process)',
          params: idParams,
          response: { 200: staffTransferDetailSchema, ...problemResponses(400, 401, 403, 404) },
        },
      },
      async (request) => staffTransfer(deps, request.params.id),
    );

    app.post(
      '/api/v1/staff/transfers/:id/complete',
      {
        config: { access: PROCESS },
        schema: {
          tags: ['staff'],
          summary:
            'Mark an in-progress transfer successful with the reference of the payment as sent (transfers.process, audited)',
          params: idParams,
          body: completeTransferSchema,
          response: {
            200: staffTransferDetailSchema,
            ...problemResponses(400, 401, 403, 404, 409),
          },
        },
      },
      async (request) =>
        completeTransfer(deps, request.params.id, request.body.reference, staffOf(request)),
    );

    app.post(
      '/api/v1/staff/transfers/:id/fail',
      {
        config: { access: PROCESS },
        schema: {
          tags: ['staff'],
          summary:
            'Mark an in-progress transfer failed with a reason: a reversal entry refunds amount and fee; at or above the dual-control threshold it is proposed instead (202, the transfer with its proposal) for a second person with transfers.process (audited)',
          params: idParams,
          body: failTransferSchema,
          response: {
            200: staffTransferDetailSchema,
            202: staffTransferDetailSchema,
            ...problemResponses(400, 401, 403, 404, 409),
          },
        },
      },
      async (request, reply) => {
        const outcome = await failTransfer(
          deps,
          request.params.id,
          request.body.reason,
          staffOf(request),
        );
        return reply.status(outcome.proposal === null ? 200 : 202).send(outcome);
      },
    );
  };
