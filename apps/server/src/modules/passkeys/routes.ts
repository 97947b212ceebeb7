import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addPasskeySchema,
  currentPasswordSchema,
  authOutcomeSchema,
  messageSchema,
  passkeyAssertionBodySchema,
  passkeyListSchema,
  passkeyOptionsSchema,
  passkeySchema,
  recoveryCodesSchema,
  removePasskeySchema,
  renamePasskeySchema,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../platform/errors.js';
import { idParams, problemResponses } from '../../platform/route-schemas.js';
import { sessionOf } from '../../plugins/access.js';
import {
  clientOf,
  enablePasskeySecondFactor,
  passedSecondFactor,
  promoteAfterSecondFactor,
} from '../auth/index.js';
import { hasPasskey } from './repo.js';
import * as passkeys from './service.js';
import { signInWithPasskey } from './signin.js';

/** Customers and staff keep passkeys alike; each only their own. */
const OWN = { session: ['customer', 'staff'] } as const;
/** Between the password and the second factor: staff, or a customer who turned one on. */
const SECOND_STEP = { session: ['mfa_pending', 'second_factor'] } as const;
const PUBLIC = { public: true } as const;
const perAddress = (max: number) => ({ max, timeWindow: '1 minute' });
const problems = problemResponses(400, 401, 404, 409, 422, 429);

function holder(request: FastifyRequest): passkeys.Holder {
  const client = clientOf(request);
  return { userId: sessionOf(request).userId, ip: client.ip, userAgent: client.userAgent };
}

/** /api/v1/passkeys (Settings) and /api/v1/auth/passkey (signing in with one). */
export const passkeyRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/passkeys',
      {
        config: { access: OWN },
        schema: {
          tags: ['passkeys'],
          summary: 'The passkeys of the signed-in person: name, when added, when last used',
          response: { 200: passkeyListSchema, ...problemResponses(401) },
        },
      },
      async (request) => ({ items: await passkeys.listPasskeys(deps, sessionOf(request).userId) }),
    );

    app.post(
      '/api/v1/passkeys/options',
      {
        config: { access: OWN, rateLimit: perAddress(10) },
        schema: {
          tags: ['passkeys'],
          summary:
            'Options for the browser to make a passkey (navigator.credentials.create), given the account password; the challenge works once, for 5 minutes',
          body: currentPasswordSchema,
          response: { 200: passkeyOptionsSchema, ...problems },
        },
      },
      async (request) =>
        passkeys.registrationOptions(deps, holder(request), request.body.currentPassword),
    );

    app.post(
      '/api/v1/passkeys',
      {
        config: { access: OWN, rateLimit: perAddress(10) },
        schema: {
          tags: ['passkeys'],
          summary:
            'Keep the passkey the browser made, under a name; the person is told by email (and in the app)',
          body: addPasskeySchema,
          response: { 201: passkeySchema, ...problems },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await passkeys.addPasskey(deps, holder(request), request.body)),
    );

    app.post(
      '/api/v1/passkeys/:id/name',
      {
        config: { access: OWN, rateLimit: perAddress(20) },
        schema: {
          tags: ['passkeys'],
          summary: 'Rename one of your passkeys',
          params: idParams,
          body: renamePasskeySchema,
          response: { 200: passkeySchema, ...problems },
        },
      },
      async (request) =>
        passkeys.renamePasskey(deps, holder(request), request.params.id, request.body.name),
    );

    app.post(
      '/api/v1/passkeys/:id/remove',
      {
        config: { access: OWN, rateLimit: perAddress(5) },
        schema: {
          tags: ['passkeys'],
          summary:
            'Remove one of your passkeys, given the account password; the person is told by email (and in the app)',
          params: idParams,
          body: removePasskeySchema,
          response: { 200: messageSchema, ...problems },
        },
      },
      async (request) => {
        await passkeys.removePasskey(
          deps,
          holder(request),
          request.params.id,
          request.body.currentPassword,
        );
        return { message: 'The passkey was removed.' };
      },
    );

    app.post(
      '/api/v1/auth/passkey/options',
      {
        config: { access: PUBLIC, rateLimit: perAddress(20) },
        schema: {
          tags: ['auth'],
          summary:
            'Options for signing in with a passkey (navigator.credentials.get, any passkey of this bank); the challenge works once, for 5 minutes',
          response: { 200: passkeyOptionsSchema, ...problemResponses(429) },
        },
      },
      async () => passkeys.signinOptions(deps),
    );

    app.post(
      '/api/v1/auth/passkey',
      {
        config: { access: PUBLIC, rateLimit: perAddress(10) },
        schema: {
          tags: ['auth'],
          summary:
            'Sign in with a passkey instead of the password; the answer says where to go next, as the password sign-in does',
          body: passkeyAssertionBodySchema,
          response: { 200: authOutcomeSchema, ...problems },
        },
      },
      async (request, reply) => {
        const { outcome, session } = await signInWithPasskey(
          deps,
          request.body.response,
          clientOf(request),
        );
        if (session) reply.setSession(session.token, session.expiresAt);
        return outcome;
      },
    );

    app.post(
      '/api/v1/auth/mfa/passkey/options',
      {
        config: { access: SECOND_STEP, rateLimit: perAddress(10) },
        schema: {
          tags: ['auth'],
          summary:
            "Second step of a sign-in (staff, or a customer with two-step sign-in on): options for one of the person's passkeys",
          response: { 200: passkeyOptionsSchema, ...problems },
        },
      },
      async (request) => passkeys.secondFactorOptions(deps, sessionOf(request).userId),
    );

    app.post(
      '/api/v1/auth/mfa/passkey',
      {
        config: { access: SECOND_STEP, rateLimit: perAddress(10) },
        schema: {
          tags: ['auth'],
          summary:
            'Finish signing in with a passkey as the second factor: staff get the staff session; a customer goes where the password would have taken them, and this browser is remembered for 90 days',
          body: passkeyAssertionBodySchema,
          response: { 200: authOutcomeSchema, ...problems },
        },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        await passkeys.checkSecondFactor(
          deps,
          { userId: session.userId, ...clientOf(request) },
          request.body.response,
        );
        if (session.scope === 'second_factor') {
          const passed = await passedSecondFactor(deps, session, clientOf(request), 'passkey');
          if (passed.session) reply.setSession(passed.session.token, passed.session.expiresAt);
          if (passed.browser) reply.trustBrowser(passed.browser.token, passed.browser.expiresAt);
          return passed.outcome;
        }
        if (session.userKind !== 'staff') throw new AppError('FORBIDDEN', 'For staff only.');
        const opened = await promoteAfterSecondFactor(
          deps,
          session,
          clientOf(request),
          'staff.signin_passkey',
        );
        reply.setSession(opened.token, opened.expiresAt);
        return { next: 'staff' as const };
      },
    );

    app.post(
      '/api/v1/settings/second-factor/passkey',
      {
        compress: false,
        config: { access: { session: ['customer'] }, rateLimit: perAddress(10) },
        schema: {
          tags: ['settings'],
          summary:
            'Turn on two-step sign-in with your passkeys (you need one); answers ten recovery codes (once)',
          response: { 200: recoveryCodesSchema, ...problems },
        },
      },
      async (request) => {
        const who = holder(request);
        const recoveryCodes = await enablePasskeySecondFactor(deps, who, async (trx) => {
          if (!(await hasPasskey(trx, who.userId))) {
            throw new AppError(
              'CONFLICT',
              'Add a passkey first: two-step sign-in will ask for it.',
            );
          }
        });
        return { recoveryCodes };
      },
    );
  };
