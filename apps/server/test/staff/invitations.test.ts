import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ROLES,
  PERMISSIONS,
  ROLE_DEFINITIONS,
  permissionsOf,
} from '../../src/platform/permissions.js';
import { signedInCustomer } from '../helpers/customers.js';
import { engineName } from '../helpers/database.js';
import { TestClient, visibleAnswer } from '../helpers/http.js';
import { mailTo } from '../helpers/mail.js';
import { signInStaff } from '../helpers/staff.js';
import { useTestApp } from '../helpers/suite.js';
import {
  INVITEE_PASSWORD,
  TEAM,
  accept,
  auditOf,
  freshEmail,
  invitationToken,
  invite,
  joinedStaff,
  signedInStaff,
} from './setup.js';
import { invitationTokenHash } from '../../src/modules/staff/invitations.js';

/**
 * Staff join by invitation: an administrator invites a person by email with their roles; the
 * emailed link works once and sets their password; their first sign-in enrols the
 * authenticator app; they hold exactly the invited roles' permissions.
 */
const suite = useTestApp();
const NOT_VALID = { status: 404, detail: 'This link is not valid or has expired.' };

function preview(token: string) {
  return new TestClient(suite.app).post('/api/v1/auth/staff-invitation', { token });
}

/** What the public routes answer, without what differs per request. */
async function publicAnswers(token: string) {
  const looked = await preview(token);
  const accepted = await accept(suite, token);
  return {
    preview: { status: looked.statusCode, detail: looked.json().detail },
    accept: { status: accepted.statusCode, detail: accepted.json().detail },
  };
}

