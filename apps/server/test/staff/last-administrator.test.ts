import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { changeRoles, deactivate, reactivate } from '../../src/modules/staff/members.js';
import type { StaffActor } from '../../src/platform/audit/index.js';
import type { Permission } from '../../src/platform/permissions.js';
import { engineName } from '../helpers/database.js';
import { useTestApp } from '../helpers/suite.js';
import { TEAM, joinedStaff, signedInStaff } from './setup.js';

/**
 * There must always remain at least one active staff member holding `staff.manage`. Through the
 * API one holder can only act on another while both hold it, and nobody acts on themselves, so
 * "nobody left" can only come from two changes at once, each allowed alone, or from a change by
 * someone whose permission was checked a moment before it was taken away. Both are refused under
 * one lock, in the transaction of the change.
 */
const suite = useTestApp();
const REASON = { reason: 'Reorganisation of the team' };

/** Leaves active only these staff (the tests' own starting point). */
async function onlyThese(keep: bigint[]) {
  await suite.database.db
    .updateTable('users')
    .set({ deactivated_at: new Date() })
    .where('kind', '=', 'staff')
    .where('id', 'not in', keep)
    .where('deactivated_at', 'is', null)
    .execute();
}

async function activeManagers(): Promise<bigint[]> {
  const { rows } = await sql<{ id: bigint }>`
    select distinct u.id from users u
      join user_roles ur on ur.user_id = u.id
      join role_permissions rp on rp.role_id = ur.role_id
     where u.kind = 'staff' and u.deactivated_at is null and rp.permission = 'staff.manage'`.execute(
    suite.database.db,
  );
  return rows.map((r) => BigInt(r.id));
}

/** A staff member as the access hook saw them when their request came in. */
const actor = (userId: bigint, permissions: Permission[] = ['staff.manage']): StaffActor => ({
  userId,
  ip: '127.0.0.1',
  userAgent: 'test',
  permissions: new Set(permissions),
});

/** Two administrators, a and b, the only active staff. */
async function twoAdministrators() {
  const a = await signedInStaff(suite);
  const b = await joinedStaff(suite, a.client, ['staff_admin']);
  await onlyThese([a.id, b.id]);
  return { a, b };
}

const settled = <T>(promise: Promise<T>) =>
  promise.then(
    () => 'done' as const,
    (error: { status?: number }) => error.status ?? 500,
  );

