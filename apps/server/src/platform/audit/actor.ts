import type { Permission } from '@bank/contract';

/**
 * Who acts: resolved once per request by the access hook (`request.actor`) and passed on to the
 * services, the audit log and the decisions. `userId` is null for someone not signed in and for
 * the system itself (jobs, the command line).
 */
export interface Actor {
  userId: bigint | null;
  /** The client address (behind a trusted proxy, the forwarded one); null for the system. */
  ip: string | null;
  userAgent: string | null;
}

/** A signed-in staff member on a staff route: their permissions came with the access check. */
export interface StaffActor extends Actor {
  userId: bigint;
  ip: string;
  userAgent: string;
  permissions: ReadonlySet<Permission>;
}

/** The bank itself: background jobs, start-up, operators at the command line. */
export const SYSTEM_ACTOR: Actor = Object.freeze({ userId: null, ip: null, userAgent: null });

export function isStaffActor(actor: Actor): actor is StaffActor {
  return 'permissions' in actor && actor.userId !== null;
}

/** The actor of a request from its address and browser, for `userId` (or nobody). */
export function actorOf(
  request: { ip: string; headers: Record<string, unknown> },
  userId: bigint | null,
): Actor {
  return { userId, ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}
