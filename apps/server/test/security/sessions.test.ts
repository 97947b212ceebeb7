import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/connection.js';
import {
  createSession,
  ONBOARDING_ABSOLUTE_MS,
  resolveSession,
  revokeSession,
  revokeUserSessions,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  TOUCH_EVERY_MS,
} from '../../src/platform/security/sessions.js';
import { insertUser } from '../helpers/users.js';
import { createTestDatabase } from '../helpers/database.js';

let database: Database;
let userId: bigint;
const newUser = () => insertUser(database, 'Ada');

beforeAll(async () => {
  database = await createTestDatabase();
  userId = await newUser();
});
afterAll(async () => {
  await database.close();
});

describe('sessions', () => {
  it('stores only a hash of the 256-bit token and resolves the token to its user', async () => {
    const { token } = await createSession(database.db, { userId, scope: 'customer' });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await database.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(token);
    expect(await resolveSession(database.db, token)).toMatchObject({
      userId,
      scope: 'customer',
      userKind: 'customer',
    });
    // One character changed (never to itself: a token ending in A gets a B).
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(await resolveSession(database.db, altered)).toBeNull();
    expect(await resolveSession(database.db, 'short')).toBeNull();
  });

  it('ends after 15 idle minutes, and stays alive while used', async () => {
    const start = new Date('2026-01-01T10:00:00Z');
    const { token } = await createSession(database.db, { userId, scope: 'customer', now: start });
    const at = (ms: number) => new Date(start.getTime() + ms);
    expect(await resolveSession(database.db, token, at(SESSION_IDLE_MS - 1_000))).not.toBeNull();
    // That use counted: another 14 minutes on is still fine.
    expect(
      await resolveSession(database.db, token, at(2 * SESSION_IDLE_MS - 2_000)),
    ).not.toBeNull();
    // Then 15 minutes of silence ends it.
    expect(await resolveSession(database.db, token, at(3 * SESSION_IDLE_MS))).toBeNull();
  });

  it('records use at most once a minute: a touch is a write, not one per request', async () => {
    const start = new Date('2026-01-03T09:00:00Z');
    const { token } = await createSession(database.db, { userId, scope: 'customer', now: start });
    const at = (ms: number) => new Date(start.getTime() + ms);
    const lastSeen = async () =>
      (
        await database.db
          .selectFrom('sessions')
          .select('last_seen_at')
          .where('expires_at', '=', new Date(start.getTime() + SESSION_ABSOLUTE_MS))
          .executeTakeFirstOrThrow()
      ).last_seen_at.getTime();
    expect(await resolveSession(database.db, token, at(30_000))).not.toBeNull();
    expect(await lastSeen()).toBe(start.getTime());
    expect(await resolveSession(database.db, token, at(TOUCH_EVERY_MS + 5_000))).not.toBeNull();
    expect(await lastSeen()).toBe(at(TOUCH_EVERY_MS + 5_000).getTime());
    expect(await resolveSession(database.db, token, at(TOUCH_EVERY_MS + 50_000))).not.toBeNull();
    expect(await lastSeen()).toBe(at(TOUCH_EVERY_MS + 5_000).getTime());
  });

  it('ends at the absolute limit however active: 12 hours, 1 hour for onboarding', async () => {
    const start = new Date('2026-01-02T08:00:00Z');
    const full = await createSession(database.db, { userId, scope: 'customer', now: start });
    const onboarding = await createSession(database.db, {
      userId,
      scope: 'onboarding',
      now: start,
    });
    expect(full.expiresAt.getTime() - start.getTime()).toBe(SESSION_ABSOLUTE_MS);
    expect(onboarding.expiresAt.getTime() - start.getTime()).toBe(ONBOARDING_ABSOLUTE_MS);
    // Keep both busy every 10 minutes past the onboarding limit.
    for (let t = 10 * 60_000; t <= ONBOARDING_ABSOLUTE_MS + 10 * 60_000; t += 10 * 60_000) {
      const now = new Date(start.getTime() + t);
      const onboardingAlive = await resolveSession(database.db, onboarding.token, now);
      expect(onboardingAlive !== null, `onboarding at ${t / 60_000} min`).toBe(
        t < ONBOARDING_ABSOLUTE_MS,
      );
      expect(await resolveSession(database.db, full.token, now)).not.toBeNull();
    }
  });

  it('sign-out revokes on the server; a reset revokes every session of the person', async () => {
    const other = await newUser();
    const a = await createSession(database.db, { userId: other, scope: 'customer' });
    const b = await createSession(database.db, { userId: other, scope: 'customer' });
    const c = await createSession(database.db, { userId: other, scope: 'customer' });
    await revokeSession(database.db, a.token);
    expect(await resolveSession(database.db, a.token)).toBeNull();
    expect(await resolveSession(database.db, b.token)).not.toBeNull();
    const kept = await resolveSession(database.db, c.token);
    expect(await revokeUserSessions(database.db, other, kept?.sessionId)).toBe(1);
    expect(await resolveSession(database.db, b.token)).toBeNull();
    expect(await resolveSession(database.db, c.token)).not.toBeNull();
    expect(await revokeUserSessions(database.db, other)).toBe(1);
    expect(await resolveSession(database.db, c.token)).toBeNull();
  });
});
