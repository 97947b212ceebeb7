import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PRODUCT_KEYS,
  availabilitySchema,
  productAvailabilityListSchema,
  updateProductAvailabilitySchema,
} from '@bank/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { problemResponses } from '../../platform/route-schemas.js';
import { sessionOf, staffOf } from '../../plugins/access.js';
import * as availability from './service.js';

/** Region availability: what a customer can use, and staff's switches by country. */
export const availabilityRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/availability',
      {
        config: { access: { session: ['customer'] } },
        schema: {
          tags: ['availability'],
          summary:
            'Which products the customer can use in their region ("Not Available in your region")',
          response: { 200: availabilitySchema, ...problemResponses(401) },
        },
      },
      async (request) => availability.availabilityFor(deps, sessionOf(request).userId),
    );

    app.get(
      '/api/v1/staff/catalog/availability',
      {
        config: { access: { permission: 'catalog.manage' } },
        schema: {
          tags: ['staff'],
          summary:
            'Every product, whether it is offered, and where it is switched off (catalog.manage)',
          response: { 200: productAvailabilityListSchema, ...problemResponses(401, 403) },
        },
      },
      async () => availability.productAvailability(deps),
    );

    app.post(
      '/api/v1/staff/catalog/availability/:product',
      {
        config: { access: { permission: 'catalog.manage' } },
        schema: {
          tags: ['staff'],
          summary:
            'Set the countries where an offered product is unavailable (catalog.manage, audited)',
          params: z.object({ product: z.enum(PRODUCT_KEYS) }),
          body: updateProductAvailabilitySchema,
          response: {
            200: z.object({ product: z.string(), unavailableCountries: z.array(z.string()) }),
            ...problemResponses(400, 401, 403, 404, 409),
          },
        },
      },
      async (request) =>
        availability.setUnavailableCountries(
          deps,
          request.params.product,
          request.body.unavailableCountries,
          staffOf(request),
        ),
    );
  };
