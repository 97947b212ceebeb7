import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInvitationSchema,
  changeRolesSchema,
  invitationLookupSchema,
  invitationPreviewSchema,
  inviteStaffSchema,
  messageSchema,
  secondFactorResetProposedSchema,
  staffInvitationListSchema,
  staffInvitationSchema,
  staffMemberDetailSchema,
  staffMemberListSchema,
  staffMemberQuerySchema,
  staffMemberSchema,
  staffActionReasonSchema,
  staffRoleListSchema,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { idParams, problemResponses } from '../../platform/route-schemas.js';
import { staffOf } from '../../plugins/access.js';
import { clientOf } from '../auth/index.js';
import * as invitations from './invitations.js';
import * as members from './members.js';
import { listRoles } from './roles.js';
import { proposeSecondFactorReset } from './second-factor-reset.js';

const BASE = '/api/v1/staff/team';
const MANAGE = { permission: 'staff.manage' } as const;
const problems = problemResponses(400, 401, 403, 404, 409, 422);
const publicProblems = problemResponses(400, 404, 422, 429);
const tags = ['staff'];

/**
 * Staff management: roles, the staff list, a staff member's page and the actions on them,
 * invitations (all `staff.manage`), and the two public routes of the emailed invitation link.
 */
export const staffRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      `${BASE}/roles`,
      {
        config: { access: MANAGE },
        schema: {
          tags,
          summary: 'Every role with what it is for and the permissions it grants',
          response: { 200: staffRoleListSchema, ...problems },
        },
      },
      async () => listRoles(deps.db),
    );

    app.get(
      `${BASE}/members`,
      {
        config: { access: MANAGE },
        schema: {
          tags,
          summary:
            'The staff: roles, active or deactivated, second factor set up or not, last sign-in; filtered by status, role and name or email',
          querystring: staffMemberQuerySchema,
          response: { 200: staffMemberListSchema, ...problems },
        },
      },
      async (request) => members.listMembers(deps, staffOf(request), request.query),
    );

    app.get(
      `${BASE}/members/:id`,
      {
        config: { access: MANAGE },
        schema: {
          tags,
          summary:
            'A staff member, the second-factor reset waiting for approval (if any), and their latest audit events',
          params: idParams,
          response: { 200: staffMemberDetailSchema, ...problems },
        },
      },
      async (request) => members.memberDetail(deps, request.params.id, staffOf(request)),
    );

    app.put(
      `${BASE}/members/:id/roles`,
      {
        config: { access: MANAGE },
        schema: {
          tags,
          summary:
            "Set a staff member's roles (not your own; someone active always keeps staff administration); audited with the roles before and after",
          params: idParams,
          body: changeRolesSchema,
          response: { 200: staffMemberSchema, ...problems },
        },
      },
      async (request) =>
        members.changeRoles(deps, request.params.id, request.body, staffOf(request)),
    );

    app.post(
      `${BASE}/members/:id/deactivate`,
      {
        config: { access: MANAGE },
        schema: {
          tags,
          summary:
            'Deactivate a staff member: every session ends at once, sign-in is refused (not yourself, not the last staff administrator)',
          params: idParams,
          body: staffActionReasonSchema,
          response: { 200: staffMemberSchema, ...problems },
        },
      },
      async (request) =>
        members.deactivate(deps, request.params.id, request.body.reason, staffOf(request)),
    );

    app.post(
      `${BASE}/members/:id/reactivate`,
      {
        config: { access: MANAGE },
        schema: {
          tags,
          summary: 'Let a deactivated staff member sign in again, with the roles they had',
          params: idParams,
          body: staffActionReasonSchema,
          response: { 200: staffMemberSchema, ...problems },
        },
      },
      async (request) =>
        members.reactivate(deps, request.params.id, request.body.reason, staffOf(request)),
    );

    app.post(
      `${BASE}/members/:id/second-factor-reset`,
      {
        config: { access: MANAGE },
        schema: {
          tags,
          summary:
            "Propose resetting a staff member's second factor; a second staff administrator approves it under Approvals",
          params: idParams,
          body: staffActionReasonSchema,
          response: { 201: secondFactorResetProposedSchema, ...problems },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await proposeSecondFactorReset(
              deps,
              request.params.id,
              request.body.reason,
              staffOf(request),
            ),
          ),
    );

    app.get(
      `${BASE}/invitations`,
      {
        config: { access: MANAGE },
        schema: {
          tags,
          summary: 'Invitations not yet accepted (including those whose link expired)',
          response: { 200: staffInvitationListSchema, ...problems },
        },
      },
      async () => invitations.listInvitations(deps),
    );

    app.post(
      `${BASE}/invitations`,
      {
        config: { access: MANAGE },
        schema: {
          tags,
          summary:
            'Invite a person by email with their roles: the emailed link (72 hours, once) sets their password',
          body: inviteStaffSchema,
          response: { 201: staffInvitationSchema, ...problems },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await invitations.inviteStaff(deps, request.body, staffOf(request))),
    );

    app.post(
      `${BASE}/invitations/:id/resend`,
      {
        config: { access: MANAGE },
        schema: {
          tags,
          summary: 'Email the invitation again with a new link (the earlier link stops working)',
          params: idParams,
          response: { 200: staffInvitationSchema, ...problems },
        },
      },
      async (request) => invitations.resendInvitation(deps, request.params.id, staffOf(request)),
    );

    app.post(
      `${BASE}/invitations/:id/revoke`,
      {
        config: { access: MANAGE },
        schema: {
          tags,
          summary: 'Revoke an invitation: its link stops working',
          params: idParams,
          response: { 204: z.null(), ...problems },
        },
      },
      async (request, reply) => {
        await invitations.revokeInvitation(deps, request.params.id, staffOf(request));
        return reply.status(204).send(null);
      },
    );

    // The invitee, from the emailed link (no session): the token travels in the body, never
    // in a URL that a log or a proxy could keep.
    const perAddress = { max: 10, timeWindow: '1 minute' };

    app.post(
      '/api/v1/auth/staff-invitation',
      {
        config: { access: { public: true }, rateLimit: perAddress },
        schema: {
          tags: ['auth'],
          summary:
            'Who an emailed staff invitation is for; any link that cannot be used gets the same 404',
          body: invitationLookupSchema,
          response: { 200: invitationPreviewSchema, ...publicProblems },
        },
      },
      async (request) => invitations.previewInvitation(deps, request.body.token),
    );

    app.post(
      '/api/v1/auth/staff-invitation/accept',
      {
        config: { access: { public: true }, rateLimit: perAddress },
        schema: {
          tags: ['auth'],
          summary:
            'Accept a staff invitation by choosing a password (once); then sign in and set up the authenticator app',
          body: acceptInvitationSchema,
          response: { 200: messageSchema, ...publicProblems },
        },
      },
      async (request) => {
        await invitations.acceptInvitation(deps, request.body, clientOf(request));
        return {
          message: 'Your password is set. Sign in to set up your authenticator app.',
        };
      },
    );
  };
