import { hash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/connection.js';
import { run, statement } from '../../db/prepared.js';
import type { DB } from '../../db/schema.js';
import type { SessionScope, UserKind } from '../../db/tables/identity.js';
import { printable } from '../text.js';

/** ARCHITECTURE.md: idle timeout 15 minutes, absolute 12 hours. */
export const SESSION_IDLE_MS = 15 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;
/** A not-yet-approved customer's onboarding session lives at most an hour. */
export const ONBOARDING_ABSOLUTE_MS = 60 * 60_000;
/** Staff between their password and their second factor have ten minutes to finish. */
export const MFA_PENDING_ABSOLUTE_MS = 10 * 60_000;

const LIFETIME: Record<SessionScope, number> = {
  customer: SESSION_ABSOLUTE_MS,
  staff: SESSION_ABSOLUTE_MS,
  onboarding: ONBOARDING_ABSOLUTE_MS,
  mfa_pending: MFA_PENDING_ABSOLUTE_MS,
  second_factor: MFA_PENDING_ABSOLUTE_MS,
};
/** last_seen_at is written at most once a minute per session, not on every request. */
export const TOUCH_EVERY_MS = 60_000;

export interface ActiveSession {
  sessionId: bigint;
  userId: bigint;
  scope: SessionScope;
  userKind: UserKind;
  expiresAt: Date;
}

/**
 * 256 random bits; only its SHA-256 is stored, so a copy of the sessions table lets no one in.
 * (A fast hash is right here: the token is random and long, unlike a password.)
 */
export function tokenHash(token: string): string {
  return hash('sha256', token, 'base64url');
}

export async function createSession(
  db: Kysely<DB>,
  input: { userId: bigint; scope: SessionScope; ip?: string; userAgent?: string; now?: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const now = input.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + LIFETIME[input.scope]);
  await db
    .insertInto('sessions')
    .values({
      token_hash: tokenHash(token),
      user_id: input.userId,
      scope: input.scope,
      expires_at: expiresAt,
      last_seen_at: now,
      ip: input.ip?.slice(0, 64) ?? null,
      user_agent: input.userAgent === undefined ? null : printable(input.userAgent),
    })
    .execute();
  return { token, expiresAt };
}

/**
 * Run by every signed-in request, so written once and prepared (db/prepared.ts). A deactivated
 * staff member's sessions are ended when they are deactivated; the join refuses any that a
 * sign-in racing the deactivation could still have opened.
 */
const liveSession = statement<{
  sessionId: bigint;
  userId: bigint;
  scope: SessionScope;
  expiresAt: Date;
  lastSeenAt: Date;
  userKind: UserKind;
}>(
  'live_session',
  `select s.id as "sessionId", s.user_id as "userId", s.scope, s.expires_at as "expiresAt",
          s.last_seen_at as "lastSeenAt", u.kind as "userKind"
     from sessions s join users u on u.id = s.user_id
    where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2 and s.last_seen_at > $3
      and u.deactivated_at is null`,
);

/** What a session token matches when its session is live: the session and when it was last used. */
export interface LiveSession {
  session: ActiveSession;
  lastSeenAt: Date;
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The live session for a token: not revoked, not past its absolute end, not idle too long.
 * Counts as use: last_seen_at moves to `now` when it is more than a minute old.
 */
export async function lookupSession(
  db: Kysely<DB>,
  token: string,
  now = new Date(),
): Promise<LiveSession | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await run(db, liveSession, [
    tokenHash(token),
    now,
    new Date(now.getTime() - SESSION_IDLE_MS),
  ]);
  if (!row) return null;
  let lastSeenAt = row.lastSeenAt;
  if (now.getTime() - lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now })
      .where('id', '=', row.sessionId)
      .execute();
    lastSeenAt = now;
  }
  return {
    session: {
      sessionId: row.sessionId,
      userId: row.userId,
      scope: row.scope,
      userKind: row.userKind,
      expiresAt: row.expiresAt,
    },
    lastSeenAt,
  };
}

