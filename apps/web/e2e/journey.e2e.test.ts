import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { waitForMail } from './mailbox';
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

/** Collects script errors and CSP refusals: any of them fails the journey. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  return problems;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/wp-user/auth/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

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
  await staff.goto(`${server.url}/wp-user/admin`);
  await staff.waitForURL('**/wp-user/admin/kyc');
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
    expect(readFileSync(await download.path()).equals(PDF)).toBe(true);
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
    await signIn(staff, STAFF.email, STAFF.password);
    await staff.waitForURL('**/wp-user/admin/kyc', { timeout: 15_000 });
    await staff.getByRole('link', { name: 'Document types' }).click();
    await staff.getByRole('heading', { name: 'Document types' }).waitFor();
    await staff.getByLabel('Name').fill('Residence Permit');
    await staff.getByRole('button', { name: 'Add', exact: true }).click();
    await staff.getByText('Residence Permit is now offered to customers.').waitFor();
    await expectAccessibleEverywhere(staff, 'document types');

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
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
    await page.keyboard.type(code);
    await page.waitForURL('**/wp-user/auth/account/verification', { timeout: 15_000 });
    await submitIdentity(page, {
      checkPages: true,
      pdfBack: false,
      documentType: "Driver's License",
    });

    // The reviewer finds the submission in the queue and declines it with a reason.
    await staff.getByRole('link', { name: 'Identity checks' }).click();
    await staff.getByRole('link', { name: 'Mary Jackson' }).waitFor();
    await expectAccessibleEverywhere(staff, 'staff queue');
    await openSubmission(staff, 'Mary Jackson', { checkPages: true, pdfBack: false });
    await staff.getByLabel('Reason for the customer').fill(DECLINE_REASON);
    await staff.getByRole('button', { name: 'Decline' }).click();
    await staff.getByText('Declined. Mary Jackson has been emailed the reason').waitFor();
    await waitForMail(server.dataDir, email, /blurred/);

    // The customer signs in, reads the reason, and submits again (the ID back as a PDF this time).
    await signIn(page, email, password);
    await page.waitForURL('**/wp-user/auth/account/verification', { timeout: 15_000 });
    await page.getByText(`Your last submission was declined: ${DECLINE_REASON}`).waitFor();
    await submitIdentity(page, {
      checkPages: false,
      pdfBack: true,
      documentType: 'Residence Permit',
    });

    // The reviewer approves through the staff area: two presses, and the account number shows.
    await openSubmission(staff, 'Mary Jackson', { checkPages: false, pdfBack: true });
    await staff.getByText('Residence Permit').waitFor();
    await staff.getByRole('button', { name: 'Approve' }).click();
    await staff.getByRole('button', { name: 'Confirm approval' }).click();
    const approved = await staff.getByText(/current account \d{10} is open/).textContent();
    const accountNumber = /(\d{10})/.exec(approved ?? '')?.[1] ?? '';
    expect(accountNumber).toMatch(/^\d{10}$/);
    await staff.getByText('Approved', { exact: true }).waitFor();
    await waitForMail(server.dataDir, email, /current account is open/);

    // The customer signs in and reaches the dashboard with the new account, empty and at zero.
    await signIn(page, email, password);
    await page.waitForURL('**/wp-user/dashboard', { timeout: 15_000 });
    await page.getByText(accountNumber).waitFor();
    await page.getByText('$0.00').first().waitFor();
    await page.getByText('No Transaction History').waitFor();
    await expectAccessibleEverywhere(page, 'dashboard home');

    // The site root now leads a signed-in customer to the dashboard.
    await page.goto(`${server.url}/wp-user/`);
    await page.waitForURL('**/wp-user/dashboard');

    expect(problems, problems.join('\n')).toEqual([]);
    expect(staffProblems, staffProblems.join('\n')).toEqual([]);
    await staffContext.close();
    await customerContext.close();
  });
});
