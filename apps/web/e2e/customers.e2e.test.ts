import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { enrolStaff, signIn, watchProblems } from './people';
import { expectAccessibleEverywhere, expectTablesKeepWords } from './quality';
import { startServer, type RunningServer } from './server';

/**
 * The back office's customers (decision 21), in a real browser: staff find a customer and read
 * their page; a freeze makes the customer's transfer end on the notice dialog; a restriction
 * notice ends their sign-in on the info page; lifting both lets them back. axe on every new page
 * and dialog, desktop and phone, light and dark.
 */

interface Customer {
  email: string;
  password: string;
  name: string;
  accountNumber: string;
}

const STAFF = { email: 'operations@bank.example', password: 'granite harbour lighthouse keeper' };
const PIN = '3690';
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const tsx = path.join(repo, 'node_modules/.bin/tsx');
const run = promisify(execFile);

let server: RunningServer;
let browser: Browser;
let customer: Customer;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-e2e-customers-'));
  const fixture = path.join(repo, 'apps/server/test/fixtures/customer-with-history.ts');
  const [{ stdout }, launched] = await Promise.all([
    run(tsx, [fixture, dataDir], { cwd: repo }),
    launchBrowser(),
  ]);
  customer = JSON.parse(stdout) as Customer;
  browser = launched;
  server = await startServer(
    { BOOTSTRAP_ADMIN_EMAIL: STAFF.email, BOOTSTRAP_ADMIN_PASSWORD: STAFF.password },
    dataDir,
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Takes an action from its button: the form, Continue, then the confirmation's button. */
async function act(
  staff: Page,
  button: string,
  fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
  confirm: string,
  checkAs?: string,
) {
  await staff.getByRole('button', { name: button, exact: true }).click();
  const dialog = staff.getByRole('dialog');
  await fill(dialog);
  if (checkAs) await expectAccessibleEverywhere(staff, `${checkAs} form`);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: confirm }).waitFor();
  if (checkAs) await expectAccessibleEverywhere(staff, `${checkAs} confirmation`);
  await dialog.getByRole('button', { name: confirm }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('customers in the back office', () => {
  it('finds a customer, freezes and restricts them as the customer sees it, and lifts both', async () => {
    const staffContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const staff = await staffContext.newPage();
    const staffProblems = watchProblems(staff);
    await enrolStaff(staff, server.url, STAFF);

    // The search: one box, the account number finds them.
    await staff.getByRole('link', { name: 'Customers', exact: true }).first().click();
    await staff.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    await staff.getByRole('link', { name: customer.name }).first().waitFor();
    await expectAccessibleEverywhere(staff, 'customer search');
    await expectTablesKeepWords(staff, 'customer search');
    await staff.getByRole('searchbox', { name: /Search customers/ }).fill(customer.accountNumber);
    await staff.getByRole('button', { name: 'Search' }).click();
    await staff
      .getByRole('heading', { name: `Customers matching “${customer.accountNumber}”` })
      .waitFor();
    await staff.getByRole('link', { name: customer.name }).first().click();
    await staff.getByRole('heading', { level: 1, name: customer.name }).waitFor();
    await staff.getByRole('region', { name: 'Accounts and balances' }).waitFor();
    await expectAccessibleEverywhere(staff, 'customer overview');

    const nav = staff.getByRole('navigation', { name: 'Customer sections' });
    for (const [section, ready] of [
      ['Ledger', () => staff.getByRole('table', { name: /^Ledger of current account/ })],
      ['Identity checks', () => staff.getByText('No identity check yet', { exact: false })],
      ['Sign-ins', () => staff.getByText('The customer has not signed in yet.')],
      ['Internal notes', () => staff.getByLabel(/New note/)],
      ['Audit trail', () => staff.getByText('Nothing recorded yet.')],
    ] as const) {
      await nav.getByRole('link', { name: section }).click();
      await ready().first().waitFor();
      await expectAccessibleEverywhere(staff, `customer ${section}`);
      if (section === 'Ledger') await expectTablesKeepWords(staff, 'customer ledger');
    }
    await nav.getByRole('link', { name: 'Internal notes' }).click();
    await staff.getByLabel(/New note/).fill('Called: asked why a payment was slow.');
    await staff.getByRole('button', { name: 'Add note' }).click();
    await staff.getByText('Called: asked why a payment was slow.').waitFor();

    // Freeze debits: the customer's transfer is refused with the notice dialog.
    await act(
      staff,
      'Freeze',
      async (dialog) => {
        await dialog.getByLabel(/What to block/).selectOption('debits');
        await dialog.getByLabel(/Reason code/).selectOption('suspected_fraud');
        await dialog.getByLabel(/Note/).fill('Case 2291: card testing reported');
      },
      'Freeze account',
      'freeze',
    );
    await staff.getByText(/^Debits blocked: the customer was told/).waitFor();

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await signIn(page, server.url, customer.email, customer.password);
    await page.waitForURL('**/wp-user/dashboard/pincreation', { timeout: 15_000 });
    for (const label of ['Enter PIN', 'Re-enter PIN']) {
      await page.getByLabel(label).fill(PIN);
      await page.getByRole('button', { name: 'Confirm' }).click();
    }
    await page.waitForURL('**/wp-user/dashboard', { timeout: 15_000 });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Bank Transfer' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Bank Transfer' }).waitFor();
    await page.getByLabel('Bank', { exact: true }).fill('Deutsche Bank');
    await page.getByLabel('SWIFT/BIC code').fill('deutdeff');
    await page.getByLabel('Routing number').fill('021000021');
    await page.getByLabel('Country').selectOption('DE');
    await page.getByLabel('Account number').fill('DE89 3704 0044 0532 0130 00');
    await page.getByLabel('Account holder name').fill('Ada Lovelace');
    await page.getByLabel('Amount').fill('50');
    await page.getByLabel('Note').fill('Books');
    await page.getByRole('button', { name: 'Continue' }).click();
    const notice = page.getByRole('dialog', { name: 'Your account is on hold' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Payments out of your account are on hold');
    expect(await notice.textContent()).not.toMatch(/fraud/i);
    await expectAccessibleEverywhere(page, 'on-hold notice');
    await notice.getByRole('button', { name: 'Okay' }).click();
    await notice.waitFor({ state: 'detached' });

    // A restriction notice: the customer is signed out and reads it at sign-in.
    await act(
      staff,
      'Restriction notice',
      async (dialog) => {
        await dialog.getByLabel(/Heading/).fill('Account under review');
        await dialog.getByLabel(/^Notice/).fill('Please call us on 0800 000 000.');
        await dialog.getByLabel(/Reason \(internal\)/).fill('Compliance review of recent activity');
      },
      'Set notice and sign out',
      'restriction',
    );
    await staff.getByText(/^Restriction notice set and 1 session ended/).waitFor();
    await signIn(page, server.url, customer.email, customer.password);
    await page.waitForURL('**/wp-user/auth/info/notice', { timeout: 15_000 });
    await page.getByRole('heading', { level: 1, name: 'Account under review' }).waitFor();
    await page.getByText('Please call us on 0800 000 000.').waitFor();
    await expectAccessibleEverywhere(page, 'info notice');

    // Both lifted: the customer signs in to their dashboard again.
    await act(
      staff,
      'Lift restriction',
      (dialog) => dialog.getByLabel(/Reason/).fill('Review finished'),
      'Lift restriction',
    );
    await act(
      staff,
      'Unfreeze',
      (dialog) => dialog.getByLabel(/Reason/).fill('Case 2291 closed'),
      'Unfreeze',
    );
    await staff.getByText('Freeze lifted: the customer was told.').waitFor();
    await nav.getByRole('link', { name: 'Audit trail' }).click();
    await staff.getByRole('heading', { name: 'Account unfrozen' }).waitFor();
    await staff.getByRole('heading', { name: 'Restriction notice lifted' }).waitFor();
    await expectAccessibleEverywhere(staff, 'customer audit trail');

    await signIn(page, server.url, customer.email, customer.password);
    await page.waitForURL('**/wp-user/dashboard', { timeout: 15_000 });

    // The one refusal the browser logs is the transfer the freeze refused.
    const unexpected = problems.filter((p) => !/ 422 .*\/api\/v1\/transfers\)$/.test(p));
    expect(problems.length - unexpected.length).toBe(1);
    expect(unexpected, problems.join('\n')).toEqual([]);
    expect(staffProblems, staffProblems.join('\n')).toEqual([]);
  });
});
