import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Permission } from '@bank/contract';
import type { Database } from '../db/connection.js';
import type { SessionScope } from '../db/tables/identity.js';
import {
  actorOf,
  audit,
  auditSecurityEvent,
  isStaffActor,
  type Actor,
  type StaffActor,
} from '../platform/audit/index.js';
import { AppError } from '../platform/errors.js';
import { permissionsOf } from '../platform/permissions.js';
import type { ActiveSession } from '../platform/security/sessions.js';

/**
 * Who may call a route, declared in its options (`config: { access }`), enforced by one hook:
 * - `{ public: true }`: anyone, signed in or not;
 * - `{ session: [...] }`: a session of one of these kinds (an onboarding session opens only the
 *   routes that list it);
 * - `{ permission }`: a staff session whose roles grant this permission (or, given a list, any
 *   of them: the service then checks the one its subject needs, as the approvals inbox does).
 * Every API route must declare one: registering a route without it fails at start. The access
 * matrix test reads these declarations.
 */
export type Access =
  | { public: true }
  | { session: readonly SessionScope[] }
  | { permission: Permission | readonly Permission[] };

/** Whether permissions `held` satisfy a route's `{ permission }` declaration. */
export function grants(
  declared: Permission | readonly Permission[],
  held: ReadonlySet<string> | readonly string[],
): boolean {
  const has = (p: Permission) =>
    Array.isArray(held) ? held.includes(p) : (held as ReadonlySet<string>).has(p);
  return typeof declared === 'string' ? has(declared) : declared.some(has);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /**
     * Who is acting, resolved once by the access hook: the session's person (or nobody), their
     * address and browser; on a staff route, a `StaffActor` with the permissions just checked.
     */
    actor: Actor;
  }
  interface FastifyInstance {
    /** Every API route's declared access, by "METHOD /path" (for the access matrix). */
    routeAccess: Map<string, Access>;
  }
}

/** API routes that must declare their access: everything under /api except the docs. */
export function isGuardedApiPath(url: string): boolean {
  return url.startsWith('/api/v1/') || url === '/api/health';
}

/** The session a route's access declaration already required (for handlers). */
export function sessionOf(request: FastifyRequest): ActiveSession {
  if (!request.session) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  return request.session;
}

/**
 * The customer acting on a customer route, with the address and browser the access hook
 * resolved: what the PIN check records of a wrong PIN.
 */
export function customerOf(request: FastifyRequest): {
  userId: bigint;
  ip: string;
  userAgent: string;
} {
  const { userId } = sessionOf(request);
  return { userId, ip: request.actor.ip ?? request.ip, userAgent: request.actor.userAgent ?? '' };
}

/** The staff member acting on a staff route (the access hook resolved them). */
export function staffOf(request: FastifyRequest): StaffActor {
  if (!isStaffActor(request.actor)) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  return request.actor;
}

/** Checks a request against its route's declaration; runs after the session is resolved. */
async function enforce(request: FastifyRequest, database: Database) {
  const session = request.session;
  request.actor = actorOf(request, session?.userId ?? null);
  const access = request.routeOptions.config.access;
  if (!access || 'public' in access) return;
  if ('session' in access) {
    if (!session || !access.session.includes(session.scope)) {
      throw new AppError('UNAUTHENTICATED', 'Please sign in.');
    }
    return;
  }
  if (!session || session.scope !== 'staff') {
    throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  }
  const held = await permissionsOf(database.db, session.userId);
  if (!grants(access.permission, held)) {
    // A refusal of a signed-in staff member is a security event: it goes to the audit log (and
    // stays a 403 if the log cannot be written).
    await auditSecurityEvent(
      audit,
      database.db,
      {
        action: 'security.permission_denied',
        actor: request.actor,
        targetId: `${request.method} ${request.routeOptions.url ?? ''}`,
        after: {
          permission:
            typeof access.permission === 'string' ? access.permission : access.permission.join('|'),
        },
      },
      (lost) => request.log.error(lost, 'security event not recorded'),
    );
    throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
  }
  request.actor = { ...actorOf(request, session.userId), permissions: held } as StaffActor;
}

/**
 * Installs the declaration check at registration and its enforcement on every request. Call
 * before any route is registered, after the session hook.
 */
export function registerAccess(app: FastifyInstance, database: Database) {
  app.decorate('routeAccess', new Map<string, Access>());
  app.decorateRequest('actor', null as unknown as Actor);
  app.addHook('onRoute', (route) => {
    if (!isGuardedApiPath(route.url)) return;
    const access = route.config?.access;
    if (!access) {
      throw new Error(`${String(route.method)} ${route.url} declares no access (config.access)`);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.routeAccess.set(`${method} ${route.url}`, access);
    }
  });
  app.addHook('onRequest', async (request) => enforce(request, database));
}
