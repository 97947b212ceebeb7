import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  activeSessionListSchema,
  changeEmailSchema,
  changePasswordSchema,
  confirmEmailChangeSchema,
  emailOnlySchema,
  messageSchema,
} from '@bank/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { idParams, problemResponses } from '../../platform/route-schemas.js';
import { sessionOf } from '../../plugins/access.js';
import * as settings from './service.js';

const CUSTOMER = { session: ['customer'] } as const;
const LIMIT = { max: 5, timeWindow: '1 minute' };
const problems = problemResponses(400, 401, 409, 422, 429);

function person(request: FastifyRequest) {
  const session = sessionOf(request);
  return {
    userId: session.userId,
    sessionId: session.sessionId,
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
  };
}

/** Settings: password, email address, and the browsers signed in to the account. */
export const settingsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/v1/settings/password',
      {
        config: { access: CUSTOMER, rateLimit: LIMIT },
        schema: {
          tags: ['settings'],
          summary: 'Change the password with the current one (updatepwd); other sessions end',
          body: changePasswordSchema,
          response: { 200: messageSchema, ...problems },
        },
      },
      async (request) => {
        await settings.changePassword(deps, person(request), request.body);
        return { message: 'Your password has been changed.' };
      },
    );

    app.post(
      '/api/v1/settings/email',
      {
        config: { access: CUSTOMER, rateLimit: LIMIT },
        schema: {
          tags: ['settings'],
          summary: 'Ask to change the email address (updateemail): a code goes to the new address',
          body: changeEmailSchema,
          response: { 200: emailOnlySchema, ...problems },
        },
      },
      async (request) => {
        await settings.requestEmailChange(deps, person(request), request.body);
        return { email: request.body.email };
      },
    );

    app.post(
      '/api/v1/settings/email/confirm',
      {
        config: { access: CUSTOMER, rateLimit: LIMIT },
        schema: {
          tags: ['settings'],
          summary: 'Confirm the new email address with the code sent to it',
          body: confirmEmailChangeSchema,
          response: { 200: emailOnlySchema, ...problems },
        },
      },
      async (request) => settings.confirmEmailChange(deps, person(request), request.body),
    );

    app.get(
      '/api/v1/settings/sessions',
      {
        config: { access: CUSTOMER },
        schema: {
          tags: ['settings'],
          summary: 'The browsers signed in to the account: device, rough place, last use',
          response: { 200: activeSessionListSchema, ...problemResponses(401) },
        },
      },
      async (request) => ({ items: await settings.activeSessions(deps, person(request)) }),
    );

    app.post(
      '/api/v1/settings/sessions/:id/end',
      {
        config: { access: CUSTOMER },
        schema: {
          tags: ['settings'],
          summary: 'Sign out one other browser',
          params: idParams,
          response: { 200: messageSchema, ...problemResponses(400, 401, 404, 409) },
        },
      },
      async (request) => {
        await settings.endSession(deps, person(request), request.params.id);
        return { message: 'Signed out.' };
      },
    );

    app.post(
      '/api/v1/settings/sessions/end-others',
      {
        config: { access: CUSTOMER },
        schema: {
          tags: ['settings'],
          summary: 'Sign out every other browser',
          response: {
            200: z.object({ ended: z.number().int().min(0) }),
            ...problemResponses(401),
          },
        },
      },
      async (request) => ({ ended: await settings.endOtherSessions(deps, person(request)) }),
    );
  };
