import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PIN_CREATED,
  changePinSchema,
  createPinSchema,
  messageSchema,
  pinResetSchema,
  pinResetStartSchema,
  pinStatusSchema,
  signupAcceptedSchema,
} from '@bank/contract';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { problemResponses } from '../../platform/route-schemas.js';
import { sessionOf } from '../../plugins/access.js';
import * as pins from './service.js';

const CUSTOMER = { session: ['customer'] } as const;
const BASE = '/api/v1/pin';
/** PIN tries from one address in a minute; the PIN's own count of wrong tries applies too. */
const LIMIT = { max: 10, timeWindow: '1 minute' };
const problems = problemResponses(400, 401, 409, 422, 423, 429);

function person(request: FastifyRequest) {
  return {
    userId: sessionOf(request).userId,
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
  };
}

/** The transaction PIN: whether there is one, creating it, changing it, resetting a forgotten one. */
export const pinRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      BASE,
      {
        config: { access: CUSTOMER },
        schema: {
          tags: ['pin'],
          summary:
            'Whether the customer has a transaction PIN, and whether PIN use rests (pincheck)',
          response: { 200: pinStatusSchema, ...problemResponses(401) },
        },
      },
      async (request) => pins.pinStatus(deps, sessionOf(request).userId),
    );

    app.post(
      BASE,
      {
        config: { access: CUSTOMER, rateLimit: LIMIT },
        schema: {
          tags: ['pin'],
          summary: 'Create the transaction PIN, entered twice (updatepin)',
          body: createPinSchema,
          response: { 201: messageSchema, ...problems },
        },
      },
      async (request, reply) => {
        await pins.createPin(deps, person(request), request.body.pin);
        return reply.status(201).send({ message: PIN_CREATED });
      },
    );

    app.post(
      `${BASE}/change`,
      {
        config: { access: CUSTOMER, rateLimit: LIMIT },
        schema: {
          tags: ['pin'],
          summary:
            'Change the PIN with the current one (supdatepin); wrong PINs count toward the rest',
          body: changePinSchema,
          response: { 200: messageSchema, ...problems },
        },
      },
      async (request) => {
        await pins.changePin(deps, person(request), request.body);
        return { message: 'Your transaction PIN has been changed.' };
      },
    );

    app.post(
      `${BASE}/reset/start`,
      {
        config: { access: CUSTOMER, rateLimit: { max: 5, timeWindow: '1 minute' } },
        schema: {
          tags: ['pin'],
          summary: 'Forgotten PIN, step one: the account password; a code is emailed',
          body: pinResetStartSchema,
          response: { 200: signupAcceptedSchema, ...problems },
        },
      },
      async (request) => {
        const { email } = await pins.startPinReset(deps, person(request), request.body.password);
        return { email, message: 'We emailed you a code to set a new PIN.' };
      },
    );

    app.post(
      `${BASE}/reset`,
      {
        config: { access: CUSTOMER, rateLimit: LIMIT },
        schema: {
          tags: ['pin'],
          summary: 'Forgotten PIN, step two: the emailed code and the new PIN (lifts any rest)',
          body: pinResetSchema,
          response: { 200: messageSchema, ...problems },
        },
      },
      async (request) => {
        await pins.resetPin(deps, person(request), request.body);
        return { message: 'Your new transaction PIN is set.' };
      },
    );
  };
