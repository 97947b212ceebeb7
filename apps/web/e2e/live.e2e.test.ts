import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { formatMoney } from '@bank/contract';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { waitForMail } from './mailbox';
import {
  approveWaiting,
  balanceOfLines,
  enrolStaff,
  inviteSecondApprover,
  signInWithNewPin,
  watchProblems,
} from './people';
import { expectAccessibleEverywhere } from './quality';
import { startServer, type RunningServer } from './server';

/**
 * Screens that stay true (issue 19, decision 25): the customer's open dashboard shows money on
 * its way and changes the moment it is decided, with no reload: a pending deposit turns into
 * its confirmed line when staff confirm it, another turns declined with staff's reason when they
 * decline it, and a customer paid by another customer of the bank sees the money arrive.
 */

interface Person {
  email: string;
  password: string;
  name: string;
  accountNumber: string;
}
type Customer = Person & {
  lines: { type: 'credit' | 'debit'; amount: string }[];
  recipient: Person;
};

const STAFF = { email: 'live@bank.example', password: 'granite harbour lighthouse keeper' };
const OWN_SWIFT = 'CEDRUS33';
const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const PIN = '3690';
const DECLINE_REASON =
  'No payment of $40.00 reached our Bitcoin address within 48 hours. Check the transaction id in your wallet, then send the proof again.';
const CODE = /authorize the transfer of .*? is (\d{4})\b/s;
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const tsx = path.join(repo, 'node_modules/.bin/tsx');
const run = promisify(execFile);
const usd = (minor: bigint) => formatMoney(minor, 'USD');

let server: RunningServer;
let browser: Browser;
let customer: Customer;
let dataDir: string;
let proof: Buffer;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-e2e-live-'));
  const fixture = path.join(repo, 'apps/server/test/fixtures/customer-with-history.ts');
  const [{ stdout }, launched, picture] = await Promise.all([
    run(tsx, [fixture, dataDir, 'with-recipient'], { cwd: repo }),
    launchBrowser(),
    sharp({ create: { width: 160, height: 90, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer(),
  ]);
  customer = JSON.parse(stdout) as Customer;
  browser = launched;
  proof = picture;
  server = await startServer(
    { BOOTSTRAP_ADMIN_EMAIL: STAFF.email, BOOTSTRAP_ADMIN_PASSWORD: STAFF.password },
    dataDir,
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function startingBalance() {
  return balanceOfLines(customer.lines);
}

function firstSignIn(page: Page, who: Person) {
  return signInWithNewPin(page, server.url, who, PIN);
}

/**
 * Marks the page as it stands: `stillSamePage` answers true only if no reload or navigation by
 * address happened since (a reload forgets what was set on `window`).
 */
async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { liveMark: boolean }).liveMark = true;
  });
  return () => page.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark === true);
}

const recentRows = (page: Page) =>
  page.getByRole('region', { name: 'Recent Transactions' }).getByRole('listitem');

const balanceOf = (page: Page) =>
  page
    .getByRole('heading', { name: 'Available balance' })
    .locator('xpath=following-sibling::p[1]')
    .textContent();