/** The live session for a token, straight from the database (see lookupSession). */
export async function resolveSession(
  db: Kysely<DB>,
  token: string,
  now = new Date(),
): Promise<ActiveSession | null> {
  return (await lookupSession(db, token, now))?.session ?? null;
}

/*
 * Sessions this process ends are announced here as they end (before their transaction commits,
 * when there is one), so that this process's session caches drop them at once; other processes
 * hear of it from the database (the `session_ended` notification of migration 0010's triggers).
 * Code that ends sessions in SQL of its own must announce them too.
 */
const endedListeners = new Set<(sessionIds: readonly bigint[]) => void>();

/** Calls `listener` with the ids of the sessions this process ends; answers how to stop. */
export function onSessionsEnded(listener: (sessionIds: readonly bigint[]) => void): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

/** Where migration 0010's triggers notify, with the session's id, whatever ends a session. */
export const SESSION_ENDED_CHANNEL = 'session_ended';

/**
 * Listens on the database for sessions ended by any process: `onEnded` gets their ids, or 'all'
 * when the sessions table was truncated. `onStatus` as in Database.listen (notifications flow,
 * or were lost). Sessions ended by this process are announced in-process too (onSessionsEnded).
 */
export function listenForEndedSessions(
  database: Database,
  onEnded: (ended: readonly bigint[] | 'all') => void,
  onStatus?: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  return database.listen(
    SESSION_ENDED_CHANNEL,
    (payload) => {
      if (payload === 'all') onEnded('all');
      else if (/^[1-9]\d{0,18}$/.test(payload)) onEnded([BigInt(payload)]);
    },
    onStatus,
  );
}

/** Tells this process's session caches that these sessions have ended. */
export function announceSessionsEnded(sessionIds: readonly bigint[]): void {
  if (sessionIds.length === 0) return;
  for (const listener of endedListeners) listener(sessionIds);
}

function ended(rows: { id: bigint }[]): number {
  announceSessionsEnded(rows.map((row) => row.id));
  return rows.length;
}

export async function revokeSessionById(db: Kysely<DB>, sessionId: bigint): Promise<boolean> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return ended(rows) > 0;
}

/** Ends every live session of one kind a person holds (their pending staff sign-ins, say). */
export async function revokeSessionsOfScope(
  db: Kysely<DB>,
  userId: bigint,
  scope: SessionScope,
): Promise<number> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('scope', '=', scope)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return ended(rows);
}

export async function revokeSession(db: Kysely<DB>, token: string): Promise<void> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('token_hash', '=', tokenHash(token))
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  ended(rows);
}

/** Signs a person out everywhere (password reset), optionally keeping the current session. */
export async function revokeUserSessions(
  db: Kysely<DB>,
  userId: bigint,
  keepSessionId?: bigint,
): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId !== undefined) query = query.where('id', '<>', keepSessionId);
  return ended(await query.returning('id').execute());
}

/**
 * Whether a session is still live, without counting this as use (a long-lived stream must not
 * keep an idle session open): not revoked, not past its end, not idle too long.
 */
export async function sessionStillLive(
  db: Kysely<DB>,
  sessionId: bigint,
  now = new Date(),
): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', new Date(now.getTime() - SESSION_IDLE_MS))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A person's latest sessions of the given kinds, newest first, as the back office lists them:
 * where from, on what, when, and whether they are still live. Never the token (only its hash is
 * stored, and it is not read here).
 */
export function recentSessions(
  db: Kysely<DB>,
  userId: bigint,
  scopes: readonly SessionScope[],
  limit: number,
) {
  return db
    .selectFrom('sessions')
    .select([
      'id',
      'scope',
      'ip',
      'user_agent as userAgent',
      'created_at as createdAt',
      'last_seen_at as lastSeenAt',
      'expires_at as expiresAt',
      'revoked_at as revokedAt',
    ])
    .where('user_id', '=', userId)
    .where('scope', 'in', [...scopes])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
