import { readFileSync } from 'node:fs';
import { generate } from 'otplib';
import { request, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { waitForMail } from './mailbox';
import { expectAccessibleEverywhere } from './quality';

/** What the browser suites do as people: sign in, type codes, enrol staff, watch for errors. */

export interface StaffCredentials {
  email: string;
  password: string;
}

/** Collects script errors and CSP refusals: any of them fails the journey. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') {
      problems.push(`console: ${message.text()} (${message.location().url})`);
    }
  });
  return problems;
}

export async function signIn(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/wp-user/auth/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** A customer's first sign-in: the password, then the PIN chosen twice, to the dashboard. */
export async function signInWithNewPin(
  page: Page,
  baseUrl: string,
  who: { email: string; password: string },
  pin: string,
) {
  await signIn(page, baseUrl, who.email, who.password);
  await page.waitForURL('**/wp-user/dashboard/pincreation', { timeout: 15_000 });
  for (const label of ['Enter PIN', 'Re-enter PIN']) {
    await page.getByLabel(label).fill(pin);
    await page.getByRole('button', { name: 'Confirm' }).click();
  }
  await page.waitForURL('**/wp-user/dashboard', { timeout: 15_000 });
}

/** The balance a fixture's ledger lines leave (credits less debits, minor units). */
export function balanceOfLines(lines: { type: string; amount: string }[]): bigint {
  return lines.reduce(
    (sum, l) => sum + (l.type === 'credit' ? BigInt(l.amount) : -BigInt(l.amount)),
    0n,
  );
}

/** Types a one-time code into the row of digit boxes on the page. */
export async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
}

const TOTP_STEP_SECONDS = 30;

/**
 * A staff member's authenticator app. The server takes each 30-second code once, so a code is
 * made for a step later than the last one used (up to one step ahead, which the server allows
 * for clock drift).
 */
function authenticator(secret: string) {
  let lastStep = 0;
  return async (): Promise<string> => {
    const step = Math.max(Math.floor(Date.now() / 1000 / TOTP_STEP_SECONDS), lastStep + 1);
    lastStep = step;
    return generate({ secret, epoch: step * TOTP_STEP_SECONDS });
  };
}

/**
 * The first staff sign-in: set up the authenticator app from the key shown on the page, save
 * the recovery codes (downloaded as a file), reach the back office. Returns the app.
 */
export async function enrolStaff(staff: Page, baseUrl: string, who: StaffCredentials) {
  await signIn(staff, baseUrl, who.email, who.password);
  await staff.waitForURL('**/wp-user/auth/staff/second-factor', { timeout: 15_000 });
  await staff.getByRole('heading', { name: 'Set up two-step sign-in' }).waitFor();
  const qr = staff.getByRole('img', { name: /QR code/ });
  await expect
    .poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const shownKey = await staff.locator('code').first().textContent();
  const secret = (shownKey ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expectAccessibleEverywhere(staff, 'second-factor set-up');

  const nextCode = authenticator(secret);
  await typeCode(staff, await nextCode());
  await staff.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
  const codes = await staff
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(codes).toHaveLength(10);
  await expectAccessibleEverywhere(staff, 'recovery codes');
  const [download] = await Promise.all([
    staff.waitForEvent('download'),
    staff.getByRole('button', { name: 'Download as .txt' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('cedar-bank-recovery-codes.txt');
  const saved = readFileSync(await download.path(), 'utf8');
  for (const code of codes) expect(saved).toContain(code);
  await staff.getByLabel('I have saved my recovery codes').check();
  await staff.getByRole('button', { name: 'Continue' }).click();
  await staff.waitForURL('**/wp-user/admin', { timeout: 15_000 });
  await staff.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  return nextCode;
}

/** A later staff sign-in: password, then the app's current code. */
export async function signInStaff(
  staff: Page,
  baseUrl: string,
  who: StaffCredentials,
  nextCode: () => Promise<string>,
  checkPage: boolean,
) {
  await signIn(staff, baseUrl, who.email, who.password);
  await staff.waitForURL('**/wp-user/auth/staff/second-factor', { timeout: 15_000 });
  await staff.getByRole('heading', { name: 'Confirm it’s you' }).waitFor();
  if (checkPage) await expectAccessibleEverywhere(staff, 'second-factor verify');
  await typeCode(staff, await nextCode());
  await staff.waitForURL('**/wp-user/admin', { timeout: 15_000 });
  await staff.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
}

export interface SecondApprover {
  /** Approves a proposal under Approvals, as this second staff member. */
  approve(approvalId: string): Promise<void>;
  /** Signs this second staff member in on `page` (password, then their app's code). */
  signInOn(page: Page): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * A second staff member for two-person changes (decision 21), set up through the server's own
 * routes as the staff suite does through the pages: `admin` (signed in on its page) invites them
 * with `roles`, they take the emailed link, choose a password, sign in and set up their
 * authenticator app. Only a different person may approve what the admin proposes.
 */
export async function inviteSecondApprover(
  admin: Page,
  baseUrl: string,
  dataDir: string,
  who: StaffCredentials & { firstName: string; lastName: string },
  roles: string[],
): Promise<SecondApprover> {
  const csrf = { 'x-bank-csrf': '1' };
  const invited = await admin.request.post(`${baseUrl}/api/v1/staff/team/invitations`, {
    headers: csrf,
    data: { email: who.email, firstName: who.firstName, lastName: who.lastName, roles },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const mail = await waitForMail(dataDir, who.email, /staff\/invitation\//);
  const token = /\/auth\/staff\/invitation\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  expect(token).toBeDefined();

  const api = await request.newContext({ baseURL: baseUrl, extraHTTPHeaders: csrf });
  const call = async (path: string, data: unknown = {}) => {
    const response = await api.post(path, { data });
    expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
    return response.json() as Promise<Record<string, unknown>>;
  };
  await call('/api/v1/auth/staff-invitation/accept', { token, password: who.password });
  await call('/api/v1/auth/signin', { email: who.email, password: who.password });
  const { secret } = (await call('/api/v1/auth/mfa/setup')) as { secret: string };
  const nextCode = authenticator(secret);
  await call('/api/v1/auth/mfa/enrol', { code: await nextCode() });
  return {
    async approve(approvalId) {
      await call(`/api/v1/staff/approvals/${approvalId}/approve`);
    },
    signInOn: (page) => signInStaff(page, baseUrl, who, nextCode, false),
    dispose: () => api.dispose(),
  };
}

/**
 * The change waiting on `page` (its "Open the proposal" link) approved by the second person,
 * then the page read again: the box is gone.
 */
export async function approveWaiting(page: Page, approver: SecondApprover) {
  const link = page.getByRole('link', { name: /^Open the proposal/ });
  const href = await link.getAttribute('href');
  const id = /\/admin\/approvals\/(\d+)$/.exec(href ?? '')?.[1];
  expect(id, href ?? 'no link').toBeDefined();
  await approver.approve(id ?? '');
  await page.reload();
  await page.getByRole('heading', { level: 1 }).waitFor();
  await expect.poll(() => link.count()).toBe(0);
}