/** The first row of Recent Transactions, once it contains every one of `parts`. */
async function firstRowWith(page: Page, ...parts: (string | RegExp)[]) {
  const first = recentRows(page).first();
  await expect
    .poll(
      async () => {
        const text = (await first.textContent()) ?? '';
        return parts.every((p) => (typeof p === 'string' ? text.includes(p) : p.test(text)));
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return (await first.textContent()) ?? '';
}

describe('screens that stay true: the live dashboard', () => {
  it('shows a pending deposit and turns it confirmed when staff confirm it, another declined with the reason when they decline it, and shows money from another customer as it arrives, with no reload', async () => {
    // Staff: a crypto type to deposit in and this bank's SWIFT, each approved by a second person.
    const staffContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const staff = await staffContext.newPage();
    const staffProblems = watchProblems(staff);
    await enrolStaff(staff, server.url, STAFF);
    const approver = await inviteSecondApprover(
      staff,
      server.url,
      dataDir,
      {
        email: 'catalog.checker@bank.example',
        password: 'quiet meadow copper lantern',
        firstName: 'Dorothy',
        lastName: 'Vaughan',
      },
      ['catalog_manager'],
    );
    await staff.getByRole('link', { name: 'Crypto types' }).click();
    await staff.getByRole('heading', { name: 'Crypto types' }).waitFor();
    await staff.getByLabel('Name').fill('Bitcoin');
    await staff.getByLabel('Deposit address').fill(ADDRESS);
    await staff.getByLabel('Network label').fill('Bitcoin network');
    await staff.getByRole('button', { name: 'Add', exact: true }).click();
    await staff.getByRole('heading', { name: 'Change waiting for a second person' }).waitFor();
    await approveWaiting(staff, approver);
    await staff.getByText(ADDRESS).waitFor();
    await staff.getByRole('link', { name: 'Institution details' }).click();
    await staff.getByRole('heading', { level: 1, name: 'Institution details' }).waitFor();
    await staff.getByLabel('SWIFT code').fill(OWN_SWIFT);
    await staff.getByLabel('Routing number').fill('021000021');
    await staff.getByLabel('Country').selectOption('US');
    await staff.getByRole('button', { name: 'Save' }).click();
    await staff.getByText(/^Sent for approval/).waitFor();
    await approveWaiting(staff, approver);
    await expect.poll(() => staff.getByLabel('SWIFT code').inputValue()).toBe(OWN_SWIFT);
    await approver.dispose();

    // The customer asks to deposit 150.00 and keeps the dashboard open.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await firstSignIn(page, customer);
    let balance = startingBalance();
    await expect.poll(() => balanceOf(page)).toBe(usd(balance));

    await page.goto(`${server.url}/wp-user/dashboard/add-funds/crypto`);
    await page.getByRole('heading', { level: 1, name: 'Crypto Deposit' }).waitFor();
    await page.getByLabel('Amount').fill('150');
    await page
      .getByLabel('Payment Proof')
      .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: proof });
    await page.getByRole('button', { name: 'Submit Deposit' }).click();
    await page.getByText('Payment Pending!').waitFor();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Dashboard' })
      .click();

    const pendingRow = await firstRowWith(page, 'Crypto deposit (Bitcoin)', 'pending');
    expect(pendingRow).toContain(`+${usd(15_000n)}`);
    expect(pendingRow).toContain('Added to your balance once we confirm it arrived');
    expect(await recentRows(page).first().getByRole('link').getAttribute('href')).toBe(
      '/wp-user/dashboard/add-funds/crypto',
    );
    // A ledger line opens its transaction's detail, by its entry.
    expect(await recentRows(page).nth(1).getByRole('link').getAttribute('href')).toMatch(
      /^\/wp-user\/dashboard\/transactions\/[1-9]\d*$/,
    );
    await expectAccessibleEverywhere(page, 'dashboard with a pending deposit');
    const samePage = await markPage(page);

    // Staff confirm what arrived; the customer's dashboard follows by itself.
    await staff
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Funding requests' })
      .click();
    await staff.getByRole('heading', { name: 'Funding requests' }).waitFor();
    await staff.getByRole('link', { name: /Deposit \d+ ?: Grace Hopper/ }).click();
    await staff.getByLabel('Amount received').fill('150');
    await staff.getByRole('button', { name: 'Confirm', exact: true }).click();
    await staff
      .getByRole('dialog')
      .getByRole('button', { name: `Confirm ${usd(15_000n)}` })
      .click();
    await staff.getByText(`Confirmed with ${usd(15_000n)}. The customer has been told.`).waitFor();

    balance += 15_000n;
    const confirmedRow = await firstRowWith(page, 'Crypto deposit (Bitcoin)', 'successful');
    expect(confirmedRow).toContain(`+${usd(15_000n)}`);
    await expect.poll(() => balanceOf(page)).toBe(usd(balance));
    expect(await page.getByText('Added to your balance once we confirm it arrived').count()).toBe(
      0,
    );
    expect(await samePage()).toBe(true);

    // A second deposit that never arrives: staff decline it, and the open dashboard says so at
    // once, with the reason (shortened); the row leads to the request, where it reads in full.
    await page.goto(`${server.url}/wp-user/dashboard/add-funds/crypto`);
    await page.getByRole('heading', { level: 1, name: 'Crypto Deposit' }).waitFor();
    await page.getByLabel('Amount').fill('40');
    await page
      .getByLabel('Payment Proof')
      .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: proof });
    await page.getByRole('button', { name: 'Submit Deposit' }).click();
    await page.getByText('Payment Pending!').waitFor();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await firstRowWith(page, 'Crypto deposit (Bitcoin)', 'pending', `+${usd(4_000n)}`);
    const stillOpen = await markPage(page);

    await staff
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Funding requests' })
      .click();
    await staff.getByRole('heading', { name: 'Funding requests' }).waitFor();
    await staff.getByRole('link', { name: /Deposit \d+ ?: Grace Hopper/ }).click();
    await staff.getByLabel(/^Reason for the customer/).fill(DECLINE_REASON);
    await staff.getByRole('button', { name: 'Decline', exact: true }).click();
    await staff.getByText('Declined. The customer has been told why.').waitFor();

    const declinedRow = await firstRowWith(page, 'Crypto deposit (Bitcoin)', 'declined');
    expect(declinedRow).toContain(`Reason: ${DECLINE_REASON.slice(0, 60)}`);
    expect(declinedRow).toContain('…');
    expect(declinedRow).not.toContain(DECLINE_REASON);
    expect(declinedRow).toContain(usd(4_000n));
    expect(declinedRow).not.toContain(`+${usd(4_000n)}`);
    // Named in full by what it shows, status and reason included.
    const declinedLink = recentRows(page)
      .first()
      .getByRole('link', { name: /^Crypto deposit \(Bitcoin\).*Reason: No payment.*declined$/ });
    expect(await declinedLink.count()).toBe(1);
    await expect.poll(() => balanceOf(page)).toBe(usd(balance));
    expect(await stillOpen()).toBe(true);
    await expectAccessibleEverywhere(page, 'dashboard with a declined deposit');

    await declinedLink.click();
    await page.waitForURL(/\/wp-user\/dashboard\/add-funds\/crypto#request-[1-9]\d*$/);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''), {
        timeout: 10_000,
      })
      .toContain(`Reason: ${DECLINE_REASON}`);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(
      new URL(page.url()).hash.slice(1),
    );
    await expectAccessibleEverywhere(page, 'crypto deposit page at the declined request');

    // The recipient, on a phone, watches their empty dashboard.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const other = await phone.newPage();
    const otherProblems = watchProblems(other);
    await firstSignIn(other, customer.recipient);
    await expect.poll(() => balanceOf(other)).toBe(usd(0n));
    await other.getByText('No Transaction History').waitFor();
    const otherSamePage = await markPage(other);
    const bell = other.getByRole('banner').getByRole('link', { name: /^Notifications/ });
    const bellBefore = await bell.getAttribute('aria-label');

    // The customer pays them by account number, with this bank's SWIFT.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Bank Transfer' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Bank Transfer' }).waitFor();
    await page.getByLabel('Bank', { exact: true }).fill('Cedar Bank');
    await page.getByLabel('SWIFT/BIC code').fill(OWN_SWIFT);
    await page.getByLabel('Routing number').fill('021000021');
    await page.getByLabel('Country').selectOption('US');
    await page.getByLabel('Account number').fill(customer.recipient.accountNumber);
    await page.getByLabel('Account holder name').fill(customer.recipient.name);
    await page.getByLabel('Amount').fill('60');
    await page.getByLabel('Note').fill('Concert tickets');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Confirm transfer' }).waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { level: 1, name: 'Authorize transfer' }).waitFor();
    await page.getByLabel('Transaction PIN').fill(PIN);
    await page.getByRole('button', { name: 'Confirm' }).click();
    const codeAsked = page.getByRole('heading', {
      name: 'Transfer Authorization Code is required',
    });
    const done = page.getByText('Successful! Await Confirmation');
    await codeAsked.or(done).waitFor({ timeout: 15_000 });
    if (await codeAsked.isVisible()) {
      const mail = await waitForMail(dataDir, customer.email, CODE, 15_000);
      await page.getByRole('textbox', { name: 'Digit 1 of 4' }).click();
      await page.keyboard.type(CODE.exec(mail.text)?.[1] ?? '');
    }
    await done.waitFor({ timeout: 15_000 });

    // The recipient's open dashboard shows the money arrive, named for the sender.
    const received = await firstRowWith(other, `Transfer from ${customer.name}`, 'successful');
    const amount = /\+(\$[\d,]+\.\d{2})/.exec(received)?.[1];
    expect(amount).toBeDefined();
    await expect.poll(() => balanceOf(other)).toBe(amount);
    // The bell counted the notification that came with it.
    await expect.poll(() => bell.getAttribute('aria-label')).not.toBe(bellBefore);
    expect(await otherSamePage()).toBe(true);
    await expectAccessibleEverywhere(other, 'dashboard after money arrived (phone)');

    expect(problems, problems.join('\n')).toEqual([]);
    expect(otherProblems, otherProblems.join('\n')).toEqual([]);
    expect(staffProblems, staffProblems.join('\n')).toEqual([]);
    await phone.close();
    await context.close();
    await staffContext.close();
  });
});
