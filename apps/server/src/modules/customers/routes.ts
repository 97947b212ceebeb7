import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerActionResultSchema,
  customerAuditPageSchema,
  customerFixedDepositsSchema,
  customerFundingPageSchema,
  customerLedgerPageSchema,
  customerLedgerQuerySchema,
  customerMessageSchema,
  customerNotePageSchema,
  customerNoteSchema,
  customerPageQuerySchema,
  customerSearchPageSchema,
  customerSearchQuerySchema,
  customerSessionListSchema,
  customerTransferPageSchema,
  freezeSchema,
  newCustomerNoteSchema,
  notificationPageSchema,
  setRestrictionSchema,
  staffCustomerSchema,
  staffReasonBodySchema,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { idParams, problemResponses } from '../../platform/route-schemas.js';
import { staffOf } from '../../plugins/access.js';
import { listFixedDeposits } from '../fixed-deposits/index.js';
import { requestsOfCustomer } from '../funding/index.js';
import { listNotifications } from '../notifications/index.js';
import { transfersOfCustomer } from '../transfers/index.js';
import * as actions from './actions.js';
import { searchCustomers } from './search.js';
import {
  customerAudit,
  customerLedger,
  customerNotes,
  customerOverview,
  customerSessions,
  requireCustomer,
} from './views.js';

const MANAGE = { permission: 'customers.manage' } as const;
const BASE = '/api/v1/staff/customers';
const TAGS = ['staff'];
const reads = problemResponses(400, 401, 403, 404);
const writes = problemResponses(400, 401, 403, 404, 409);

const before = (cursor: string | undefined) => (cursor ? BigInt(cursor) : undefined);

/**
 * The back office's customers (customers.manage): search, the customer page and its sections,
 * and the actions on a customer, each with a reason and audited (decision 21).
 */
