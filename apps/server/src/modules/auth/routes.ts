import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authOutcomeSchema,
  emailOnlySchema,
  meSchema,
  messageSchema,
  problemSchema,
  resetPasswordSchema,
  signinSchema,
  signupSchema,
  verifyEmailSchema,
} from '@bank/contract';
import { revokeSession } from '../../platform/security/sessions.js';
import { problemResponses } from '../../platform/route-schemas.js';
import { requireSession } from '../../plugins/session.js';
import * as auth from './service.js';
import type { AuthContext } from './service.js';

const problems = problemResponses(400, 401, 403, 422, 429);
const perAddress = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/** /api/v1/auth: sign-up, email verification, sign-in and sign-out (spec sections 2, 4, 8). */
export const authRoutes =
  (ctx: AuthContext): FastifyPluginAsyncZod =>
  async (app) => {
    const client = (request: { ip: string; headers: Record<string, unknown> }) => ({
      ip: request.ip,
      userAgent: String(request.headers['user-agent'] ?? 'unknown').slice(0, 300),
    });

    app.post(
      '/api/v1/auth/signup',
      {
        config: perAddress(5),
        schema: {
          tags: ['auth'],
          summary: 'Open a customer profile and email a verification code (crud=newuser)',
          body: signupSchema,
          response: { 201: z.object({ email: z.string(), message: z.string() }), ...problems },
        },
      },
      async (request, reply) => {
        const { email } = await auth.signup(ctx, request.body);
        return reply.status(201).send({
          email,
          message: 'Check your email for a verification code.',
        });
      },
    );

    app.post(
      '/api/v1/auth/verify-email',
      {
        config: perAddress(10),
        schema: {
          tags: ['auth'],
          summary: 'Verify the email with its code and sign in (crud=verifyuser)',
          body: verifyEmailSchema,
          response: { 200: authOutcomeSchema, ...problems },
        },
      },
      async (request, reply) => {
        const { outcome, session } = await auth.verifyEmail(ctx, request.body, client(request));
        if (session) reply.setSession(session.token, session.expiresAt);
        return outcome;
      },
    );

    app.post(
      '/api/v1/auth/resend-verification',
      {
        config: perAddress(5),
        schema: {
          tags: ['auth'],
          summary: 'Email a new verification code (resendconfirmcode)',
          body: emailOnlySchema,
          response: { 200: messageSchema, ...problems },
        },
      },
      async (request) => {
        await auth.resendVerification(ctx, request.body.email);
        return { message: 'Code Sent' };
      },
    );

    app.post(
      '/api/v1/auth/signin',
      {
        config: perAddress(10),
        schema: {
          tags: ['auth'],
          summary: 'Sign in; the answer says where to go next (crud=userlogin)',
          body: signinSchema,
          response: { 200: authOutcomeSchema, ...problems },
        },
      },
      async (request, reply) => {
        const { outcome, session } = await auth.signin(ctx, request.body, client(request));
        if (session) reply.setSession(session.token, session.expiresAt);
        return outcome;
      },
    );

    app.post(
      '/api/v1/auth/forgot',
      {
        config: perAddress(5),
        schema: {
          tags: ['auth'],
          summary:
            'Email a password reset code, if the address has an account (crud=userforgot, action code)',
          body: emailOnlySchema,
          response: { 200: messageSchema, ...problems },
        },
      },
      async (request) => {
        await auth.requestPasswordReset(ctx, request.body.email);
        return { message: 'Check your Email for further instructions.' };
      },
    );

    app.post(
      '/api/v1/auth/reset',
      {
        config: perAddress(10),
        schema: {
          tags: ['auth'],
          summary:
            'Set a new password with the emailed code; signs out everywhere (crud=userforgot, action reset)',
          body: resetPasswordSchema,
          response: { 200: messageSchema, ...problems },
        },
      },
      async (request) => {
        await auth.resetPassword(ctx, request.body);
        return {
          message: 'Action Successful! Your password was reset. Sign in with your new password.',
        };
      },
    );

    app.post(
      '/api/v1/auth/signout',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign out: the session ends on the server',
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        if (request.sessionToken) await revokeSession(ctx.db, request.sessionToken);
        return reply.clearSession().status(204).send(null);
      },
    );

    app.get(
      '/api/v1/auth/me',
      {
        schema: {
          tags: ['auth'],
          summary: 'Who is signed in, and with which kind of session',
          response: { 200: meSchema, 401: problemSchema },
        },
      },
      async (request) => {
        const session = requireSession(request, ['customer', 'onboarding', 'staff']);
        return auth.whoIs(ctx, session);
      },
    );

    app.get(
      '/api/v1/auth/session',
      {
        schema: {
          tags: ['auth'],
          summary:
            "The signed-in person, or null: how the web app decides where '/' leads without a 401",
          response: { 200: z.object({ me: meSchema.nullable() }) },
        },
      },
      async (request) => ({
        me: request.session ? await auth.whoIs(ctx, request.session) : null,
      }),
    );
  };
