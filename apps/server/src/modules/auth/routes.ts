import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authOutcomeSchema,
  currentPasswordSchema,
  emailOnlySchema,
  forgottenBrowsersSchema,
  meSchema,
  messageSchema,
  mfaCodeSchema,
  mfaSetupSchema,
  mfaVerifiedSchema,
  mfaVerifySchema,
  recoveryCodesSchema,
  resetPasswordSchema,
  secondFactorStatusSchema,
  sessionStateSchema,
  signinSchema,
  signupAcceptedSchema,
  signupSchema,
  verifyEmailSchema,
} from '@bank/contract';
import type { AppDeps } from '../../deps.js';
import { auditSecurityEvent } from '../../platform/audit/index.js';
import { clientKey } from '../../platform/client-key.js';
import { problemResponses } from '../../platform/route-schemas.js';
import { OPEN_FLOW_FLOOR_MS, noSoonerThan } from '../../platform/timing.js';
import { revokeSession, tokenHash } from '../../platform/security/sessions.js';
import { sessionOf } from '../../plugins/access.js';
import { clientOf } from './client.js';
import * as mfa from './mfa/service.js';
import * as signinFactor from './mfa/signin-factor.js';
import { requestPasswordReset, resetPassword } from './password-reset.js';
import { whoIs } from './people.js';
import { signin } from './signin.js';
import { signup } from './signup.js';
import { requestVerificationCode, verifyEmail } from './verification.js';

const problems = problemResponses(400, 401, 403, 409, 422, 429);
const CUSTOMER = { session: ['customer'] } as const;

/** A signed-in person acting on their own settings. */
function holderOf(request: FastifyRequest) {
  const client = clientOf(request);
  return { userId: sessionOf(request).userId, ip: client.ip, userAgent: client.userAgent };
}
const perAddress = (max: number) => ({ max, timeWindow: '1 minute' });
const PUBLIC = { public: true } as const;