export const customerRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      BASE,
      {
        config: { access: MANAGE },
        schema: {
          tags: TAGS,
          summary:
            'Search customers by name, email, username, phone or account number; newest first, in pages (customers.manage)',
          querystring: customerSearchQuerySchema,
          response: { 200: customerSearchPageSchema, ...problemResponses(400, 401, 403) },
        },
      },
      async (request) => searchCustomers(deps, request.query),
    );

    app.get(
      `${BASE}/:id`,
      {
        config: { access: MANAGE },
        schema: {
          tags: TAGS,
          summary:
            'A customer: profile, standing (restriction, freeze, PIN pause), accounts and balances, identity checks (customers.manage)',
          params: idParams,
          response: { 200: staffCustomerSchema, ...reads },
        },
      },
      async (request) => customerOverview(deps, request.params.id),
    );

    app.get(
      `${BASE}/:id/ledger`,
      {
        config: { access: MANAGE },
        schema: {
          tags: TAGS,
          summary:
            "A page of one of the customer's accounts' ledger lines, newest first (customers.manage)",
          params: idParams,
          querystring: customerLedgerQuerySchema,
          response: { 200: customerLedgerPageSchema, ...reads },
        },
      },
      async (request) => customerLedger(deps, request.params.id, request.query),
    );

    app.get(
      `${BASE}/:id/funding-requests`,
      {
        config: { access: MANAGE },
        schema: {
          tags: TAGS,
          summary: "The customer's funding requests of every kind, newest first (customers.manage)",
          params: idParams,
          querystring: customerPageQuerySchema,
          response: { 200: customerFundingPageSchema, ...reads },
        },
      },
      async (request) => {
        await requireCustomer(deps, request.params.id);
        return requestsOfCustomer(deps, request.params.id, {
          before: before(request.query.cursor),
          limit: request.query.limit,
        });
      },
    );

    app.get(
      `${BASE}/:id/transfers`,
      {
        config: { access: MANAGE },
        schema: {
          tags: TAGS,
          summary: "The customer's submitted transfers, newest first (customers.manage)",
          params: idParams,
          querystring: customerPageQuerySchema,
          response: { 200: customerTransferPageSchema, ...reads },
        },
      },
      async (request) => {
        await requireCustomer(deps, request.params.id);
        return transfersOfCustomer(deps, request.params.id, {
          before: before(request.query.cursor),
          limit: request.query.limit,
        });
      },
    );

    app.get(
      `${BASE}/:id/fixed-deposits`,
      {
        config: { access: MANAGE },
        schema: {
          tags: TAGS,
          summary: "The customer's fixed deposits, newest first (customers.manage)",
          params: idParams,
          response: { 200: customerFixedDepositsSchema, ...reads },
        },
      },
      async (request) => {
        await requireCustomer(deps, request.params.id);
        return { items: await listFixedDeposits(deps.db, request.params.id) };
      },
    );

    app.get(
      `${BASE}/:id/sessions`,
      {
        config: { access: MANAGE },
        schema: {
          tags: TAGS,
          summary:
            "The customer's latest sign-ins (device, address, place, when, live or not) and how their sign-in is protected (two-step sign-in, passkeys by name, remembered browsers); never a token, key or code (customers.manage)",
          params: idParams,
          response: { 200: customerSessionListSchema, ...reads },
        },
      },
      async (request) => customerSessions(deps, request.params.id),
    );

    app.get(
      `${BASE}/:id/notifications`,
      {
        config: { access: MANAGE },
        schema: {
          tags: TAGS,
          summary:
            'The notifications the customer was sent, read or not, newest first (customers.manage)',
          params: idParams,
          querystring: customerPageQuerySchema,
          response: { 200: notificationPageSchema, ...reads },
        },
      },
      async (request) => {
        await requireCustomer(deps, request.params.id);
        return listNotifications(deps, request.params.id, request.query);
      },
    );

    app.get(
      `${BASE}/:id/notes`,
      {
        config: { access: MANAGE },
        schema: {
          tags: TAGS,
          summary: "Staff's internal notes on the customer, newest first (customers.manage)",
          params: idParams,
          querystring: customerPageQuerySchema,
          response: { 200: customerNotePageSchema, ...reads },
        },
      },
      async (request) => customerNotes(deps, request.params.id, request.query),
    );

    app.post(
      `${BASE}/:id/notes`,
      {
        config: { access: MANAGE },
        schema: {
          tags: TAGS,
          summary:
            'Add an internal note: staff only, never edited or deleted; audited (customers.manage)',
          params: idParams,
          body: newCustomerNoteSchema,
          response: { 201: customerNoteSchema, ...writes },
        },
      },
      async (request, reply) => {
        const note = await actions.addNote(
          deps,
          request.params.id,
          request.body.body,
          staffOf(request),
        );
        return reply.code(201).send(note);
      },
    );

    app.get(
      `${BASE}/:id/audit`,
      {
        config: { access: MANAGE },
        schema: {
          tags: TAGS,
          summary: "The customer's audit trail, newest first (customers.manage)",
          params: idParams,
          querystring: customerPageQuerySchema,
          response: { 200: customerAuditPageSchema, ...reads },
        },
      },
      async (request) => customerAudit(deps, request.params.id, request.query),
    );

    app.post(
      `${BASE}/:id/restriction`,
      {
        config: { access: MANAGE },
        schema: {
          tags: TAGS,
          summary:
            "Set (or replace) the restriction notice: the customer is signed out everywhere and reads it at sign-in (the spec's ismsg); audited (customers.manage)",
          params: idParams,
          body: setRestrictionSchema,
          response: { 200: customerActionResultSchema, ...writes },
        },
      },
      async (request) =>
        actions.setRestriction(deps, request.params.id, request.body, staffOf(request)),
    );

    app.post(
      `${BASE}/:id/restriction/lift`,
      {
        config: { access: MANAGE },
        schema: {
          tags: TAGS,
          summary:
            'Lift the restriction notice: sign-in works again, the customer is told; audited (customers.manage)',
          params: idParams,
          body: staffReasonBodySchema,
          response: { 200: customerActionResultSchema, ...writes },
        },
      },
      async (request) =>
        actions.liftRestriction(deps, request.params.id, request.body.reason, staffOf(request)),
    );

    app.post(
      `${BASE}/:id/freeze`,
      {
        config: { access: MANAGE },
        schema: {
          tags: TAGS,
          summary:
            'Freeze the account (debits, credits or both) with a reason code and a note; the customer is told payments are on hold; audited (customers.manage)',
          params: idParams,
          body: freezeSchema,
          response: { 200: customerActionResultSchema, ...writes },
        },
      },
      async (request) => actions.freeze(deps, request.params.id, request.body, staffOf(request)),
    );

    app.post(
      `${BASE}/:id/unfreeze`,
      {
        config: { access: MANAGE },
        schema: {
          tags: TAGS,
          summary: 'Lift the freeze; the customer is told; audited (customers.manage)',
          params: idParams,
          body: staffReasonBodySchema,
          response: { 200: customerActionResultSchema, ...writes },
        },
      },
      async (request) =>
        actions.unfreeze(deps, request.params.id, request.body.reason, staffOf(request)),
    );

    app.post(
      `${BASE}/:id/pin/unlock`,
      {
        config: { access: MANAGE },
        schema: {
          tags: TAGS,
          summary:
            "Lift the pause on the customer's PIN use after wrong PINs; the customer is told; audited (customers.manage)",
          params: idParams,
          body: staffReasonBodySchema,
          response: { 200: customerActionResultSchema, ...writes },
        },
      },
      async (request) =>
        actions.unlockPin(deps, request.params.id, request.body.reason, staffOf(request)),
    );

    app.post(
      `${BASE}/:id/sign-out`,
      {
        config: { access: MANAGE },
        schema: {
          tags: TAGS,
          summary:
            'Sign the customer out of every browser; the customer is told; audited (customers.manage)',
          params: idParams,
          body: staffReasonBodySchema,
          response: { 200: customerActionResultSchema, ...writes },
        },
      },
      async (request) =>
        actions.signOutEverywhere(deps, request.params.id, request.body.reason, staffOf(request)),
    );

    app.post(
      `${BASE}/:id/messages`,
      {
        config: { access: MANAGE },
        schema: {
          tags: TAGS,
          summary:
            'Send the customer a message (in the app and by email); audited (customers.manage)',
          params: idParams,
          body: customerMessageSchema,
          response: { 200: customerActionResultSchema, ...writes },
        },
      },
      async (request) =>
        actions.sendMessage(deps, request.params.id, request.body, staffOf(request)),
    );
  };
