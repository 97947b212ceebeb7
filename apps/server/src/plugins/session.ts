import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/connection.js';
import { AppError } from '../platform/errors.js';
import { SessionCache } from '../platform/security/session-cache.js';
import { resolveSession, type ActiveSession } from '../platform/security/sessions.js';
import { isApiRequest } from './request-path.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, resolved from the cookie (null when there is none). */
    session: ActiveSession | null;
    /** The raw session cookie, if any (for sign-out). */
    sessionToken: string | null;
  }
}

/** The header every state-changing request must carry (a cross-site form cannot set it). */
export const CSRF_HEADER = 'x-bank-csrf';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sessionCookieName(production: boolean): string {
  // __Host- pins the cookie to this exact origin over HTTPS, with no Domain and Path=/.
  return production ? '__Host-bank_session' : 'bank_session';
}

/**
 * The cookie of a browser in which a customer passed their second factor (decision 33): a
 * random token, of which the bank keeps the SHA-256. Read at the password sign-in only.
 */
export function trustedBrowserCookieName(production: boolean): string {
  return production ? '__Host-bank_browser' : 'bank_browser';
}

export interface SessionOptions {
  database: Database;
  production: boolean;
  /**
   * The site's origin as browsers see it (PUBLIC_URL), the only Origin a state-changing request
   * may come from. Unset (development): the loopback origins of the port the request came in on.
   */
  publicOrigin: string | undefined;
}

/** Whether a browser's Origin header names this site. */
function originAllowed(origin: string, request: FastifyRequest, publicOrigin?: string): boolean {
  if (publicOrigin) return origin === publicOrigin;
  const port = request.socket.localPort;
  return (
    port !== undefined &&
    [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`].includes(
      origin,
    )
  );
}

/**
 * Sessions ride an HttpOnly, SameSite=Strict cookie (Secure in production). Every
 * state-changing request, whatever its path, must carry the custom CSRF header and, when the
 * browser sends an Origin, come from the configured origin (never judged from the request's own
 * Host header, which the sender controls).
 */
export async function registerSessions(app: FastifyInstance, options: SessionOptions) {
  const name = sessionCookieName(options.production);
  await app.register(cookie);
  app.decorateRequest('session', null);
  app.decorateRequest('sessionToken', null);
  const cache = new SessionCache(options.database);
  // Not awaited: the app serves (from the database) while the listening connection opens.
  app.addHook('onReady', async () => void cache.start());
  app.addHook('onClose', () => cache.close());

  app.addHook('onRequest', async (request) => {
    if (!SAFE_METHODS.has(request.method)) {
      if (request.headers[CSRF_HEADER] !== '1') {
        throw new AppError('FORBIDDEN', 'This request is missing its security header.');
      }
      const origin = request.headers.origin;
      if (origin !== undefined && !originAllowed(origin, request, options.publicOrigin)) {
        throw new AppError('FORBIDDEN', 'Requests must come from this site.');
      }
    }
    if (!isApiRequest(request)) return;
    const token = request.cookies[name];
    request.sessionToken = token ?? null;
    if (!token) {
      request.session = null;
    } else if (SAFE_METHODS.has(request.method)) {
      // A read may use a session checked within the last half second (session-cache.ts).
      request.session = await cache.resolve(token);
    } else {
      request.session = await resolveSession(options.database.db, token);
    }
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
  const trustedName = trustedBrowserCookieName(options.production);
  app.decorateRequest('trustedBrowserToken', function (this: FastifyRequest) {
    const token = this.cookies[trustedName];
    return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
  });
  app.decorateReply('trustBrowser', function (this: FastifyReply, token: string, expiresAt: Date) {
    return this.setCookie(trustedName, token, {
      httpOnly: true,
      secure: options.production,
      sameSite: 'strict',
      path: '/',
      expires: expiresAt,
    });
  });
  app.decorateReply('forgetBrowser', function (this: FastifyReply) {
    return this.clearCookie(trustedName, {
      path: '/',
      httpOnly: true,
      secure: options.production,
      sameSite: 'strict',
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
    /** Remembers this browser as one the customer passed their second factor in. */
    trustBrowser(token: string, expiresAt: Date): FastifyReply;
    /** Removes this browser's trusted-browser cookie (its row is gone already). */
    forgetBrowser(): FastifyReply;
  }
  interface FastifyRequest {
    /** The trusted-browser cookie's token, if the browser sent a well-formed one. */
    trustedBrowserToken(): string | undefined;
  }
}