describe(`the last staff administrator (${engineName})`, () => {
  it('can be neither demoted nor deactivated: the only one who could try is themselves', async () => {
    const { a, b } = await twoAdministrators();
    expect(
      (await b.client.put(`${TEAM}/members/${a.id}/roles`, { roles: ['finance'], ...REASON }))
        .statusCode,
    ).toBe(200);
    expect(await activeManagers()).toEqual([b.id]);
    // a no longer holds staff.manage; b, the last one, may not change their own access.
    expect(
      (await a.client.put(`${TEAM}/members/${b.id}/roles`, { roles: ['finance'], ...REASON }))
        .statusCode,
    ).toBe(403);
    expect((await b.client.post(`${TEAM}/members/${b.id}/deactivate`, REASON)).statusCode).toBe(
      403,
    );
    expect(
      (await b.client.put(`${TEAM}/members/${b.id}/roles`, { roles: ['finance'], ...REASON }))
        .statusCode,
    ).toBe(403);
    expect(await activeManagers()).toEqual([b.id]);
  });

  it('a change by someone whose permission went a moment before is refused if it leaves nobody', async () => {
    const { a, b } = await twoAdministrators();
    // a demotes b; b's request, let in while b still held staff.manage, arrives after.
    await changeRoles(suite.app.deps, b.id, { roles: ['compliance'], ...REASON }, actor(a.id));
    const stale = actor(b.id);
    for (const attempt of [
      () => changeRoles(suite.app.deps, a.id, { roles: ['compliance'], ...REASON }, stale),
      () => deactivate(suite.app.deps, a.id, REASON.reason, stale),
    ]) {
      // Refused under the lock: b is no longer a staff administrator (below, with a third one
      // left, where nobody would be left out either).
      await expect(attempt()).rejects.toMatchObject({ status: 403 });
    }
    expect(await activeManagers()).toEqual([a.id]);
    const written = await suite.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor_id', '=', b.id)
      .where('action', 'in', ['staff.roles_changed', 'staff.deactivated'])
      .execute();
    expect(written).toEqual([]);
  });

  it('a change by someone demoted or deactivated a moment before is refused, even with others left', async () => {
    const { a, b } = await twoAdministrators();
    const c = await joinedStaff(suite, a.client, ['staff_admin']);
    const d = await joinedStaff(suite, a.client, ['staff_admin']);
    // a removes b (demoted) and d (deactivated); their requests, let in a moment before, arrive
    // after: neither may still change anyone's access.
    await changeRoles(suite.app.deps, b.id, { roles: ['compliance'], ...REASON }, actor(a.id));
    await deactivate(suite.app.deps, d.id, REASON.reason, actor(a.id));
    for (const stale of [actor(b.id), actor(d.id)]) {
      for (const attempt of [
        () => changeRoles(suite.app.deps, c.id, { roles: ['admin'], ...REASON }, stale),
        () => deactivate(suite.app.deps, a.id, REASON.reason, stale),
        () => reactivate(suite.app.deps, d.id, REASON.reason, stale),
      ]) {
        await expect(attempt()).rejects.toMatchObject({ status: 403 });
      }
    }
    expect((await activeManagers()).sort()).toEqual([a.id, c.id].sort());
    const written = await suite.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor_id', 'in', [b.id, d.id])
      .where('action', 'in', ['staff.roles_changed', 'staff.deactivated', 'staff.reactivated'])
      .execute();
    expect(written).toEqual([]);
  });

  it('two demotions at once, each allowed alone: exactly one passes', async () => {
    for (let round = 0; round < 3; round++) {
      const { a, b } = await twoAdministrators();
      const outcomes = await Promise.all([
        settled(
          changeRoles(suite.app.deps, b.id, { roles: ['compliance'], ...REASON }, actor(a.id)),
        ),
        settled(
          changeRoles(suite.app.deps, a.id, { roles: ['compliance'], ...REASON }, actor(b.id)),
        ),
      ]);
      // The second, under the lock, finds its actor no longer a staff administrator (403); the
      // check that someone is left (409) stays behind it.
      expect(outcomes.sort()).toEqual([403, 'done']);
      expect(await activeManagers()).toHaveLength(1);
    }
  });

  it('a demotion and a deactivation at once: exactly one passes', async () => {
    for (let round = 0; round < 3; round++) {
      const { a, b } = await twoAdministrators();
      const outcomes = await Promise.all([
        settled(deactivate(suite.app.deps, b.id, REASON.reason, actor(a.id))),
        settled(
          changeRoles(suite.app.deps, a.id, { roles: ['compliance'], ...REASON }, actor(b.id)),
        ),
      ]);
      // The second, under the lock, finds its actor no longer a staff administrator (403); the
      // check that someone is left (409) stays behind it.
      expect(outcomes.sort()).toEqual([403, 'done']);
      expect(await activeManagers()).toHaveLength(1);
    }
  });

  it('through the API too: two administrators demoting each other at once leave one', async () => {
    for (let round = 0; round < 2; round++) {
      const { a, b } = await twoAdministrators();
      const answers = await Promise.all([
        a.client.put(`${TEAM}/members/${b.id}/roles`, { roles: ['compliance'], ...REASON }),
        b.client.put(`${TEAM}/members/${a.id}/roles`, { roles: ['compliance'], ...REASON }),
      ]);
      const codes = answers.map((r) => r.statusCode).sort();
      // The loser is refused at the door if the winner had committed (403), or under the lock
      // (409).
      expect(codes[0]).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      expect(await activeManagers()).toHaveLength(1);
    }
  });
});
