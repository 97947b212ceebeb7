import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { enrolStaff, signIn, signInWithNewPin, watchProblems } from './people';
import { expectAccessibleEverywhere } from './quality';
import { startServer, type RunningServer } from './server';

interface Customer {
  email: string;
  password: string;
}

const STAFF = { email: 'security@bank.example', password: 'granite harbour lighthouse keeper' };
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = path.join(repo, 'apps/server/test/fixtures/customer-with-history.ts');
const tsx = path.join(repo, 'node_modules/.bin/tsx');

let server: RunningServer;
let browser: Browser;
let customer: Customer;
/** WebAuthn needs a host name: the server's relying party is `localhost` without PUBLIC_URL. */
let base: string;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-e2e-passkeys-'));
  const [{ stdout }, launched] = await Promise.all([
    promisify(execFile)(tsx, [fixture, dataDir], { cwd: repo }),
    launchBrowser(),
  ]);
  customer = JSON.parse(stdout) as Customer;
  browser = launched;
  server = await startServer(
    { BOOTSTRAP_ADMIN_EMAIL: STAFF.email, BOOTSTRAP_ADMIN_PASSWORD: STAFF.password },
    dataDir,
  );
  base = server.url.replace('127.0.0.1', 'localhost');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Signed in, the dashboard says Welcome Back once and its address stays plain (no "?index"). */
async function expectDashboardAddress(page: Page) {
  await page.getByText('Welcome Back').waitFor();
  // The toast's history entry is replaced once it shows: the address is read after that.
  await expect
    .poll(() => page.evaluate(() => (window.history.state as { usr?: unknown } | null)?.usr))
    .toEqual({ keepFocus: true });
  expect(new URL(page.url()).pathname).toBe('/wp-user/dashboard');
  expect(new URL(page.url()).search).toBe('');
}

/**
 * A platform authenticator that verifies its user (a fingerprint, say) each time, through
 * Chrome DevTools' WebAuthn domain: what a laptop's Touch ID or Windows Hello would do.
 */
async function withAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/** The settings section alone as a picture, at the page's width (E2E_SCREENSHOTS). */
async function pictureOfSection(page: Page, name: string) {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const section = page.locator('section', {
    has: page.getByRole('heading', { name: 'Passkeys', level: 2 }),
  });
  const width = page.viewportSize()?.width ?? 0;
  await section.screenshot({ path: path.join(folder, `${name}-${width}.png`) });
}

