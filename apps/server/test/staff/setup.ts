import { expect } from 'vitest';
import type { TestSuite } from '../helpers/suite.js';
import { TestClient } from '../helpers/http.js';
import { mailTo } from '../helpers/mail.js';
import { createStaff, signInStaff } from '../helpers/staff.js';

export const TEAM = '/api/v1/staff/team';
export const STAFF_PASSWORD = 'sturdy orchard violet compass';
export const INVITEE_PASSWORD = 'lichen harbour gently rowing';

let seq = 0;

/** A fresh address, unique in this run. */
export function freshEmail(tag: string) {
  seq += 1;
  return `${tag}.${seq}.${Date.now().toString(36)}@bank.example`;
}

/** A staff member with `role`, signed in through both steps. */
export async function signedInStaff(suite: TestSuite, role = 'admin') {
  const credentials = { email: freshEmail(role), password: STAFF_PASSWORD };
  const id = await createStaff(suite.database, credentials, role);
  const client = await signInStaff(suite.app, credentials);
  return { id, client, ...credentials };
}

/** The token of the newest invitation email to `email`, read from its link. */
export async function invitationToken(suite: TestSuite, email: string): Promise<string> {
  const mails = (await mailTo(suite.app, email)).filter((m) => /invited/.test(m.subject));
  const link = /(http\S+\/auth\/staff\/invitation\/([A-Za-z0-9_-]{43}))/.exec(mails[0]?.text ?? '');
  if (!link?.[2]) throw new Error(`no invitation email to ${email}`);
  return link[2];
}

/** Invites a person with `roles`; answers the invitation and its emailed token. */
export async function invite(
  suite: TestSuite,
  admin: TestClient,
  roles: string[],
  person: { email?: string; firstName?: string; lastName?: string } = {},
) {
  const email = person.email ?? freshEmail('invitee');
  const response = await admin.post(`${TEAM}/invitations`, {
    email,
    firstName: person.firstName ?? 'Katherine',
    lastName: person.lastName ?? 'Johnson',
    roles,
  });
  expect(response.statusCode, response.body).toBe(201);
  return {
    email,
    invitation: response.json() as { id: string; roles: string[]; status: string },
    token: await invitationToken(suite, email),
  };
}

/** Accepts an invitation with a password through the public route. */
export function accept(suite: TestSuite, token: string, password = INVITEE_PASSWORD) {
  return new TestClient(suite.app).post('/api/v1/auth/staff-invitation/accept', {
    token,
    password,
  });
}

/** Invites, accepts and signs in (enrolling the authenticator app): a new staff member. */
export async function joinedStaff(suite: TestSuite, admin: TestClient, roles: string[]) {
  const { email, token } = await invite(suite, admin, roles);
  expect((await accept(suite, token)).statusCode).toBe(200);
  const client = await signInStaff(suite.app, { email, password: INVITEE_PASSWORD });
  const user = await suite.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { id: user.id, email, password: INVITEE_PASSWORD, client };
}

/** The audit events of one action on one target, oldest first. */
export function auditOf(suite: TestSuite, action: string, targetId: string) {
  return suite.database.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id as actorId', 'before', 'after', 'target_type as targetType'])
    .where('action', '=', action)
    .where('target_id', '=', targetId)
    .orderBy('seq')
    .execute();
}
