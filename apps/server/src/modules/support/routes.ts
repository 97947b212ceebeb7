import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { supportContactsSchema, updateSupportContactsSchema } from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { problemResponses } from '../../platform/route-schemas.js';
import { staffOf } from '../../plugins/access.js';
import * as support from './service.js';

/** Help & Support: the contacts customers see, and staff publish. */
export const supportRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/support/contacts',
      {
        config: { access: { session: ['customer'] } },
        schema: {
          tags: ['support'],
          summary:
            'How to reach support: WhatsApp, email, phone, each null when not offered (getcontact)',
          response: { 200: supportContactsSchema, ...problemResponses(401) },
        },
      },
      async () => support.supportContacts(deps),
    );

    app.get(
      '/api/v1/staff/catalog/support-contacts',
      {
        config: { access: { permission: 'catalog.manage' } },
        schema: {
          tags: ['staff'],
          summary: 'The support contacts customers see (catalog.manage)',
          response: { 200: supportContactsSchema, ...problemResponses(401, 403) },
        },
      },
      async () => support.supportContacts(deps),
    );

    app.post(
      '/api/v1/staff/catalog/support-contacts',
      {
        config: { access: { permission: 'catalog.manage' } },
        schema: {
          tags: ['staff'],
          summary:
            'Publish the support contacts; an empty field takes a channel away (catalog.manage, audited)',
          body: updateSupportContactsSchema,
          response: { 200: supportContactsSchema, ...problemResponses(400, 401, 403) },
        },
      },
      async (request) => support.updateSupportContacts(deps, request.body, staffOf(request)),
    );
  };