describe('passkeys', () => {
  it('adds a passkey in Settings, then signs in with it instead of the password', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const authenticator = await withAuthenticator(context, page);

    await signInWithNewPin(page, base, customer, '3690');
    await page.goto(`${base}/wp-user/dashboard/settings`);
    await page.getByRole('heading', { name: 'Passkeys', level: 2 }).waitFor();
    await page.getByText('No passkeys yet').waitFor();
    await pictureOfSection(page, 'passkeys-empty');
    await page.setViewportSize({ width: 360, height: 740 });
    await pictureOfSection(page, 'passkeys-empty');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    const name = dialog.getByLabel('Passkey name');
    // Suggested from this browser's user agent.
    expect(await name.inputValue()).toMatch(/Chrome on Linux/);
    await expectAccessibleEverywhere(page, 'add a passkey');
    await name.fill('Work laptop');
    await dialog.getByLabel('Your account password').fill(customer.password);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Passkey “Work laptop” added.', { exact: false }).waitFor();
    const row = page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
    await expect.poll(() => row.allTextContents()).toEqual([expect.stringContaining('Never used')]);
    expect(await authenticator.credentials()).toHaveLength(1);
    // The message took the focus and scrolled the page: from the top, the sticky bar covers no
    // field (axe counts a covered Show button as too small a target).
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessibleEverywhere(page, 'passkeys settings');
    await pictureOfSection(page, 'passkeys-list');
    await page.setViewportSize({ width: 360, height: 740 });
    await pictureOfSection(page, 'passkeys-list');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Signed out, the passkey is the way back in: no email, no password.
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL('**/wp-user/auth**', { timeout: 15_000 });
    await page.goto(`${base}/wp-user/auth/signin`);
    const withPasskey = page.getByRole('button', { name: 'Sign in with a passkey' });
    await withPasskey.waitFor();
    await expectAccessibleEverywhere(page, 'sign-in with a passkey');
    await withPasskey.click();
    await page.waitForURL('**/wp-user/dashboard', { timeout: 15_000 });

    await page.goto(`${base}/wp-user/dashboard/settings`);
    await expect
      .poll(() => row.allTextContents(), { timeout: 10_000 })
      .toEqual([expect.stringMatching(/Work laptop.*last used/)]);

    // A transfer to a new payee asks for the code: the passkey approves it instead, named by
    // its amount and payee.
    await page.goto(`${base}/wp-user/dashboard/send`);
    await page.getByRole('heading', { level: 1, name: 'Bank Transfer' }).waitFor();
    await page.getByLabel('Bank', { exact: true }).fill('Deutsche Bank');
    await page.getByLabel('SWIFT/BIC code').fill('DEUTDEFF');
    await page.getByLabel('Routing number').fill('021000021');
    await page.getByLabel('Country').selectOption('DE');
    await page.getByLabel('Account number').fill('DE89 3704 0044 0532 0130 00');
    await page.getByLabel('Account holder name').fill('Grace Hopper');
    await page.getByLabel('Amount').fill('250');
    await page.getByLabel('Note').fill('Conference fee');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Confirm transfer' }).waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { level: 1, name: 'Authorize transfer' }).waitFor();
    await page.getByLabel('Transaction PIN').fill('3690');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'Transfer Authorization Code is required' }).waitFor();
    const approve = page.getByRole('button', { name: 'Approve $250.00 to Grace Hopper' });
    await approve.waitFor();
    // Offered first: no code was emailed, the boxes wait until one is asked for.
    await page.getByRole('button', { name: 'Email me a code instead' }).waitFor();
    expect(await page.getByRole('group', { name: 'Authorization code' }).count()).toBe(0);
    await expectAccessibleEverywhere(page, 'transfer code step with a passkey');
    await approve.click();
    await page.getByText('Successful! Await Confirmation').waitFor({ timeout: 15_000 });
    await page.waitForURL('**/wp-user/dashboard', { timeout: 15_000 });

    // Two-step sign-in with the passkey: the password alone no longer signs in a new browser.
    await page.goto(`${base}/wp-user/dashboard/settings`);
    await page.getByRole('button', { name: 'Use my passkey' }).click();
    await page.getByText('Two-step sign-in is on. Save your recovery codes now.').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessibleEverywhere(page, 'two-step sign-in turned on, recovery codes');
    const recoveryCode = await page
      .getByRole('list', { name: 'Recovery codes' })
      .getByRole('listitem')
      .first()
      .textContent();
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL('**/wp-user/auth**', { timeout: 15_000 });
    await context.clearCookies();
    await signIn(page, base, customer.email, customer.password);
    await page.waitForURL('**/wp-user/auth/second-factor', { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Confirm it’s you' }).waitFor();
    await expectAccessibleEverywhere(page, 'customer second step');
    await page.getByRole('button', { name: 'Use your passkey' }).click();
    await page.waitForURL('**/wp-user/dashboard', { timeout: 15_000 });
    await expectDashboardAddress(page);

    // Another new browser, a recovery code instead: a mistyped one is said on its field and
    // kept there to be corrected; the right one lands on the dashboard's own address.
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL('**/wp-user/auth**', { timeout: 15_000 });
    await context.clearCookies();
    await signIn(page, base, customer.email, customer.password);
    await page.waitForURL('**/wp-user/auth/second-factor', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    const codeField = page.getByLabel('Recovery code');
    await codeField.fill('abcde-fghi1');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => codeField.getAttribute('aria-invalid')).toBe('true');
    expect(await codeField.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await codeField.inputValue()).toBe('abcde-fghi1');
    await page.getByText('Enter a recovery code as it was printed').waitFor();
    await expectAccessibleEverywhere(page, 'customer second step, mistyped recovery code');
    await codeField.fill(recoveryCode ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/wp-user/dashboard', { timeout: 15_000 });
    await expectDashboardAddress(page);

    // Off again, with the password, so that the passkey can be removed below.
    await page.goto(`${base}/wp-user/dashboard/settings`);
    await page.getByRole('button', { name: 'Turn off' }).click();
    const off = page.getByRole('dialog', { name: 'Turn off two-step sign-in' });
    await off.getByLabel('Your account password').fill(customer.password);
    await off.getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('button', { name: 'Use my passkey' }).waitFor();

    // The removal asks for the password; a wrong one is said on the field.
    await page.goto(`${base}/wp-user/dashboard/settings`);
    await page.getByRole('button', { name: 'Remove Work laptop' }).click();
    const removal = page.getByRole('dialog', { name: 'Remove passkey' });
    await removal.getByLabel('Your account password').fill('not my password');
    await removal.getByRole('button', { name: 'Remove passkey' }).click();
    const password = removal.getByLabel('Your account password');
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    await expectAccessibleEverywhere(page, 'remove a passkey, wrong password');
    await password.fill(customer.password);
    await removal.getByRole('button', { name: 'Remove passkey' }).click();
    await page.getByText('Passkey “Work laptop” removed.').waitFor();
    await page.getByText('No passkeys yet').waitFor();

    // The wrong password's refusal, on purpose; nothing else.
    const refused = (problem: string) => / 400 .*\/api\/v1\/passkeys\/\d+\/remove\)$/.test(problem);
    expect(problems.filter(refused)).toHaveLength(1);
    const unexpected = problems.filter((problem) => !refused(problem));
    expect(unexpected, unexpected.join('\n')).toEqual([]);
    await context.close();
  });

  it('lets a staff member add their own passkey, which then stands for both sign-in factors', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await withAuthenticator(context, page);

    await enrolStaff(page, base, STAFF);
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Your security' })
      .click();
    await page.getByRole('heading', { name: 'Your security', level: 1 }).waitFor();
    await page.getByText('No passkeys yet').waitFor();
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await dialog.getByLabel('Passkey name').fill('Desk computer');
    await dialog.getByLabel('Your account password').fill(STAFF.password);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Passkey “Desk computer” added.', { exact: false }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessibleEverywhere(page, 'staff security');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/wp-user/auth**', { timeout: 15_000 });
    await page.goto(`${base}/wp-user/auth/signin`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    // No password and no authenticator code: straight to the back office.
    await page.waitForURL('**/wp-user/admin', { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();

    // The password, then the passkey instead of the authenticator app as the second factor.
    // (Signed out from a page that reads nothing on its own: the Overview refreshes itself, and
    // a refresh racing the sign-out would be a 401 in the console.)
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Your security' })
      .click();
    await page.getByRole('heading', { name: 'Your security', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/wp-user/auth**', { timeout: 15_000 });
    await signIn(page, base, STAFF.email, STAFF.password);
    await page.waitForURL('**/wp-user/auth/staff/second-factor', { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Confirm it’s you' }).waitFor();
    await expectAccessibleEverywhere(page, 'staff second step with a passkey');
    await page.getByRole('button', { name: 'Use your passkey' }).click();
    await page.waitForURL('**/wp-user/admin', { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();

    expect(problems, problems.join('\n')).toEqual([]);
    await context.close();
  });

  it('explains, at a numeric address, why there is no passkey button', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/wp-user/auth/signin`);
    await page
      .getByText('Passkeys need the bank’s address to be a name, such as localhost, not a number.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Sign in with a passkey' }).count()).toBe(0);
    await context.close();
  });
});
