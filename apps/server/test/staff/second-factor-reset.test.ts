import { describe, expect, it } from 'vitest';
import { engineName } from '../helpers/database.js';
import { TestClient } from '../helpers/http.js';
import { mailTo } from '../helpers/mail.js';
import { signInStaff } from '../helpers/staff.js';
import { useTestApp } from '../helpers/suite.js';
import { TEAM, accept, auditOf, invite, joinedStaff, signedInStaff } from './setup.js';

/**
 * Resetting a staff member's second factor takes two staff administrators: one proposes, a
 * different one approves under Approvals; only then are the authenticator app and recovery codes
 * removed and every session ended, and the next sign-in enrols the app again.
 */
const suite = useTestApp();
const APPROVALS = '/api/v1/staff/approvals';
const REASON = { reason: 'Lost their phone on the train' };

async function factorRows(userId: bigint) {
  const factor = await suite.database.db
    .selectFrom('staff_second_factors')
    .select('user_id')
    .where('user_id', '=', userId)
    .execute();
  const codes = await suite.database.db
    .selectFrom('staff_recovery_codes')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  return factor.length + codes.length;
}

describe(`second-factor reset (${engineName})`, () => {
  it('needs a second person, then removes the factor, ends the sessions, and the next sign-in enrols again', async () => {
    const proposer = await signedInStaff(suite);
    const checker = await signedInStaff(suite, 'staff_admin');
    const member = await joinedStaff(suite, proposer.client, ['operations']);
    expect(await factorRows(member.id)).toBeGreaterThan(0);

    const proposed = await proposer.client.post(
      `${TEAM}/members/${member.id}/second-factor-reset`,
      REASON,
    );
    expect(proposed.statusCode, proposed.body).toBe(201);
    const { approvalId } = proposed.json();
    // Nothing happened yet: the member is still signed in, the factor is kept.
    expect((await member.client.get('/api/v1/auth/me')).statusCode).toBe(200);
    expect(await factorRows(member.id)).toBeGreaterThan(0);

    // The member's page shows it waiting; a second proposal is refused while it waits.
    const detail = (await proposer.client.get(`${TEAM}/members/${member.id}`)).json();
    expect(detail.secondFactorReset).toMatchObject({
      approvalId,
      proposedBy: { id: String(proposer.id) },
    });
    expect(
      (await checker.client.post(`${TEAM}/members/${member.id}/second-factor-reset`, REASON))
        .statusCode,
    ).toBe(409);

    // The proposer cannot approve their own proposal; the inbox shows it to the checker.
    const own = await proposer.client.post(`${APPROVALS}/${approvalId}/approve`, {});
    expect(own.statusCode).toBe(403);
    const waiting = (await checker.client.get(`${APPROVALS}?view=waiting`)).json().items;
    expect(waiting).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: approvalId,
          kind: 'staff.second_factor_reset',
          kindLabel: "Reset a staff member's second factor",
          canDecide: true,
        }),
      ]),
    );
    // Someone without staff.manage cannot decide it.
    const outsider = await signedInStaff(suite, 'finance');
    expect([403, 404]).toContain(
      (await outsider.client.post(`${APPROVALS}/${approvalId}/approve`, {})).statusCode,
    );

    const approved = await checker.client.post(`${APPROVALS}/${approvalId}/approve`, {
      note: 'Checked with them by phone',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved' });

    expect(await factorRows(member.id)).toBe(0);
    expect((await member.client.get('/api/v1/auth/me')).statusCode).toBe(401);
    const [mail] = (await mailTo(suite.app, member.email)).filter((m) =>
      /authenticator app was reset/.test(m.subject),
    );
    expect(mail?.text).toMatch(/two administrators reset your second factor/);
    expect(await auditOf(suite, 'staff.second_factor_reset', String(member.id))).toMatchObject([
      {
        actorId: checker.id,
        before: { secondFactor: true },
        after: { secondFactor: false, sessionsEnded: 1, approvalId },
      },
    ]);

    // The next sign-in sets the app up again (signInStaff enrols when asked to).
    const signin = await new TestClient(suite.app).post('/api/v1/auth/signin', member);
    expect(signin.json()).toEqual({ next: 'staff_mfa', enrolled: false });
    const again = await signInStaff(suite.app, member);
    expect(again.recoveryCodes).toHaveLength(10);
    expect((await again.get('/api/v1/auth/me')).json().scope).toBe('staff');
  });

  it('nobody proposes or approves the reset of their own factor', async () => {
    const a = await signedInStaff(suite);
    const b = await signedInStaff(suite);
    expect(
      (await a.client.post(`${TEAM}/members/${a.id}/second-factor-reset`, REASON)).statusCode,
    ).toBe(403);
    // b proposes a's reset; a, the staff member concerned, cannot approve it.
    const proposed = await b.client.post(`${TEAM}/members/${a.id}/second-factor-reset`, REASON);
    expect(proposed.statusCode).toBe(201);
    const refused = await a.client.post(`${APPROVALS}/${proposed.json().approvalId}/approve`, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/your own second factor/);
    expect(await factorRows(a.id)).toBeGreaterThan(0);
    // b withdraws it; nothing was done.
    expect(
      (await b.client.post(`${APPROVALS}/${proposed.json().approvalId}/withdraw`)).statusCode,
    ).toBe(200);
  });

  it('refuses a reset of a factor never set up, and of someone who is not staff', async () => {
    const admin = await signedInStaff(suite);
    const { email, token } = await invite(suite, admin.client, ['operations']);
    await accept(suite, token);
    const user = await suite.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const never = await admin.client.post(`${TEAM}/members/${user.id}/second-factor-reset`, REASON);
    expect(never.statusCode).toBe(409);
    expect(
      (await admin.client.post(`${TEAM}/members/999999/second-factor-reset`, REASON)).statusCode,
    ).toBe(404);
    expect(
      (await admin.client.post(`${TEAM}/members/${user.id}/second-factor-reset`, {})).statusCode,
    ).toBe(400);
  });
});