describe(`staff invitations (${engineName})`, () => {
  it('invite, accept, sign in, enrol: the new staff member holds exactly the invited roles', async () => {
    const admin = await signedInStaff(suite);
    const { email, token, invitation } = await invite(suite, admin.client, [
      'kyc_reviewer',
      'finance_maker',
    ]);
    expect(invitation).toMatchObject({
      email,
      firstName: 'Katherine',
      lastName: 'Johnson',
      roles: ['finance_maker', 'kyc_reviewer'],
      status: 'pending',
      invitedBy: { id: String(admin.id) },
    });

    // The email: who invited, as what, the link, and that it works once.
    const [mail] = (await mailTo(suite.app, email)).filter((m) => /invited/.test(m.subject));
    expect(mail?.subject).toBe('You are invited to the Cedar Bank back office');
    expect(mail?.text).toContain('with the roles Identity reviewer and Finance maker');
    expect(mail?.text).toContain(`http://bank.test/wp-user/auth/staff/invitation/${token}`);
    expect(mail?.text).toMatch(/works once/);

    // Only the token's hash is kept.
    const stored = await suite.database.db
      .selectFrom('staff_invitations')
      .select('token_hash')
      .where('id', '=', BigInt(invitation.id))
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);

    // The page shows its holder who the invitation is for.
    const looked = await preview(token);
    expect(looked.statusCode).toBe(200);
    expect(looked.json()).toMatchObject({ email, firstName: 'Katherine', lastName: 'Johnson' });

    // Before accepting, nobody can sign in with the address.
    const early = await new TestClient(suite.app).post('/api/v1/auth/signin', {
      email,
      password: INVITEE_PASSWORD,
    });
    expect(early.statusCode).toBe(401);

    const accepted = await accept(suite, token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().message).toBe(
      'Your password is set. Sign in to set up your authenticator app.',
    );
    // Accepting opens no session: the second factor comes first.
    expect(accepted.cookies.find((c) => c.name === 'bank_session')).toBeUndefined();

    const user = await suite.database.db
      .selectFrom('users')
      .select(['id', 'kind', 'password_hash', 'email_verified_at'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.kind).toBe('staff');
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.email_verified_at).not.toBeNull();
    expect([...(await permissionsOf(suite.database.db, user.id))].sort()).toEqual(
      [
        ...new Set([
          ...ROLE_DEFINITIONS.kyc_reviewer.permissions,
          ...ROLE_DEFINITIONS.finance_maker.permissions,
        ]),
      ].sort(),
    );

    // The first sign-in enrols the authenticator app, then the staff session opens.
    const client = await signInStaff(suite.app, { email, password: INVITEE_PASSWORD });
    expect(client.recoveryCodes).toHaveLength(10);
    const me = (await client.get('/api/v1/auth/me')).json();
    expect(me).toMatchObject({ scope: 'staff', email, firstName: 'Katherine' });
    expect(me.permissions).toEqual(
      ['kyc.review', 'ledger.adjust.propose', 'ledger.trial_balance'].sort(),
    );
    expect((await client.get('/api/v1/staff/kyc/queue')).statusCode).toBe(200);
    expect((await client.get(`${TEAM}/members`)).statusCode).toBe(403);

    // Invited and accepted are in the audit log, with who did them.
    expect(await auditOf(suite, 'staff.invite', invitation.id)).toMatchObject([
      {
        actorId: admin.id,
        targetType: 'staff_invitation',
        after: { email, roles: ['finance_maker', 'kyc_reviewer'] },
      },
    ]);
    expect(await auditOf(suite, 'staff.invitation_accepted', String(user.id))).toMatchObject([
      {
        actorId: user.id,
        after: { invitationId: invitation.id, roles: ['finance_maker', 'kyc_reviewer'] },
      },
    ]);

    // The invitation is no longer waiting; the new member is listed as active.
    const open = (await admin.client.get(`${TEAM}/invitations`)).json().items;
    expect(open.map((i: { email: string }) => i.email)).not.toContain(email);
    const members = (
      await admin.client.get(`${TEAM}/members?q=${encodeURIComponent(email)}`)
    ).json().items;
    expect(members).toMatchObject([
      { email, status: 'active', secondFactor: true, roles: ['finance_maker', 'kyc_reviewer'] },
    ]);
    expect(members[0].lastSigninAt).not.toBeNull();
  });

  it('a link works once: a second use, and two at once, make one staff member', async () => {
    const admin = await signedInStaff(suite);
    const { email, token } = await invite(suite, admin.client, ['operations']);
    const both = await Promise.all([accept(suite, token), accept(suite, token)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect((await accept(suite, token, 'another fine long passphrase')).statusCode).toBe(404);
    const made = await suite.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(made).toHaveLength(1);
  });

  it('a bad, used, revoked or replaced link reads the same on the public page, and tells nothing', async () => {
    const admin = await signedInStaff(suite);

    const used = await invite(suite, admin.client, ['kyc_reviewer']);
    expect((await accept(suite, used.token)).statusCode).toBe(200);

    const revoked = await invite(suite, admin.client, ['kyc_reviewer']);
    expect(
      (await admin.client.post(`${TEAM}/invitations/${revoked.invitation.id}/revoke`)).statusCode,
    ).toBe(204);

    const replaced = await invite(suite, admin.client, ['kyc_reviewer']);
    expect(
      (await admin.client.post(`${TEAM}/invitations/${replaced.invitation.id}/resend`)).statusCode,
    ).toBe(200);

    const unknown = 'A'.repeat(43);
    const expected = { preview: NOT_VALID, accept: NOT_VALID };
    for (const token of [unknown, used.token, revoked.token, replaced.token]) {
      expect(await publicAnswers(token)).toEqual(expected);
    }
    // Whole answers compare equal too (status and body).
    const a = await preview(unknown);
    const b = await preview(used.token);
    expect(visibleAnswer(a)).toEqual(visibleAnswer(b));
    // A malformed token is refused by its shape, with the same words.
    const malformed = await preview('not-a-token');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain('This link is not valid or has expired.');
    // A bad link is judged before the password: a weak password on it says only "not valid".
    expect(await accept(suite, unknown, 'password')).toMatchObject({ statusCode: 404 });
  });

  it('refuses a weak password without spending the link', async () => {
    const admin = await signedInStaff(suite);
    const { email, token } = await invite(suite, admin.client, ['kyc_reviewer'], {
      firstName: 'Mary',
      lastName: 'Jackson',
    });
    for (const password of ['password123', email, 'maryjackson']) {
      const weak = await accept(suite, token, password);
      expect(weak.statusCode).toBe(400);
      expect(weak.json().errors?.[0]?.path).toBe('body.password');
    }
    expect((await accept(suite, token)).statusCode).toBe(200);
  });

  it('resend gives a new link (the old one stops working) and revoke ends it; both audited', async () => {
    const admin = await signedInStaff(suite);
    const { email, token, invitation } = await invite(suite, admin.client, ['compliance']);
    const resent = await admin.client.post(`${TEAM}/invitations/${invitation.id}/resend`);
    expect(resent.statusCode).toBe(200);
    const fresh = await invitationToken(suite, email);
    expect(fresh).not.toBe(token);
    expect((await preview(token)).statusCode).toBe(404);
    expect((await preview(fresh)).statusCode).toBe(200);
    expect(await auditOf(suite, 'staff.invitation_resent', invitation.id)).toMatchObject([
      { actorId: admin.id, after: { sends: 2 } },
    ]);

    expect(
      (await admin.client.post(`${TEAM}/invitations/${invitation.id}/revoke`)).statusCode,
    ).toBe(204);
    expect((await preview(fresh)).statusCode).toBe(404);
    // Decided once: a revoked invitation can be neither revoked nor resent again.
    expect(
      (await admin.client.post(`${TEAM}/invitations/${invitation.id}/revoke`)).statusCode,
    ).toBe(409);
    expect(
      (await admin.client.post(`${TEAM}/invitations/${invitation.id}/resend`)).statusCode,
    ).toBe(409);
    expect((await admin.client.post(`${TEAM}/invitations/999999/resend`)).statusCode).toBe(404);
    expect(await auditOf(suite, 'staff.invitation_revoked', invitation.id)).toMatchObject([
      { actorId: admin.id, before: { status: 'pending', email }, after: { status: 'revoked' } },
    ]);
    // The address may be invited again afterwards.
    await invite(suite, admin.client, ['compliance'], { email });
  });

  it('ends with its inviter: deactivated or no longer a staff administrator, their links stop working', async () => {
    const admin = await signedInStaff(suite);
    // An administrator invites someone, then leaves the bank: the link they sent must not let
    // a person in after they left (nor one they sent while losing staff administration).
    const leaving = await joinedStaff(suite, admin.client, ['admin']);
    const planted = await invite(suite, leaving.client, ['admin']);
    const moving = await joinedStaff(suite, admin.client, ['admin']);
    const moved = await invite(suite, moving.client, ['compliance']);
    const kept = await invite(suite, admin.client, ['compliance']);

    const deactivated = await admin.client.post(`${TEAM}/members/${leaving.id}/deactivate`, {
      reason: 'Left the bank today',
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    const demoted = await admin.client.put(`${TEAM}/members/${moving.id}/roles`, {
      roles: ['operations'],
      reason: 'Moved to operations',
    });
    expect(demoted.statusCode, demoted.body).toBe(200);

    for (const { token } of [planted, moved]) {
      expect(await publicAnswers(token)).toEqual({
        preview: NOT_VALID,
        accept: NOT_VALID,
      });
    }
    const listed = (await admin.client.get(`${TEAM}/invitations`)).json() as {
      items: { id: string }[];
    };
    expect(listed.items.map((i) => i.id)).toContain(kept.invitation.id);
    expect(listed.items.map((i) => i.id)).not.toContain(planted.invitation.id);
    expect(listed.items.map((i) => i.id)).not.toContain(moved.invitation.id);
    expect(await auditOf(suite, 'staff.invitation_revoked', planted.invitation.id)).toMatchObject([
      {
        actorId: admin.id,
        before: { status: 'pending', email: planted.email },
        after: { status: 'revoked', cause: 'inviter_removed' },
      },
    ]);
    expect(await auditOf(suite, 'staff.invitation_revoked', moved.invitation.id)).toHaveLength(1);
    // The others' invitations stand.
    expect((await accept(suite, kept.token)).statusCode).toBe(200);
  });

  it('is refused if its inviter lost staff administration in any other way', async () => {
    const admin = await signedInStaff(suite);
    const inviter = await joinedStaff(suite, admin.client, ['admin']);
    const { token } = await invite(suite, inviter.client, ['admin']);
    // Behind the application's back (an operator's SQL): the link still cannot be used.
    await suite.database.db
      .updateTable('users')
      .set({ deactivated_at: new Date() })
      .where('id', '=', inviter.id)
      .execute();
    expect((await accept(suite, token)).json()).toMatchObject(NOT_VALID);
    expect(
      await suite.database.db
        .selectFrom('staff_invitations')
        .select('status')
        .where('token_hash', '=', invitationTokenHash(token))
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'pending' });
  });

  it('refuses an address that has an account, customer or staff alike, and a second open invitation', async () => {
    const admin = await signedInStaff(suite);
    const customer = await signedInCustomer(suite.app, suite.database);
    const colleague = await signedInStaff(suite, 'operations');
    const answers = [];
    for (const email of [customer.email, colleague.email.toUpperCase()]) {
      const response = await admin.client.post(`${TEAM}/invitations`, {
        email,
        firstName: 'Dorothy',
        lastName: 'Vaughan',
        roles: ['operations'],
      });
      answers.push(visibleAnswer(response));
    }
    expect(answers[0]).toEqual({ ...answers[1] });
    expect(answers[0]).toMatchObject({
      status: 409,
      detail: 'This address already has an account.',
    });
    // Nothing was sent to either.
    expect(
      (await mailTo(suite.app, customer.email)).filter((m) => /invited/.test(m.subject)),
    ).toEqual([]);

    const { email } = await invite(suite, admin.client, ['operations']);
    const twice = await admin.client.post(`${TEAM}/invitations`, {
      email: email.toUpperCase(),
      firstName: 'Dorothy',
      lastName: 'Vaughan',
      roles: ['operations'],
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toMatch(/waiting already/);
  });

  it('checks its input: unknown roles, no roles, bad names; nothing is written', async () => {
    const admin = await signedInStaff(suite);
    const before = await suite.database.db.selectFrom('staff_invitations').select('id').execute();
    for (const body of [
      { email: freshEmail('x'), firstName: 'Ada', lastName: 'Byron', roles: ['wizard'] },
      { email: freshEmail('x'), firstName: 'Ada', lastName: 'Byron', roles: [] },
      { email: freshEmail('x'), firstName: 'Ada', lastName: 'Byron', roles: ['admin', 'admin'] },
      { email: 'not an email', firstName: 'Ada', lastName: 'Byron', roles: ['admin'] },
      { email: freshEmail('x'), firstName: 'www.evil.com', lastName: 'Byron', roles: ['admin'] },
      { email: freshEmail('x'), firstName: 'Ada', lastName: 'Byron', roles: ['admin'], extra: 1 },
    ]) {
      const response = await admin.client.post(`${TEAM}/invitations`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const after = await suite.database.db.selectFrom('staff_invitations').select('id').execute();
    expect(after).toHaveLength(before.length);
  });

  it('lists the roles with their words and permissions for the invite form', async () => {
    const admin = await signedInStaff(suite);
    const roles = (await admin.client.get(`${TEAM}/roles`)).json().items as {
      name: string;
      label: string;
      description: string;
      permissions: string[];
    }[];
    expect(roles.map((r) => r.name)).toEqual(Object.keys(DEFAULT_ROLES));
    for (const role of roles) {
      expect(role.label.length).toBeGreaterThan(2);
      expect(role.description.length).toBeGreaterThan(10);
      expect(role.permissions.sort()).toEqual([...(DEFAULT_ROLES[role.name] ?? ['none'])].sort());
    }
    // Every permission is reachable through some role other than the administrator's.
    const granted = new Set(roles.filter((r) => r.name !== 'admin').flatMap((r) => r.permissions));
    expect([...granted].sort()).toEqual([...PERMISSIONS].sort());
  });
});

describe('forgot password, for a staff address', () => {
  it('answers as for any address, and sends no code and stores none', async () => {
    const admin = await signedInStaff(suite);
    const { email, token } = await invite(suite, admin.client, ['operations']);
    await accept(suite, token);
    const user = await suite.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();

    const staffAnswer = await new TestClient(suite.app).post('/api/v1/auth/forgot', { email });
    const nobody = await new TestClient(suite.app).post('/api/v1/auth/forgot', {
      email: freshEmail('nobody'),
    });
    expect(visibleAnswer(staffAnswer)).toEqual(visibleAnswer(nobody));
    expect(staffAnswer.json()).toEqual({ message: 'Check your Email for further instructions.' });

    const mails = await mailTo(suite.app, email);
    expect(mails.filter((m) => /password/i.test(m.subject))).toEqual([]);
    const codes = await suite.database.db
      .selectFrom('one_time_codes')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(codes).toEqual([]);
    // Whatever code is tried, the reset is refused as for an address without an account.
    const reset = await new TestClient(suite.app).post('/api/v1/auth/reset', {
      email,
      code: '123456',
      newPassword: 'a brand new long passphrase',
    });
    expect(reset.statusCode).toBe(422);
    const stillSignsIn = await new TestClient(suite.app).post('/api/v1/auth/signin', {
      email,
      password: INVITEE_PASSWORD,
    });
    expect(stillSignsIn.json()).toMatchObject({ next: 'staff_mfa' });
  });
});
