import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountPlanListSchema,
  catalogProposalSchema,
  accountPlanSchema,
  cryptoRateInputSchema,
  cryptoTypeListSchema,
  cryptoTypeSchema,
  fixedDepositPlanListSchema,
  fixedDepositPlanSchema,
  fundingFormsSchema,
  institutionDetailsInputSchema,
  institutionDetailsSchema,
  paymentPurposeListSchema,
  paymentPurposeSchema,
  pendingCatalogChangeListSchema,
  receiveDetailsSchema,
} from '@bank/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { idParams, problemResponses } from '../../platform/route-schemas.js';
import { sessionOf, staffOf } from '../../plugins/access.js';
import { setCryptoRate } from './crypto-rates.js';
import { pendingChanges } from './dual-control.js';
import * as entries from './funding-catalog.js';
import { institutionDetails, setInstitutionDetails } from './institution.js';
import * as offered from './offered.js';

const problems = problemResponses(400, 401, 403, 404, 409);
const MANAGE = { permission: 'catalog.manage' } as const;
const CUSTOMER = { session: ['customer'] } as const;
/** A change that waits for a second person is answered 202 with the proposal (decision 21). */
const proposed = { 202: catalogProposalSchema };
const isProposal = (answer: unknown): answer is { approvalId: string } =>
  typeof answer === 'object' && answer !== null && 'approvalId' in answer;

interface Section {
  path: string;
  kind: entries.AnyEntryKind;
  item: z.ZodType;
  list: z.ZodType;
  what: string;
}

const SECTIONS: Section[] = [
  {
    path: 'crypto-types',
    kind: entries.cryptoTypes as entries.AnyEntryKind,
    item: cryptoTypeSchema,
    list: cryptoTypeListSchema,
    what: 'crypto types customers pay with, with their deposit addresses',
  },
  {
    path: 'payment-purposes',
    kind: entries.paymentPurposes as entries.AnyEntryKind,
    item: paymentPurposeSchema,
    list: paymentPurposeListSchema,
    what: 'what customers may pay the bank for (Make payment)',
  },
  {
    path: 'fixed-deposit-plans',
    kind: entries.fixedDepositPlans as entries.AnyEntryKind,
    item: fixedDepositPlanSchema,
    list: fixedDepositPlanListSchema,
    what: 'fixed-deposit plans (term, annual rate, amounts)',
  },
  {
    path: 'account-plans',
    kind: entries.accountPlans as entries.AnyEntryKind,
    item: accountPlanSchema,
    list: accountPlanListSchema,
    what: 'account plans (service charge, daily transfer limit, step-up threshold, price)',
  },
];

