import { describe, expect, it } from 'vitest';
import { permissionsOf } from '../../src/platform/permissions.js';
import { createSession } from '../../src/platform/security/sessions.js';
import { engineName } from '../helpers/database.js';
import { TestClient, visibleAnswer } from '../helpers/http.js';
import { signInStaff } from '../helpers/staff.js';
import { useTestApp } from '../helpers/suite.js';
import { TEAM, auditOf, freshEmail, joinedStaff, signedInStaff } from './setup.js';

/**
 * The staff list and the actions on a staff member: role changes, deactivation (every session
 * ends at once, sign-in refused) and reactivation, each audited with before and after, never
 * on oneself.
 */
const suite = useTestApp();
const REASON = { reason: 'Moved to the payments team' };

describe(`managing staff (${engineName})`, () => {
  it('lists staff with roles, status, second factor and last sign-in, filtered', async () => {
    const admin = await signedInStaff(suite);
    const member = await joinedStaff(suite, admin.client, ['kyc_reviewer']);
    const all = (await admin.client.get(`${TEAM}/members`)).json().items as {
      id: string;
      email: string;
      isYou: boolean;
      roles: string[];
      secondFactor: boolean;
      status: string;
      lastSigninAt: string | null;
    }[];
    const me = all.find((m) => m.id === String(admin.id));
    expect(me).toMatchObject({
      isYou: true,
      roles: ['admin'],
      status: 'active',
      secondFactor: true,
    });
    expect(me?.lastSigninAt).not.toBeNull();
    expect(all.find((m) => m.id === String(member.id))).toMatchObject({
      isYou: false,
      roles: ['kyc_reviewer'],
    });

    const byRole = (await admin.client.get(`${TEAM}/members?role=kyc_reviewer`)).json().items;
    expect(byRole.every((m: { roles: string[] }) => m.roles.includes('kyc_reviewer'))).toBe(true);
    expect(byRole.map((m: { id: string }) => m.id)).toContain(String(member.id));
    // A search is by name or address, and a % or _ typed matches only itself.
    expect((await admin.client.get(`${TEAM}/members?q=%25`)).json().items).toEqual([]);
    expect(
      (await admin.client.get(`${TEAM}/members?q=katherine`)).json().items.length,
    ).toBeGreaterThan(0);
    expect((await admin.client.get(`${TEAM}/members?status=gone`)).statusCode).toBe(400);
    expect((await admin.client.get(`${TEAM}/members/999999`)).statusCode).toBe(404);

    // A customer is not a staff member.
    const customerId = await suite.database.db
      .selectFrom('users')
      .select('id')
      .where('kind', '=', 'customer')
      .executeTakeFirst();
    if (customerId) {
      expect((await admin.client.get(`${TEAM}/members/${customerId.id}`)).statusCode).toBe(404);
    }
  });

  it('changes roles: permissions follow at once, audited with the roles before and after', async () => {
    const admin = await signedInStaff(suite);
    const member = await joinedStaff(suite, admin.client, ['kyc_reviewer']);
    expect((await member.client.get('/api/v1/staff/kyc/queue')).statusCode).toBe(200);

    const changed = await admin.client.put(`${TEAM}/members/${member.id}/roles`, {
      roles: ['operations', 'compliance'],
      ...REASON,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().roles).toEqual(['compliance', 'operations']);
    // The very next request of theirs has the new permissions, and not the old ones.
    expect((await member.client.get('/api/v1/staff/kyc/queue')).statusCode).toBe(403);
    expect([...(await permissionsOf(suite.database.db, member.id))].sort()).toEqual(
      [
        'audit.read',
        'customers.manage',
        'funding.review',
        'ledger.trial_balance',
        'transfers.process',
      ].sort(),
    );
    expect(await auditOf(suite, 'staff.roles_changed', String(member.id))).toMatchObject([
      {
        actorId: admin.id,
        targetType: 'user',
        before: { roles: ['kyc_reviewer'] },
        after: { roles: ['compliance', 'operations'], reason: REASON.reason },
      },
    ]);

    // Nothing to change, an unknown role, no reason: refused, nothing written.
    const same = await admin.client.put(`${TEAM}/members/${member.id}/roles`, {
      roles: ['operations', 'compliance'],
      ...REASON,
    });
    expect(same.statusCode).toBe(409);
    const unknown = await admin.client.put(`${TEAM}/members/${member.id}/roles`, {
      roles: ['wizard'],
      ...REASON,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('body.roles');
    const noReason = await admin.client.put(`${TEAM}/members/${member.id}/roles`, {
      roles: ['admin'],
    });
    expect(noReason.statusCode).toBe(400);
    expect(await auditOf(suite, 'staff.roles_changed', String(member.id))).toHaveLength(1);
  });

  it('nobody changes their own access: roles, deactivation, second-factor reset', async () => {
    const admin = await signedInStaff(suite);
    // A second administrator, so that the rule below is about oneself, not the last one.
    await signedInStaff(suite);
    const own = `${TEAM}/members/${admin.id}`;
    const answers = [
      await admin.client.put(`${own}/roles`, { roles: ['admin', 'finance'], ...REASON }),
      await admin.client.post(`${own}/deactivate`, REASON),
      await admin.client.post(`${own}/second-factor-reset`, REASON),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([403, 403, 403]);
    expect(answers[0]?.json().detail).toBe(
      'You cannot change your own roles: another administrator must.',
    );
    expect(answers[1]?.json().detail).toBe(
      'You cannot deactivate yourself: another administrator must.',
    );
    expect([...(await permissionsOf(suite.database.db, admin.id))]).toContain('staff.manage');
    const log = await suite.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', String(admin.id))
      .where('action', 'in', ['staff.roles_changed', 'staff.deactivated'])
      .execute();
    expect(log).toEqual([]);
  });

  it('deactivation ends every session at once and refuses sign-in as a wrong password would', async () => {
    const admin = await signedInStaff(suite);
    const member = await joinedStaff(suite, admin.client, ['operations']);
    // A second browser, and one stopped between password and second factor.
    const other = await signInStaff(suite.app, member);
    const pending = new TestClient(suite.app);
    await pending.post('/api/v1/auth/signin', { email: member.email, password: member.password });
    expect((await member.client.get('/api/v1/auth/me')).statusCode).toBe(200);

    const response = await admin.client.post(`${TEAM}/members/${member.id}/deactivate`, REASON);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'deactivated' });
    expect(response.json().deactivatedAt).not.toBeNull();

    for (const client of [member.client, other]) {
      expect((await client.get('/api/v1/auth/me')).statusCode).toBe(401);
      expect((await client.get('/api/v1/staff/funding/queue')).statusCode).toBe(401);
    }
    expect((await pending.post('/api/v1/auth/mfa/verify', { code: '000000' })).statusCode).toBe(
      401,
    );

    // Signing in: the right password reads exactly as a wrong one.
    const right = await new TestClient(suite.app).post('/api/v1/auth/signin', {
      email: member.email,
      password: member.password,
    });
    const wrong = await new TestClient(suite.app).post('/api/v1/auth/signin', {
      email: freshEmail('nobody'),
      password: member.password,
    });
    expect(visibleAnswer(right)).toEqual(visibleAnswer(wrong));
    expect(right.statusCode).toBe(401);
    expect(right.cookies.find((c) => c.name === 'bank_session')).toBeUndefined();

    expect(await auditOf(suite, 'staff.deactivated', String(member.id))).toMatchObject([
      {
        actorId: admin.id,
        before: { status: 'active' },
        after: { status: 'deactivated', reason: REASON.reason, sessionsEnded: 3 },
      },
    ]);
    expect(await auditOf(suite, 'staff.signin_refused', String(member.id))).toHaveLength(1);
    // Twice is refused.
    expect(
      (await admin.client.post(`${TEAM}/members/${member.id}/deactivate`, REASON)).statusCode,
    ).toBe(409);
    const listed = (await admin.client.get(`${TEAM}/members?status=deactivated`)).json().items;
    expect(listed.map((m: { id: string }) => m.id)).toContain(String(member.id));
  });

  it('a session opened by a sign-in racing the deactivation still does not work', async () => {
    const admin = await signedInStaff(suite);
    const member = await joinedStaff(suite, admin.client, ['operations']);
    await admin.client.post(`${TEAM}/members/${member.id}/deactivate`, REASON);
    // As if a sign-in had passed its checks just before, and opened its session just after.
    const late = await createSession(suite.database.db, { userId: member.id, scope: 'staff' });
    const client = new TestClient(suite.app);
    client.cookie = `bank_session=${late.token}`;
    expect((await client.get('/api/v1/auth/me')).statusCode).toBe(401);
  });

  it('reactivation lets them sign in again with the roles they had; audited', async () => {
    const admin = await signedInStaff(suite);
    const member = await joinedStaff(suite, admin.client, ['finance_maker']);
    await admin.client.post(`${TEAM}/members/${member.id}/deactivate`, REASON);
    expect(
      (
        await admin.client.post(`${TEAM}/members/${member.id}/reactivate`, {
          reason: 'Back from leave',
        })
      ).json(),
    ).toMatchObject({ status: 'active', deactivatedAt: null, roles: ['finance_maker'] });
    const client = await signInStaff(suite.app, member);
    expect((await client.get('/api/v1/auth/me')).json().permissions).toEqual([
      'ledger.adjust.propose',
      'ledger.trial_balance',
    ]);
    expect(await auditOf(suite, 'staff.reactivated', String(member.id))).toMatchObject([
      { actorId: admin.id, before: { status: 'deactivated' }, after: { status: 'active' } },
    ]);
    expect(
      (await admin.client.post(`${TEAM}/members/${member.id}/reactivate`, REASON)).statusCode,
    ).toBe(409);
  });

  it("shows a staff member's page with their latest audit events", async () => {
    const admin = await signedInStaff(suite);
    const member = await joinedStaff(suite, admin.client, ['kyc_reviewer']);
    await admin.client.put(`${TEAM}/members/${member.id}/roles`, {
      roles: ['customer_service'],
      ...REASON,
    });
    const detail = (await admin.client.get(`${TEAM}/members/${member.id}`)).json();
    expect(detail.member).toMatchObject({ id: String(member.id), roles: ['customer_service'] });
    expect(detail.secondFactorReset).toBeNull();
    const actions = detail.recentEvents.map((e: { action: string }) => e.action);
    expect(actions.slice(0, 3)).toEqual([
      'staff.roles_changed',
      'staff.mfa_enrolled',
      'staff.invitation_accepted',
    ]);
    expect(detail.recentEvents[0]).toMatchObject({
      label: "Staff member's roles changed",
      byThem: false,
      actor: { id: String(admin.id) },
    });
    expect(detail.recentEvents[1]).toMatchObject({ byThem: true });
  });
});
