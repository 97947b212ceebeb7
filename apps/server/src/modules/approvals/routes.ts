import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approvalListSchema,
  approvalQuerySchema,
  approvalSchema,
  approveSchema,
  dualControlSettingsSchema,
  proposedSchema,
  proposeThresholdSchema,
  rejectSchema,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { idParams, problemResponses } from '../../platform/route-schemas.js';
import { staffOf } from '../../plugins/access.js';
import * as approvals from './service.js';
import { dualControlSettings, proposeThreshold } from './threshold.js';

const BASE = '/api/v1/staff/approvals';
const problems = problemResponses(400, 401, 403, 404, 409, 422);

/**
 * The approvals inbox: any staff member whose roles let them approve some kind sees it (the
 * service shows each only what they may decide or proposed, and checks the kind's permission
 * on every decision).
 */
export function approvalRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  // Whoever may approve some kind, or propose one (to follow and withdraw their own); until a
  // kind is registered, administrators only.
  const approvers = [
    ...new Set(
      deps.approvals.all().flatMap((k) => (k.propose ? [k.approve, k.propose] : [k.approve])),
    ),
  ].sort();
  const access = { permission: approvers.length > 0 ? approvers : (['staff.manage'] as const) };
  return async (app) => {
    app.get(
      BASE,
      {
        config: { access },
        schema: {
          tags: ['staff'],
          summary:
            'Proposals waiting for a second person, and decided ones: filtered by status, kind, amount, proposer and age',
          querystring: approvalQuerySchema,
          response: { 200: approvalListSchema, ...problems },
        },
      },
      async (request) => approvals.listApprovals(deps, staffOf(request), request.query),
    );

    app.get(
      `${BASE}/:id`,
      {
        config: { access },
        schema: {
          tags: ['staff'],
          summary: 'One proposal, with what approving it does',
          params: idParams,
          response: { 200: approvalSchema, ...problems },
        },
      },
      async (request) => approvals.approvalFor(deps, request.params.id, staffOf(request)),
    );

    app.get(
      `${BASE}/:id/evidence`,
      {
        config: { access },
        schema: {
          tags: ['staff'],
          summary: "The proposal's evidence file; each view is audited",
          params: idParams,
        },
      },
      async (request, reply) => {
        const file = await approvals.readEvidence(deps, request.params.id, staffOf(request));
        return reply
          .type(file.mime)
          .header('cache-control', 'no-store')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header(
            'content-disposition',
            `inline; filename="evidence-${request.params.id}.${file.extension}"`,
          )
          .send(file.data);
      },
    );

    app.post(
      `${BASE}/:id/approve`,
      {
        config: { access },
        schema: {
          tags: ['staff'],
          summary:
            'Approve and carry out a proposal (a different person from its proposer, with its permission)',
          params: idParams,
          body: approveSchema,
          response: { 200: approvalSchema, ...problems },
        },
      },
      async (request) =>
        approvals.approve(deps, request.params.id, staffOf(request), request.body.note ?? null),
    );

    app.post(
      `${BASE}/:id/reject`,
      {
        config: { access },
        schema: {
          tags: ['staff'],
          summary: 'Reject a proposal with a note for its proposer; nothing is done',
          params: idParams,
          body: rejectSchema,
          response: { 200: approvalSchema, ...problems },
        },
      },
      async (request) =>
        approvals.reject(deps, request.params.id, staffOf(request), request.body.note),
    );

    app.post(
      `${BASE}/:id/withdraw`,
      {
        config: { access },
        schema: {
          tags: ['staff'],
          summary: 'Withdraw your own proposal; nothing is done',
          params: idParams,
          response: { 200: approvalSchema, ...problems },
        },
      },
      async (request) => approvals.withdraw(deps, request.params.id, staffOf(request)),
    );

    const SETTINGS = '/api/v1/staff/settings/dual-control';
    const ADMIN = { permission: 'staff.manage' } as const;

    app.get(
      SETTINGS,
      {
        config: { access: ADMIN },
        schema: {
          tags: ['staff'],
          summary:
            'The dual-control threshold, who set it, and a change waiting for a second administrator (staff.manage)',
          response: { 200: dualControlSettingsSchema, ...problemResponses(401, 403) },
        },
      },
      async () => dualControlSettings(deps),
    );

    app.post(
      SETTINGS,
      {
        config: { access: ADMIN },
        schema: {
          tags: ['staff'],
          summary:
            'Propose a new dual-control threshold with a reason; another administrator approves it under Approvals (staff.manage, audited)',
          body: proposeThresholdSchema,
          response: { 201: proposedSchema, ...problems },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await proposeThreshold(
              deps,
              BigInt(request.body.threshold),
              request.body.reason,
              staffOf(request),
            ),
          ),
    );
  };
}