/** /api/v1/auth: sign-up, verification, sign-in (with the staff second factor), reset, sign-out. */
export const authRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/v1/auth/signup',
      {
        config: { access: PUBLIC, rateLimit: perAddress(5) },
        schema: {
          tags: ['auth'],
          summary: 'Open a customer profile and email a verification code (crud=newuser)',
          body: signupSchema,
          response: { 201: signupAcceptedSchema, ...problems },
        },
      },
      async (request, reply) => {
        const { email } = await signup(deps, request.body);
        return reply.status(201).send({
          email,
          message: 'Check your email for a verification code.',
        });
      },
    );

    app.post(
      '/api/v1/auth/verify-email',
      {
        config: { access: PUBLIC, rateLimit: perAddress(10) },
        schema: {
          tags: ['auth'],
          summary: 'Verify the email with its code and sign in (crud=verifyuser)',
          body: verifyEmailSchema,
          response: { 200: authOutcomeSchema, ...problems },
        },
      },
      async (request, reply) => {
        const { outcome, session } = await noSoonerThan(OPEN_FLOW_FLOOR_MS, () =>
          verifyEmail(deps, request.body, clientOf(request)),
        );
        if (session) reply.setSession(session.token, session.expiresAt);
        return outcome;
      },
    );

    app.post(
      '/api/v1/auth/resend-verification',
      {
        config: { access: PUBLIC, rateLimit: perAddress(5) },
        schema: {
          tags: ['auth'],
          summary:
            'Email a new verification code if the address waits for one (resendconfirmcode); the answer is the same for any address',
          body: emailOnlySchema,
          response: { 200: messageSchema, ...problems },
        },
      },
      async (request) => {
        await requestVerificationCode(deps, request.body.email, clientKey(request.ip));
        return { message: 'Code Sent' };
      },
    );

    app.post(
      '/api/v1/auth/signin',
      {
        config: { access: PUBLIC, rateLimit: perAddress(10) },
        schema: {
          tags: ['auth'],
          summary:
            'Sign in; the answer says where to go next (crud=userlogin). After repeated attempts the emailed sign-in code is needed too',
          body: signinSchema,
          response: { 200: authOutcomeSchema, ...problems },
        },
      },
      async (request, reply) => {
        const { outcome, session } = await signin(
          deps,
          request.body,
          clientOf(request),
          request.trustedBrowserToken(),
        );
        if (session) reply.setSession(session.token, session.expiresAt);
        return outcome;
      },
    );

    app.post(
      '/api/v1/auth/forgot',
      {
        config: { access: PUBLIC, rateLimit: perAddress(5) },
        schema: {
          tags: ['auth'],
          summary:
            'Email a password reset code, if the address has a customer account (crud=userforgot, action code)',
          body: emailOnlySchema,
          response: { 200: messageSchema, ...problems },
        },
      },
      async (request) => {
        await requestPasswordReset(deps, request.body.email, clientKey(request.ip));
        return { message: 'Check your Email for further instructions.' };
      },
    );

    app.post(
      '/api/v1/auth/reset',
      {
        config: { access: PUBLIC, rateLimit: perAddress(10) },
        schema: {
          tags: ['auth'],
          summary:
            'Set a new password with the emailed code; signs out everywhere (crud=userforgot, action reset)',
          body: resetPasswordSchema,
          response: { 200: messageSchema, ...problems },
        },
      },
      async (request) => {
        await noSoonerThan(OPEN_FLOW_FLOOR_MS, () =>
          resetPassword(deps, request.body, clientOf(request)),
        );
        return {
          message: 'Action Successful! Your password was reset. Sign in with your new password.',
        };
      },
    );

    app.post(
      '/api/v1/auth/mfa/setup',
      {
        // Answers with a secret are never compressed (plugins/compression.ts).
        compress: false,
        config: { access: { session: ['mfa_pending'] }, rateLimit: perAddress(10) },
        schema: {
          tags: ['auth'],
          summary:
            'Staff, first sign-in: a new authenticator key with its QR code (shown until it is confirmed)',
          response: { 200: mfaSetupSchema, ...problems },
        },
      },
      async (request) => mfa.startEnrolment(deps, sessionOf(request)),
    );

    app.post(
      '/api/v1/auth/mfa/enrol',
      {
        // Answers with a secret are never compressed (plugins/compression.ts).
        compress: false,
        config: { access: { session: ['mfa_pending'] }, rateLimit: perAddress(10) },
        schema: {
          tags: ['auth'],
          summary:
            'Staff: confirm the authenticator app with its code; answers the recovery codes (once) and opens the staff session',
          body: mfaCodeSchema,
          response: { 200: recoveryCodesSchema, ...problems },
        },
      },
      async (request, reply) => {
        const { recoveryCodes, session } = await mfa.finishEnrolment(
          deps,
          sessionOf(request),
          request.body.code,
          clientOf(request),
        );
        reply.setSession(session.token, session.expiresAt);
        return { recoveryCodes };
      },
    );

    app.post(
      '/api/v1/auth/mfa/verify',
      {
        config: { access: { session: ['mfa_pending'] }, rateLimit: perAddress(10) },
        schema: {
          tags: ['auth'],
          summary: "Staff: finish signing in with the authenticator app's code or a recovery code",
          body: mfaVerifySchema,
          response: { 200: mfaVerifiedSchema, ...problems },
        },
      },
      async (request, reply) => {
        const { session, recoveryCodesLeft } = await mfa.verifySecondFactor(
          deps,
          sessionOf(request),
          request.body,
          clientOf(request),
        );
        reply.setSession(session.token, session.expiresAt);
        return { next: 'staff' as const, recoveryCodesLeft };
      },
    );

    app.post(
      '/api/v1/auth/second-factor',
      {
        config: { access: { session: ['second_factor'] }, rateLimit: perAddress(10) },
        schema: {
          tags: ['auth'],
          summary:
            "Customer with two-step sign-in on: finish signing in with the authenticator app's code or a recovery code; this browser is remembered for 90 days",
          body: mfaVerifySchema,
          response: { 200: authOutcomeSchema, ...problems },
        },
      },
      async (request, reply) => {
        const passed = await signinFactor.verifyCustomerSecondFactor(
          deps,
          sessionOf(request),
          request.body,
          clientOf(request),
        );
        if (passed.session) reply.setSession(passed.session.token, passed.session.expiresAt);
        if (passed.browser) reply.trustBrowser(passed.browser.token, passed.browser.expiresAt);
        return passed.outcome;
      },
    );

    app.get(
      '/api/v1/settings/second-factor',
      {
        config: { access: CUSTOMER },
        schema: {
          tags: ['settings'],
          summary:
            'Two-step sign-in: which second factor is on (if any), recovery codes left, and how many browsers skip it now',
          response: { 200: secondFactorStatusSchema, ...problemResponses(401) },
        },
      },
      async (request) => signinFactor.secondFactorStatus(deps, sessionOf(request).userId),
    );

    app.post(
      '/api/v1/settings/second-factor/authenticator/setup',
      {
        // Answers with a secret are never compressed (plugins/compression.ts).
        compress: false,
        config: { access: CUSTOMER, rateLimit: perAddress(10) },
        schema: {
          tags: ['settings'],
          summary:
            'Two-step sign-in with an authenticator app: a new key and its QR code (nothing changes until a code confirms it)',
          response: { 200: mfaSetupSchema, ...problems },
        },
      },
      async (request) => signinFactor.startAuthenticator(deps, holderOf(request)),
    );

    app.post(
      '/api/v1/settings/second-factor/authenticator',
      {
        compress: false,
        config: { access: CUSTOMER, rateLimit: perAddress(10) },
        schema: {
          tags: ['settings'],
          summary:
            'Turn on two-step sign-in with the authenticator app, confirmed by its code; answers ten recovery codes (once)',
          body: mfaCodeSchema,
          response: { 200: recoveryCodesSchema, ...problems },
        },
      },
      async (request) => ({
        recoveryCodes: await signinFactor.enableAuthenticator(
          deps,
          holderOf(request),
          request.body.code,
        ),
      }),
    );

    app.post(
      '/api/v1/settings/second-factor/off',
      {
        config: { access: CUSTOMER, rateLimit: perAddress(5) },
        schema: {
          tags: ['settings'],
          summary: 'Turn two-step sign-in off, given the password',
          body: currentPasswordSchema,
          response: { 200: messageSchema, ...problems },
        },
      },
      async (request) => {
        await signinFactor.turnOff(deps, holderOf(request), request.body.currentPassword);
        return { message: 'Two-step sign-in is off.' };
      },
    );

    app.post(
      '/api/v1/settings/second-factor/forget-browsers',
      {
        // No password: forgetting browsers only takes access away (signin-factor.ts).
        config: { access: CUSTOMER, rateLimit: perAddress(10) },
        schema: {
          tags: ['settings'],
          summary:
            'Forget every remembered browser, this one too: each asks for the second step again at its next sign-in',
          response: { 200: forgottenBrowsersSchema, ...problems },
        },
      },
      async (request, reply) => {
        const forgotten = await signinFactor.forgetRememberedBrowsers(deps, holderOf(request));
        reply.forgetBrowser();
        return { forgotten };
      },
    );

    app.post(
      '/api/v1/settings/second-factor/recovery-codes',
      {
        compress: false,
        config: { access: CUSTOMER, rateLimit: perAddress(5) },
        schema: {
          tags: ['settings'],
          summary: 'New recovery codes, given the password; the old ones stop working',
          body: currentPasswordSchema,
          response: { 200: recoveryCodesSchema, ...problems },
        },
      },
      async (request) => ({
        recoveryCodes: await signinFactor.renewRecoveryCodes(
          deps,
          holderOf(request),
          request.body.currentPassword,
        ),
      }),
    );

    app.post(
      '/api/v1/auth/mfa/recovery-codes',
      {
        // Answers with a secret are never compressed (plugins/compression.ts).
        compress: false,
        config: { access: { session: ['staff'] }, rateLimit: perAddress(5) },
        schema: {
          tags: ['auth'],
          summary:
            "Staff: new recovery codes (the old ones stop working), confirmed with the app's code",
          body: mfaCodeSchema,
          response: { 200: recoveryCodesSchema, ...problems },
        },
      },
      async (request) => ({
        recoveryCodes: await mfa.renewRecoveryCodes(
          deps,
          sessionOf(request),
          request.body.code,
          clientOf(request),
        ),
      }),
    );

    app.post(
      '/api/v1/auth/signout',
      {
        config: {
          access: PUBLIC,
          // Counted per session, not per address: people sharing an address (an office, a
          // kiosk) must never use up each other's sign-outs and stay signed in.
          rateLimit: {
            ...perAddress(30),
            keyGenerator: (request: FastifyRequest) =>
              request.sessionToken
                ? `signout:${tokenHash(request.sessionToken)}`
                : clientKey(request.ip),
          },
        },
        schema: {
          tags: ['auth'],
          summary: 'Sign out: the session ends on the server',
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        if (request.sessionToken) await revokeSession(deps.db, request.sessionToken);
        const session = request.session;
        if (session) {
          // Signing out always works: the record of it never stands in the way.
          await auditSecurityEvent(
            deps.audit,
            deps.db,
            {
              action: 'security.signout',
              actor: request.actor,
              targetId: String(session.userId),
              customerId: session.userKind === 'customer' ? session.userId : null,
            },
            (lost) => request.log.error(lost, 'security event not recorded'),
          );
        }
        return reply.clearSession().status(204).send(null);
      },
    );

    app.get(
      '/api/v1/auth/me',
      {
        config: {
          access: { session: ['customer', 'onboarding', 'staff', 'mfa_pending', 'second_factor'] },
        },
        schema: {
          tags: ['auth'],
          summary: 'Who is signed in, and with which kind of session',
          response: { 200: meSchema, ...problemResponses(401) },
        },
      },
      async (request) => whoIs(deps, sessionOf(request)),
    );

    app.get(
      '/api/v1/auth/session',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['auth'],
          summary:
            "The signed-in person, or null: how the web app decides where '/' leads without a 401",
          response: { 200: sessionStateSchema },
        },
      },
      async (request) => ({
        me: request.session ? await whoIs(deps, request.session) : null,
      }),
    );
  };
