import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { messageSchema, profileSchema, updateProfileSchema } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { uploadOf } from '../../platform/files/index.js';
import { problemResponses } from '../../platform/route-schemas.js';
import { sessionOf } from '../../plugins/access.js';
import * as profiles from './service.js';

const CUSTOMER = { session: ['customer'] } as const;

function person(request: FastifyRequest) {
  return {
    userId: sessionOf(request).userId,
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
  };
}

/** The customer's profile and picture. */
export const profileRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/profile',
      {
        config: { access: CUSTOMER },
        schema: {
          tags: ['profile'],
          summary: 'The profile (getprofile); the next of kin is never sent back',
          response: { 200: profileSchema, ...problemResponses(401) },
        },
      },
      async (request) => profiles.profile(deps, sessionOf(request).userId),
    );

    app.post(
      '/api/v1/profile',
      {
        config: { access: CUSTOMER, rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags: ['profile'],
          summary:
            'Save the profile (updateprofile); any field beyond these (role, status, plan, balances) is refused',
          body: updateProfileSchema,
          response: { 200: profileSchema, ...problemResponses(400, 401, 429) },
        },
      },
      async (request) => profiles.updateProfile(deps, person(request), request.body),
    );

    app.post(
      '/api/v1/profile/picture',
      {
        config: {
          access: CUSTOMER,
          rateLimit: { max: 10, timeWindow: '1 minute' },
          upload: { fields: [], files: ['profilePic'] },
        },
        schema: {
          tags: ['profile'],
          summary:
            'Upload a new picture (multipart file profilePic; JPEG, PNG or WebP) (updatepic)',
          consumes: ['multipart/form-data'],
          response: { 200: messageSchema, ...problemResponses(400, 401, 413, 429, 503) },
        },
      },
      async (request) => {
        const form = await uploadOf<never, 'profilePic'>(request);
        await profiles.setPicture(deps, person(request), form.files.profilePic);
        return { message: 'Your picture has been updated.' };
      },
    );

    app.get(
      '/api/v1/profile/picture',
      {
        config: { access: CUSTOMER },
        schema: {
          tags: ['profile'],
          summary: "The customer's own picture (re-encoded image); 404 when there is none",
        },
      },
      async (request, reply) => {
        const file = await profiles.picture(deps, sessionOf(request).userId);
        return reply
          .type(file.mime)
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('content-disposition', 'inline; filename="profile-picture"')
          .send(file.data);
      },
    );
  };
