import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/connection.js';
import type { SessionScope } from '../db/tables/identity.js';
import { AppError } from '../platform/errors.js';
import { permissionsOf, type Permission } from '../platform/permissions.js';
import { resolveSession, type ActiveSession } from '../platform/security/sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, resolved from the cookie (null when there is none). */
    session: ActiveSession | null;
    /** The raw session cookie, if any (for sign-out). */
    sessionToken: string | null;
  }
}

/** The header every state-changing API call must carry (a cross-site form cannot set it). */
export const CSRF_HEADER = 'x-bank-csrf';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sessionCookieName(production: boolean): string {
  // __Host- pins the cookie to this exact origin over HTTPS, with no Domain and Path=/.
  return production ? '__Host-bank_session' : 'bank_session';
}

/**
 * Sessions ride an HttpOnly, SameSite=Strict cookie (Secure in production). Every
 * state-changing API request must also carry the custom CSRF header and, when the browser sends
 * an Origin, come from our own origin.
 */
export async function registerSessions(
  app: FastifyInstance,
  options: { database: Database; production: boolean },
) {
  const name = sessionCookieName(options.production);
  await app.register(cookie);
  app.decorateRequest('session', null);
  app.decorateRequest('sessionToken', null);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    if (!SAFE_METHODS.has(request.method)) {
      if (request.headers[CSRF_HEADER] !== '1') {
        throw new AppError('FORBIDDEN', 'This request is missing its security header.');
      }
      const origin = request.headers.origin;
      if (origin !== undefined && origin !== `${request.protocol}://${request.host}`) {
        throw new AppError('FORBIDDEN', 'Requests must come from this site.');
      }
    }
    const token = request.cookies[name];
    request.sessionToken = token ?? null;
    request.session = token ? await resolveSession(options.database.db, token) : null;
  });

  app.decorateReply('setSession', function (this: FastifyReply, token: string, expiresAt: Date) {
    return this.setCookie(name, token, {
      httpOnly: true,
      secure: options.production,
      sameSite: 'strict',
      path: '/',
      expires: expiresAt,
    });
  });
  app.decorateReply('clearSession', function (this: FastifyReply) {
    return this.clearCookie(name, {
      path: '/',
      httpOnly: true,
      secure: options.production,
      sameSite: 'strict',
    });
  });
}

declare module 'fastify' {
  interface FastifyReply {
    setSession(token: string, expiresAt: Date): FastifyReply;
    clearSession(): FastifyReply;
  }
}

/**
 * The session a route needs. A not-yet-approved customer's onboarding session opens only the
 * routes that list 'onboarding'; everything else answers 401 for it.
 */
export function requireSession(request: FastifyRequest, scopes: SessionScope[]): ActiveSession {
  const session = request.session;
  if (!session || !scopes.includes(session.scope)) {
    throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  }
  return session;
}

/**
 * A staff session holding the named permission. Not signed in as staff: 401; staff without
 * the permission: 403. Every staff route calls this with its permission.
 */
export async function requirePermission(
  request: FastifyRequest,
  database: Database,
  permission: Permission,
): Promise<ActiveSession> {
  const session = requireSession(request, ['staff']);
  const held = await permissionsOf(database.db, session.userId);
  if (!held.has(permission)) {
    throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
  }
  return session;
}
