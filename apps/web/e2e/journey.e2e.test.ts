import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { waitForMail } from './mailbox';
import { enrolStaff, signIn, signInStaff, typeCode, watchProblems } from './people';
import { expectAccessibleEverywhere } from './quality';
import { startServer, type RunningServer } from './server';

const STAFF = { email: 'reviewer@bank.example', password: 'granite harbour lighthouse keeper' };
const DECLINE_REASON = 'The ID photo is blurred; please send a sharper one.';
/** A small, plain PDF (no scripts or actions), as a scanner might produce for the ID back. */
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 120] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n'),
  'latin1',
);

let server: RunningServer;
let browser: Browser;
let image: Buffer;

beforeAll(async () => {
  [server, browser, image] = await Promise.all([
    startServer({ BOOTSTRAP_ADMIN_EMAIL: STAFF.email, BOOTSTRAP_ADMIN_PASSWORD: STAFF.password }),
    launchBrowser(),
    sharp({ create: { width: 120, height: 90, channels: 3, background: '#48a' } })
      .png()
      .toBuffer(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * Fills and sends the identity check form (the ID back as a PDF when asked), then leaves from
 * "under review" with Okay.
 */
async function submitIdentity(
  page: Page,
  options: { checkPages: boolean; pdfBack: boolean; documentType: string },
) {
  const { checkPages } = options;
  await page.getByLabel('Country').selectOption('GB');
  await page.getByLabel('Phone').fill('07911 123456');
  await page.getByLabel('Home address').fill('1 High Street, London');
  await page.getByLabel('Document type').selectOption({ label: options.documentType });
  for (const label of ['A photo of yourself', 'ID front', 'ID back']) {
    const file =
      label === 'ID back' && options.pdfBack
        ? { name: 'id-back.pdf', mimeType: 'application/pdf', buffer: PDF }
        : { name: 'doc.png', mimeType: 'image/png', buffer: image };
    await page.getByLabel(label).setInputFiles(file);
  }
  if (checkPages) await expectAccessibleEverywhere(page, 'identity check form');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText(/Your documents were received/).waitFor();
  await page.waitForURL('**/wp-user/auth/account/under-review', { timeout: 15_000 });
  if (checkPages) await expectAccessibleEverywhere(page, 'under review');
  await page.getByRole('button', { name: 'Okay' }).click();
  await page.getByText('Logged out!').waitFor();
}

/**
 * A reviewer opens the customer's submission from the queue and sees its documents: pictures
 * inline, a PDF as a download that arrives intact.
 */
async function openSubmission(
  staff: Page,
  customerName: string,
  options: { checkPages: boolean; pdfBack: boolean },
) {
  await staff.goto(`${server.url}/wp-user/admin/kyc`);
  await staff.getByRole('link', { name: customerName }).click();
  await staff.getByRole('heading', { name: customerName }).waitFor();
  const pictures = ['Photo of the customer', 'ID front', ...(options.pdfBack ? [] : ['ID back'])];
  for (const name of pictures) {
    const shown = staff.getByRole('img', { name });
    await shown.waitFor();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
  }
  if (options.pdfBack) {
    const [download] = await Promise.all([
      staff.waitForEvent('download'),
      staff.getByRole('link', { name: 'Download PDF, ID back' }).click(),
    ]);
    // What is kept of a PDF is its checked objects written out afresh (decision 7): the same
    // page, not the same bytes.
    const kept = readFileSync(await download.path()).toString('latin1');
    expect(kept.startsWith('%PDF-')).toBe(true);
    expect(kept).toMatch(/\/MediaBox\s*\[\s*0\s+0\s+200\s+120\s*\]/);
  }
  if (options.checkPages) await expectAccessibleEverywhere(staff, 'staff review page');
}

describe('a new customer, from sign-up to an approved account', () => {
  it('signs up, verifies, is declined with a reason, resubmits, is approved in the staff area and reaches the dashboard', async () => {
    // Staff sign in on the customers' sign-in page and land in the back office. An admin adds a
    // document type to the catalog; customers are offered it from then on.
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    const staffProblems = watchProblems(staff);
    const nextCode = await enrolStaff(staff, server.url, STAFF);
    // The back office opens on its overview: the queues and the ledger's health.
    await staff.getByRole('region', { name: 'Ledger health' }).waitFor();
    await expectAccessibleEverywhere(staff, 'overview');
    await staff.getByRole('link', { name: 'Document types' }).click();
    await staff.getByRole('heading', { name: 'Document types' }).waitFor();
    await staff.getByLabel('Name').fill('Residence Permit');
    await staff.getByRole('button', { name: 'Add', exact: true }).click();
    await staff.getByText('Residence Permit is now offered to customers.').waitFor();
    await expectAccessibleEverywhere(staff, 'document types');
    // The admin publishes how customers reach support, and looks at region availability.
    await staff.getByRole('link', { name: 'Support contacts' }).click();
    await staff.getByLabel('WhatsApp number').fill('+44 7700 900123');
    await staff.getByLabel('Support email').fill('help@bank.example');
    await staff.getByRole('button', { name: 'Publish' }).click();
    await staff.getByText('Published. Customers see these now.').waitFor();
    await expectAccessibleEverywhere(staff, 'support contacts');
    await staff.getByRole('link', { name: 'Region availability' }).click();
    await staff.getByText('Not offered anywhere').waitFor();
    await expectAccessibleEverywhere(staff, 'region availability');

    const customerContext = await browser.newContext();
    const page = await customerContext.newPage();
    const problems = watchProblems(page);
    const email = `journey.${Date.now()}@example.com`;
    const password = 'velvet tram orbit lantern';

    // Sign up.
    await page.goto(`${server.url}/wp-user/auth`);
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByLabel('First name').fill('Mary');
    await page.getByLabel('Last name').fill('Jackson');
    await page.getByLabel('Username').fill(`mary_${Date.now().toString(36)}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('I confirm that I am at least 18 years old and accept the terms').check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(`**/wp-user/auth/verify/${encodeURIComponent(email)}`, {
      timeout: 15_000,
    });

    // The code arrives in the mailbox; typing it verifies and leads to the identity check.
    const mail = await waitForMail(server.dataDir, email, /verification code is \d{6}/);
    const code = /verification code is (\d{6})/.exec(mail.text)?.[1] ?? '';
    await typeCode(page, code);
    await page.waitForURL('**/wp-user/auth/account/verification', { timeout: 15_000 });
    await submitIdentity(page, {
      checkPages: true,
      pdfBack: false,
      documentType: "Driver's License",
    });

    // The reviewer finds the submission in the queue and declines it with a reason.
    await staff
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Identity checks' })
      .click();
    await staff.getByRole('link', { name: 'Mary Jackson' }).waitFor();
    await expectAccessibleEverywhere(staff, 'staff queue');
    await openSubmission(staff, 'Mary Jackson', { checkPages: true, pdfBack: false });
    await staff.getByLabel('Reason for the customer').fill(DECLINE_REASON);
    await staff.getByRole('button', { name: 'Decline' }).click();
    await staff.getByText('Declined. Mary Jackson has been emailed the reason').waitFor();
    await waitForMail(server.dataDir, email, /blurred/);

    // The customer signs in, reads the reason, and submits again (the ID back as a PDF this time).
    await signIn(page, server.url, email, password);
    await page.waitForURL('**/wp-user/auth/account/verification', { timeout: 15_000 });
    await page.getByText(`Your last submission was declined: ${DECLINE_REASON}`).waitFor();
    // What was sent last time is filled in again (the phone as the bank stored it).
    await expect.poll(() => page.getByLabel('Phone').inputValue()).toBe('+447911123456');
    expect(await page.getByLabel('Home address').inputValue()).toBe('1 High Street, London');
    await submitIdentity(page, {
      checkPages: false,
      pdfBack: true,
      documentType: 'Residence Permit',
    });

    // The reviewer signs out, comes back with a fresh code from the app, and approves: confirmed
    // in a dialog, after which the account number shows.
    await staff.getByRole('button', { name: 'Sign out' }).click();
    await staff.getByText('Logged out!').waitFor();
    await signInStaff(staff, server.url, STAFF, nextCode, true);
    await openSubmission(staff, 'Mary Jackson', { checkPages: false, pdfBack: true });
    await staff.getByText('Residence Permit').waitFor();
    await staff.getByRole('button', { name: 'Approve' }).click();
    await staff.getByRole('dialog', { name: 'Approve Mary Jackson?' }).waitFor();
    await expectAccessibleEverywhere(staff, 'approval dialog');
    await staff.getByRole('button', { name: 'Confirm approval' }).click();
    const approved = await staff.getByText(/current account \d{10} is open/).textContent();
    const accountNumber = /(\d{10})/.exec(approved ?? '')?.[1] ?? '';
    expect(accountNumber).toMatch(/^\d{10}$/);
    await staff.getByText('Approved', { exact: true }).waitFor();
    await waitForMail(server.dataDir, email, /current account is open/);

    // The audit log holds both decisions about her; the trial balance still reads zero.
    const backOffice = staff.getByRole('navigation', { name: 'Back office' });
    await backOffice.getByRole('link', { name: 'Audit log' }).click();
    await staff.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    await staff.getByLabel('Customer', { exact: true }).fill(email);
    await staff.getByRole('button', { name: 'Search', exact: true }).click();
    const log = staff.getByRole('table', { name: 'Audit log, newest first' });
    await log.getByText('Identity check approved', { exact: true }).waitFor();
    await log.getByText('Identity check declined', { exact: true }).waitFor();
    await expectAccessibleEverywhere(staff, 'audit log');
    await backOffice.getByRole('link', { name: 'Trial balance' }).click();
    await staff.getByText('OK: the USD accounts sum to zero.').waitFor();
    await expectAccessibleEverywhere(staff, 'trial balance');

    // The customer mistypes the password five times; the right one then needs the code emailed
    // to her as well, and she reaches the dashboard with the new account, empty and at zero.
    await page.goto(`${server.url}/wp-user/auth/signin`);
    await page.getByLabel('Email').fill(email);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.getByLabel('Password', { exact: true }).fill(`wrong guess ${attempt}`);
      await Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/signin')),
        page.getByRole('button', { name: 'Sign in', exact: true }).click(),
      ]);
    }
    await page.getByRole('alert').getByText('Invalid Credentials').waitFor();
    // The pressed button was busy meanwhile, which drops the focus: the message takes it, so a
    // keyboard user carries on from there, not from the top of the page.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert');
    // Chromium reports each refused password (401) on the console: those five are expected.
    const refused = (problem: string) =>
      problem.includes('status of 401') && problem.endsWith('/api/v1/auth/signin)');
    expect(problems.filter(refused)).toHaveLength(5);
    problems.splice(0, problems.length, ...problems.filter((problem) => !refused(problem)));
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Enter your sign-in code' }).waitFor();
    await page.getByText(`We emailed a sign-in code to ${email}`).waitFor();
    await expectAccessibleEverywhere(page, 'sign-in code step');
    const signinMail = await waitForMail(server.dataDir, email, /sign-in code is \d{6}/);
    await typeCode(page, /sign-in code is (\d{6})/.exec(signinMail.text)?.[1] ?? '');
    // A customer without a transaction PIN creates one first (spec: pincreation).
    await page.waitForURL('**/wp-user/dashboard/pincreation', { timeout: 15_000 });
    await expectAccessibleEverywhere(page, 'PIN creation');
    await page.getByLabel('Enter PIN').fill('2580');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByLabel('Re-enter PIN').fill('2581');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page
      .getByText('We have detected that the PIN you entered does not match. Please Re-enter PIN')
      .waitFor();
    await page.getByLabel('Enter PIN').fill('2580');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByLabel('Re-enter PIN').fill('2580');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Your transaction PIN has been successfully created').waitFor();
    await page.waitForURL('**/wp-user/dashboard', { timeout: 15_000 });
    // In the overview, and in the first steps' "give them your account number".
    await page.getByText(accountNumber).first().waitFor();
    await page
      .getByRole('region', { name: 'Welcome to your new account' })
      .getByText(accountNumber)
      .waitFor();
    await page.getByText('$0.00').first().waitFor();
    await page.getByText('No Transaction History').waitFor();
    await expectAccessibleEverywhere(page, 'dashboard home');
    // Creating the PIN was a notification: the bell counts it.
    await page.getByRole('link', { name: 'Notifications, 1 unread' }).waitFor();

    // The pages of the signed-in app, each checked by axe in light, dark and at 360 px.
    const open = async (label: string, heading: string | RegExp) => {
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: label })
        .click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    };
    await open('Notifications', 'Notifications');
    await page.getByText('Transaction PIN created').waitFor();
    await expectAccessibleEverywhere(page, 'notifications');
    await page.getByRole('button', { name: 'Mark as read' }).click();
    await page.getByText('Marked as read').waitFor();
    await page.getByRole('link', { name: 'Notifications', exact: true }).first().waitFor();

    await open('Help & Support', 'Help & Support');
    await page.getByRole('link', { name: /Chat with us on WhatsApp/ }).waitFor();
    await page.getByRole('link', { name: /Email us/ }).waitFor();
    expect(await page.getByText('Call us').count()).toBe(0);
    await expectAccessibleEverywhere(page, 'help and support');
    await open('Bank Transfer', 'Bank Transfer');
    await page.getByText('No transfers yet.', { exact: false }).waitFor();
    await page.getByLabel('SWIFT/BIC code').waitFor();
    // A new bank has not published its own details: paying another of its customers says so.
    const cedar = page.getByRole('radio', { name: 'To a Cedar Bank customer' });
    expect(await cedar.isDisabled()).toBe(true);
    expect(await cedar.getAttribute('aria-describedby')).toBeTruthy();
    await page.getByText('Not available yet: the bank is still setting it up.').waitFor();
    await expectAccessibleEverywhere(page, 'bank transfer, nothing sent yet');

    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await expectAccessibleEverywhere(page, 'profile');
    await page
      .getByLabel('Add a picture')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: image });
    await page.getByText('Your picture has been updated.').waitFor();
    // The top bar shows it at once.
    await page.locator('header img').first().waitFor();

    await open('Settings', 'Settings');
    await expectAccessibleEverywhere(page, 'settings');
    // Changing the PIN is a notification: the bell counts it without a reload.
    await page.getByLabel('Current PIN').fill('2580');
    await page.getByLabel('New PIN', { exact: true }).fill('1470');
    await page.getByLabel('Confirm new PIN').fill('1470');
    await page.getByRole('button', { name: 'Save' }).nth(2).click();
    await page.getByText('Action Successful! Your PIN is changed.').waitFor();
    await page.getByRole('link', { name: /^Notifications, \d+ unread$/ }).waitFor();

    // Loan is not offered: said so, then back to the dashboard after 5 s.
    await open('Loan', 'Loan');
    await page.getByText('Not Available in your region').waitFor();
    await expectAccessibleEverywhere(page, 'not available');
    await page.waitForURL('**/wp-user/dashboard', { timeout: 10_000 });

    // On a phone the menu closes once an item is chosen.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/wp-user/dashboard/no-such-page`);
    await page.waitForURL('**/wp-user/dashboard');

    // The site root now leads a signed-in customer to the dashboard.
    await page.goto(`${server.url}/wp-user/`);
    await page.waitForURL('**/wp-user/dashboard');

    expect(problems, problems.join('\n')).toEqual([]);
    expect(staffProblems, staffProblems.join('\n')).toEqual([]);
    await staffContext.close();
    await customerContext.close();
  });
});
