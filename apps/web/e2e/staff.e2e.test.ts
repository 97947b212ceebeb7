import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { waitForMail } from './mailbox';
import { enrolStaff, watchProblems } from './people';
import { expectAccessibleEverywhere, expectTablesKeepWords } from './quality';
import { startServer, type RunningServer } from './server';

const ADMIN = { email: 'admin@bank.example', password: 'granite harbour lighthouse keeper' };
const NEWCOMER = {
  email: 'dorothy.vaughan@bank.example',
  password: 'lichen harbour gently rowing',
};

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ BOOTSTRAP_ADMIN_EMAIL: ADMIN.email, BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('staff management in the browser', () => {
  it('an administrator invites a colleague, who sets a password and enrols; then changes their roles and deactivates them', async () => {
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const adminProblems = watchProblems(admin);
    await enrolStaff(admin, server.url, ADMIN);

    // The Staff area: the list, then the invitation form with the roles in words.
    await admin.getByRole('link', { name: 'Staff' }).first().click();
    await admin.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
    await admin.getByText('1 staff member').waitFor();
    await expectAccessibleEverywhere(admin, 'staff list');
    await expectTablesKeepWords(admin, 'staff list');
    await admin.getByRole('link', { name: 'Invite a staff member' }).click();
    await admin.getByRole('heading', { name: 'Invite a staff member' }).waitFor();
    await admin.getByRole('checkbox', { name: 'Identity reviewer' }).waitFor();
    await expectAccessibleEverywhere(admin, 'invite a staff member');
    await admin.getByLabel('Email').fill(NEWCOMER.email);
    await admin.getByLabel('First name').fill('Dorothy');
    await admin.getByLabel('Last name').fill('Vaughan');
    await admin.getByRole('checkbox', { name: 'Identity reviewer' }).check();
    await admin.getByRole('button', { name: 'Send the invitation' }).click();
    await admin.getByText(/Invitation sent to dorothy\.vaughan@bank\.example/).waitFor();
    await admin.getByRole('link', { name: 'See the invitations' }).click();
    await admin.getByText('1 invitation waiting').waitFor();
    await expectAccessibleEverywhere(admin, 'staff invitations');

    // The newcomer opens the emailed link, chooses a password, signs in and enrols.
    const mail = await waitForMail(server.dataDir, NEWCOMER.email, /staff\/invitation\//);
    const link = /(http\S+\/auth\/staff\/invitation\/[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    const newcomerContext = await browser.newContext();
    const newcomer = await newcomerContext.newPage();
    const newcomerProblems = watchProblems(newcomer);
    await newcomer.goto(link ?? '');
    await newcomer.getByText(/Welcome, Dorothy/).waitFor();
    await expectAccessibleEverywhere(newcomer, 'staff invitation');
    await newcomer.getByLabel('Password', { exact: true }).fill(NEWCOMER.password);
    await newcomer.getByRole('meter', { name: 'Password strength' }).waitFor();
    await newcomer.getByRole('button', { name: 'Set my password' }).click();
    await newcomer
      .getByText('Your password is set. Sign in to set up your authenticator app.')
      .waitFor();
    await expectAccessibleEverywhere(newcomer, 'staff invitation accepted');
    // The link works once.
    await newcomer.goto(link ?? '');
    await newcomer.getByText('This link is not valid or has expired.').waitFor();
    // The browser logs that refusal (404) as a failed load: the one expected problem.
    const refused = (problem: string) =>
      problem.includes('404') && problem.includes('staff-invitation');
    expect(newcomerProblems.filter(refused)).toHaveLength(1);
    newcomerProblems.splice(
      0,
      newcomerProblems.length,
      ...newcomerProblems.filter((p) => !refused(p)),
    );
    await enrolStaff(newcomer, server.url, NEWCOMER);
    await newcomer.getByRole('heading', { name: 'Identity checks' }).waitFor();

    // The administrator opens their page: roles, access, activity.
    await admin.goto(`${server.url}/wp-user/admin/staff`);
    await admin
      .getByRole('link', { name: /Dorothy Vaughan/ })
      .first()
      .click();
    await admin.getByRole('heading', { level: 1, name: 'Dorothy Vaughan' }).waitFor();
    await admin.getByText('Authenticator app set up, staff signed in').waitFor();
    await expectAccessibleEverywhere(admin, 'staff member page');

    const roles = admin.getByRole('region', { name: 'Roles' });
    await roles.getByRole('checkbox', { name: 'Customer service' }).check();
    await roles.getByLabel('Reason (kept in the audit log)').fill('Covers the support desk too');
    await roles.getByRole('button', { name: 'Save roles' }).click();
    await admin.getByRole('dialog', { name: 'Change the roles of Dorothy Vaughan?' }).waitFor();
    await expectAccessibleEverywhere(admin, 'change roles dialog');
    await admin.getByRole('button', { name: 'Change roles' }).click();
    await admin.getByText(/Roles changed: Dorothy Vaughan is now/).waitFor();

    const access = admin.getByRole('region', { name: 'Access' });
    await access.getByLabel('Reason (kept in the audit log)').fill('Left the bank');
    await access.getByRole('button', { name: 'Deactivate' }).click();
    await admin
      .getByRole('dialog', { name: 'Deactivate Dorothy Vaughan?' })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    await admin.getByText(/Dorothy Vaughan is deactivated/).waitFor();
    await admin.getByRole('button', { name: 'Reactivate' }).waitFor();

    // Her session ended at once: the next page she opens sends her to sign in.
    await newcomer.reload();
    await newcomer.waitForURL('**/wp-user/auth**', { timeout: 15_000 });

    expect(adminProblems, adminProblems.join('\n')).toEqual([]);
    expect(newcomerProblems, newcomerProblems.join('\n')).toEqual([]);
    await adminContext.close();
    await newcomerContext.close();
  });
});