/** The funding catalog staff keep, and what customers' funding forms offer from it. */
export const fundingCatalogRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    for (const section of SECTIONS) {
      const base = `/api/v1/staff/catalog/${section.path}`;
      const kind = section.kind;
      app.get(
        base,
        {
          config: { access: MANAGE },
          schema: {
            tags: ['staff'],
            summary: `Every entry of the ${section.what}, offered or retired (catalog.manage)`,
            response: { 200: section.list, ...problemResponses(401, 403) },
          },
        },
        async () => ({ items: await entries.listEntries(deps, kind) }),
      );
      app.post(
        base,
        {
          config: { access: MANAGE },
          schema: {
            tags: ['staff'],
            summary: `Add to the ${section.what}: offered at once (201), or, for crypto types and plans, proposed for a second person to approve (202) (catalog.manage, audited)`,
            body: kind.input,
            response: { 201: section.item, ...proposed, ...problems },
          },
        },
        async (request, reply) => {
          const actor = staffOf(request);
          const added = await entries.addEntry(deps, kind, request.body as never, actor);
          return reply.status(isProposal(added) ? 202 : 201).send(added);
        },
      );
      app.put(
        `${base}/:id`,
        {
          config: { access: MANAGE },
          schema: {
            tags: ['staff'],
            summary: `Edit an entry of the ${section.what}; past requests keep what they recorded. A change of an address, a rate, a charge, a limit or a price is proposed for a second person to approve (202) (catalog.manage, audited)`,
            params: idParams,
            body: kind.input,
            response: { 200: section.item, ...proposed, ...problems },
          },
        },
        async (request, reply) => {
          const actor = staffOf(request);
          const { id } = request.params;
          const edited = await entries.editEntry(deps, kind, id, request.body as never, actor);
          return reply.status(isProposal(edited) ? 202 : 200).send(edited);
        },
      );
      for (const [action, active] of [
        ['retire', false],
        ['restore', true],
      ] as const) {
        app.post(
          `${base}/:id/${action}`,
          {
            config: { access: MANAGE },
            schema: {
              tags: ['staff'],
              summary: active
                ? `Offer a retired entry of the ${section.what} again; a crypto type's is proposed for a second person (202) (catalog.manage, audited)`
                : `Stop offering an entry of the ${section.what}; requests already made keep it; a crypto type's is proposed for a second person (202) (catalog.manage, audited)`,
              params: idParams,
              response: { 200: section.item, ...proposed, ...problems },
            },
          },
          async (request, reply) => {
            const actor = staffOf(request);
            const { id } = request.params;
            const done = await entries.setEntryOffered(deps, kind, id, active, actor);
            return reply.status(isProposal(done) ? 202 : 200).send(done);
          },
        );
      }
    }

    app.put(
      '/api/v1/staff/catalog/crypto-types/:id/rate',
      {
        config: { access: MANAGE },
        schema: {
          tags: ['staff'],
          summary:
            "Set a crypto type's rate: the price of one whole coin in the bank's currency, its ticker and decimals; customers' crypto forms then show how much of the coin to send, with the rate's time. One person's change (decision 27) (catalog.manage, audited)",
          params: idParams,
          body: cryptoRateInputSchema,
          response: { 200: cryptoTypeSchema, ...problems },
        },
      },
      async (request) => setCryptoRate(deps, request.params.id, request.body, staffOf(request)),
    );
    app.delete(
      '/api/v1/staff/catalog/crypto-types/:id/rate',
      {
        config: { access: MANAGE },
        schema: {
          tags: ['staff'],
          summary:
            "Take a crypto type's rate away: the forms show no coin amount (catalog.manage, audited)",
          params: idParams,
          response: { 200: cryptoTypeSchema, ...problems },
        },
      },
      async (request) => setCryptoRate(deps, request.params.id, null, staffOf(request)),
    );

    app.get(
      '/api/v1/staff/catalog/institution',
      {
        config: { access: MANAGE },
        schema: {
          tags: ['staff'],
          summary: "The bank's receiving details: SWIFT, routing number, country (catalog.manage)",
          response: { 200: institutionDetailsSchema, ...problemResponses(401, 403) },
        },
      },
      async () => institutionDetails(deps.db),
    );
    app.put(
      '/api/v1/staff/catalog/institution',
      {
        config: { access: MANAGE },
        schema: {
          tags: ['staff'],
          summary:
            "Propose the bank's receiving details for a second person to approve (202); null takes one away; details as they are change nothing (200) (catalog.manage, audited)",
          body: institutionDetailsInputSchema,
          response: { 200: institutionDetailsSchema, ...proposed, ...problems },
        },
      },
      async (request, reply) => {
        const done = await setInstitutionDetails(deps, request.body, staffOf(request));
        return reply.status(isProposal(done) ? 202 : 200).send(done);
      },
    );
    app.get(
      '/api/v1/staff/catalog/pending',
      {
        config: { access: MANAGE },
        schema: {
          tags: ['staff'],
          summary:
            'Catalog changes waiting for a second person: crypto types, plans and institution details (catalog.manage)',
          response: { 200: pendingCatalogChangeListSchema, ...problemResponses(401, 403) },
        },
      },
      async (request) => ({ items: await pendingChanges(deps, staffOf(request)) }),
    );

    app.get(
      '/api/v1/funding/forms',
      {
        config: { access: CUSTOMER },
        schema: {
          tags: ['funding'],
          summary:
            'What the crypto forms offer: types and addresses, purposes, plans, the current plan (getcdform, getmpcform, getfdcform, getupgradeform)',
          response: { 200: fundingFormsSchema, ...problemResponses(401) },
        },
      },
      async (request) => offered.fundingForms(deps, sessionOf(request).userId),
    );
    app.get(
      '/api/v1/funding/receive-details',
      {
        config: { access: CUSTOMER },
        schema: {
          tags: ['funding'],
          summary:
            "How others pay this customer: username, account number, the bank's SWIFT, routing number and country (getinstituition)",
          response: { 200: receiveDetailsSchema, ...problemResponses(401) },
        },
      },
      async (request) => offered.receiveDetails(deps, sessionOf(request).userId),
    );
  };
