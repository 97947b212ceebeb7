import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * The SQL of the stored answers (table idempotent_requests, migration 0025). A key is claimed
 * by inserting its row; the claim's random token guards every later write, so an attempt whose
 * claim was taken over (it outlived its lease) can neither save nor release the new one.
 */

/**
 * How long a claim holds before a retry may take it over. The attempt renews it every
 * CLAIM_RENEW_MS while it runs (up to the 60 s request timeout), so a claim outlives its attempt
 * by at most this long when the server dies: a retry through another server waits seconds, not
 * minutes (the scale test's SIGKILL mid-request).
 */
export const CLAIM_LEASE_MS = 20_000;
/** How often a running attempt pushes its lease forward. */
export const CLAIM_RENEW_MS = 5_000;
/** How long a saved answer is replayed. */
export const ANSWER_KEPT_MS = 24 * 60 * 60_000;

export interface StoredAnswer {
  status: number;
  type: string | null;
  body: string;
}

export type ClaimOutcome =
  | { kind: 'run'; token: string }
  | { kind: 'replay'; answer: StoredAnswer }
  /** When to try again (Retry-After, seconds): `retryAfter`. */
  | { kind: 'running'; retryAfterSeconds: number }
  | { kind: 'reused' };

/**
 * When a retry of a request still running should come back: in a second while its attempt
 * renews its lease (it is alive and will answer soon), else when its lease lapses. A lease
 * that missed its renewal by more than two seconds belongs to an attempt that most likely died
 * with its server: a retry every second until then would only use up the route's rate limit
 * (the fault test's customer waited 71 s at the PIN step: 20 retries in the lease, then a 429).
 */
export function retryAfter(lockedUntil: Date, now: Date): number {
  const left = lockedUntil.getTime() - now.getTime();
  if (left > CLAIM_LEASE_MS - CLAIM_RENEW_MS - 2_000) return 1;
  return Math.max(1, Math.ceil(left / 1000));
}

export interface ClaimRequest {
  userId: bigint;
  key: string;
  fingerprint: string;
  serverId: string;
  now: Date;
}

/**
 * Claims `key` for this request, or says why not: the answer saved for the same request, a
 * claim still held by another attempt, or the key used for another request.
 */
export async function claimKey(db: Kysely<DB>, request: ClaimRequest): Promise<ClaimOutcome> {
  const { userId, key, fingerprint, serverId, now } = request;
  const token = randomUUID();
  const fresh = {
    fingerprint,
    claim: token,
    state: 'running' as const,
    locked_until: new Date(now.getTime() + CLAIM_LEASE_MS),
    response_status: null,
    response_type: null,
    response_body: null,
    server_id: serverId,
    created_at: now,
    expires_at: new Date(now.getTime() + ANSWER_KEPT_MS),
  };
  // Twice at most: a row that vanished between the insert and the read (its attempt failed and
  // released it) leaves the key free again.
  for (let round = 0; round < 2; round++) {
    const inserted = await db
      .insertInto('idempotent_requests')
      .values({ user_id: userId, key, ...fresh })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('claim')
      .executeTakeFirst();
    if (inserted) return { kind: 'run', token };
    const row = await db
      .selectFrom('idempotent_requests')
      .select([
        'fingerprint',
        'claim',
        'state',
        'locked_until',
        'expires_at',
        'response_status',
        'response_type',
        'response_body',
      ])
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) continue;
    const expired = new Date(row.expires_at) <= now;
    const stale = row.state === 'running' && new Date(row.locked_until) <= now;
    if (!expired && !stale) {
      if (row.fingerprint !== fingerprint) return { kind: 'reused' };
      if (row.state === 'running') {
        return { kind: 'running', retryAfterSeconds: retryAfter(new Date(row.locked_until), now) };
      }
      return {
        kind: 'replay',
        answer: {
          status: row.response_status ?? 200,
          type: row.response_type,
          body: row.response_body ?? '',
        },
      };
    }
    // An answer past its time, or a claim whose attempt died: taken over, by one retry only.
    const taken = await db
      .updateTable('idempotent_requests')
      .set(fresh)
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .where('claim', '=', row.claim)
      .returning('claim')
      .executeTakeFirst();
    return taken ? { kind: 'run', token } : { kind: 'running', retryAfterSeconds: 1 };
  }
  return { kind: 'running', retryAfterSeconds: 1 };
}

/** Saves the answer of the attempt holding `token`, to be replayed until it expires. */
export async function saveAnswer(
  db: Kysely<DB>,
  claim: { userId: bigint; key: string; token: string },
  answer: StoredAnswer,
  now: Date,
): Promise<void> {
  await db
    .updateTable('idempotent_requests')
    .set({
      state: 'done',
      response_status: answer.status,
      response_type: answer.type,
      response_body: answer.body,
      expires_at: new Date(now.getTime() + ANSWER_KEPT_MS),
    })
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .where('claim', '=', claim.token)
    .execute();
}

/** Pushes a running claim's lease forward: its attempt is still alive. */
export async function renewClaim(
  db: Kysely<DB>,
  claim: { userId: bigint; key: string; token: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable('idempotent_requests')
    .set({ locked_until: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .where('claim', '=', claim.token)
    .where('state', '=', 'running')
    .execute();
}

/** Gives the key back: the attempt did nothing (a refusal or a failure), so a retry may do it. */
export async function releaseKey(
  db: Kysely<DB>,
  claim: { userId: bigint; key: string; token: string },
): Promise<void> {
  await db
    .deleteFrom('idempotent_requests')
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .where('claim', '=', claim.token)
    .execute();
}

/** Removes answers past their time (the daily housekeeping). */
export async function purgeExpiredAnswers(db: Kysely<DB>, now: Date): Promise<void> {
  await db.deleteFrom('idempotent_requests').where('expires_at', '<', now).execute();
}
