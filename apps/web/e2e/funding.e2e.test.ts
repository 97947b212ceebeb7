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
import {
  approveWaiting,
  balanceOfLines,
  enrolStaff,
  inviteSecondApprover,
  signIn,
  watchProblems,
} from './people';
import { expectAccessibleEverywhere, expectTablesKeepWords } from './quality';
import { startServer, type RunningServer } from './server';

interface Customer {
  email: string;
  password: string;
  name: string;
  lines: { type: 'credit' | 'debit'; amount: string }[];
}

const STAFF = { email: 'funding@bank.example', password: 'granite harbour lighthouse keeper' };
const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
/** The transaction id the customer's wallet shows, given on two requests. */
const TX_ID = 'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16';
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const fixtures = path.join(repo, 'apps/server/test/fixtures');
const tsx = path.join(repo, 'node_modules/.bin/tsx');
const run = promisify(execFile);
const usd = (minor: bigint) => formatMoney(minor, 'USD');
const SERVER_ENV = { BOOTSTRAP_ADMIN_EMAIL: STAFF.email, BOOTSTRAP_ADMIN_PASSWORD: STAFF.password };

let server: RunningServer;
let browser: Browser;
let customer: Customer;
let dataDir: string;
let proof: Buffer;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-e2e-funding-'));
  const [{ stdout }, launched, picture] = await Promise.all([
    run(tsx, [path.join(fixtures, 'customer-with-history.ts'), dataDir], { cwd: repo }),
    launchBrowser(),
    sharp({ create: { width: 160, height: 90, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer(),
  ]);
  customer = JSON.parse(stdout) as Customer;
  browser = launched;
  proof = picture;
  server = await startServer(SERVER_ENV, dataDir);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The customer's balance before anything here: the fixture's history. */
function startingBalance() {
  return balanceOfLines(customer.lines);
}

async function signInCustomer(page: Page) {
  await signIn(page, server.url, customer.email, customer.password);
}

async function openMenu(page: Page, item: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: item }).click();
}

describe('funding: catalog, a crypto deposit confirmed for a different amount, a fixed deposit', () => {
  it('runs from the staff catalog to the customer seeing the confirmed amount and accrued interest', async () => {
    // Staff: a crypto type with its address, a payment purpose, a fixed-deposit plan, an
    // account plan and the institution details.
    const staffContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const staff = await staffContext.newPage();
    const staffProblems = watchProblems(staff);
    await enrolStaff(staff, server.url, STAFF);
    // A new bank: the overview says what is missing before customers can use everything.
    const setup = staff.getByRole('region', { name: 'Set up the bank' });
    await setup.getByText(/0 of 6 done/).waitFor();
    await expectAccessibleEverywhere(staff, 'staff overview, a new bank');
    const backOffice = staff.getByRole('navigation', { name: 'Back office' });
    // Where money goes and what it costs take two people: a catalog manager approves (who
    // also reviews funding, to approve a large confirmation later).
    const approver = await inviteSecondApprover(
      staff,
      server.url,
      dataDir,
      {
        email: 'catalog.checker@bank.example',
        password: 'quiet meadow copper lantern',
        firstName: 'Katherine',
        lastName: 'Johnson',
      },
      ['catalog_manager', 'operations'],
    );

    await staff.getByRole('link', { name: 'Crypto types' }).click();
    await staff.getByRole('heading', { name: 'Crypto types' }).waitFor();
    await staff.getByText('Nothing yet: add the first crypto type below.').waitFor();
    await staff.getByLabel('Name').fill('Bitcoin');
    await staff.getByLabel('Deposit address').fill(ADDRESS);
    await staff.getByLabel('Network label').fill('Bitcoin network');
    await staff.getByRole('button', { name: 'Add', exact: true }).click();
    await staff
      .getByText(
        'Sent for approval: Bitcoin is offered to customers once another staff member approves it.',
      )
      .waitFor();
    await staff.getByRole('heading', { name: 'Change waiting for a second person' }).waitFor();
    await expectAccessibleEverywhere(staff, 'staff crypto types, an addition waiting');
    // The overview says the step waits for a second person, with the proposal.
    await backOffice.getByRole('link', { name: 'Overview' }).click();
    const coinStep = setup
      .getByRole('listitem')
      .filter({ hasText: 'A crypto type and its deposit address' });
    await coinStep.getByText('Waiting for a second person’s approval').waitFor();
    await coinStep.getByRole('link', { name: /^Open proposal \d+$/ }).waitFor();
    await expectAccessibleEverywhere(staff, 'staff overview, a crypto type waiting');
    await backOffice.getByRole('link', { name: 'Crypto types' }).click();
    await staff.getByRole('heading', { name: 'Change waiting for a second person' }).waitFor();
    await approveWaiting(staff, approver);
    await staff.getByText(ADDRESS).waitFor();
    await expectAccessibleEverywhere(staff, 'staff crypto types');
    await staff.getByRole('button', { name: 'Set rate of Bitcoin' }).click();
    await staff.getByLabel('Price of one coin (USD)').fill('60000');
    await staff.getByLabel('Ticker').fill('BTC');
    await staff.getByLabel('Decimals').fill('8');
    await staff.getByRole('button', { name: 'Save rate' }).click();
    await staff.getByText('The rate of Bitcoin is saved: customers see it now.').waitFor();

    await staff.getByRole('link', { name: 'Payment purposes' }).click();
    await staff.getByRole('heading', { level: 1, name: 'Payment purposes' }).waitFor();
    await staff.getByLabel('Name').fill('Statement copy');
    await staff.getByRole('button', { name: 'Add', exact: true }).click();
    await staff.getByText('Statement copy is now offered to customers.').waitFor();
    await expectAccessibleEverywhere(staff, 'staff payment purposes');

    await staff.getByRole('link', { name: 'Fixed-deposit plans' }).click();
    await staff.getByRole('heading', { level: 1, name: 'Fixed-deposit plans' }).waitFor();
    await staff.getByLabel('Name').fill('Twelve months');
    await staff.getByLabel('Term', { exact: true }).fill('12');
    await staff.getByLabel('Term unit').selectOption('months');
    await staff.getByLabel('Annual rate (%)').fill('5');
    await staff.getByLabel('Minimum amount').fill('100');
    await staff.getByRole('button', { name: 'Add', exact: true }).click();
    await staff
      .getByText(
        'Sent for approval: Twelve months is offered to customers once another staff member approves it.',
      )
      .waitFor();
    await approveWaiting(staff, approver);
    await staff.getByText('12 months at 5 % a year').waitFor();
    await expectAccessibleEverywhere(staff, 'staff fixed-deposit plans');

    await staff.getByRole('link', { name: 'Account plans' }).click();
    await staff.getByRole('heading', { level: 1, name: 'Account plans' }).waitFor();
    // The seeded Basic plan: 0.5 % on transfers to other banks (decision 24).
    await staff.getByText(/Charge 0\.5\s%/).waitFor();
    await expectAccessibleEverywhere(staff, 'staff account plans');

    await staff.getByRole('link', { name: 'Institution details' }).click();
    await staff.getByRole('heading', { level: 1, name: 'Institution details' }).waitFor();
    await staff.getByLabel('SWIFT code').fill('CEDRGB2L');
    await staff.getByLabel('Routing number').fill('021000021');
    await staff.getByLabel('Country').selectOption('GB');
    await staff.getByLabel('Postal address').fill('1 Cedar Square, London EC2V 7HH');
    await staff.getByRole('button', { name: 'Save' }).click();
    await staff
      .getByText(
        'Sent for approval: customers keep seeing the current details under Add funds until another staff member approves the change.',
      )
      .waitFor();
    await staff.getByText('n/a → CEDRGB2L').waitFor();
    await expectAccessibleEverywhere(staff, 'staff institution details, a change waiting');
    await approveWaiting(staff, approver);
    await expect.poll(() => staff.getByLabel('SWIFT code').inputValue()).toBe('CEDRGB2L');
    await expectAccessibleEverywhere(staff, 'staff institution details');

    // One step is left: a plan besides the default one, for customers to upgrade to.
    await backOffice.getByRole('link', { name: 'Overview' }).click();
    await setup.getByText(/5 of 6 done/).waitFor();
    const plans = setup.getByRole('listitem').filter({ hasText: 'Account plans to upgrade to' });
    await plans.getByText('Missing', { exact: true }).waitFor();
    expect(await setup.getByText('Done', { exact: true }).count()).toBe(5);
    await expectAccessibleEverywhere(staff, 'staff overview, one step left');

    // The customer: PIN first, then Add funds.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await signInCustomer(page);
    await page.waitForURL('**/wp-user/dashboard/pincreation', { timeout: 15_000 });
    for (const label of ['Enter PIN', 'Re-enter PIN']) {
      await page.getByLabel(label).fill('3690');
      await page.getByRole('button', { name: 'Confirm' }).click();
    }
    await page.waitForURL('**/wp-user/dashboard', { timeout: 15_000 });
    const before = startingBalance();
    await page.getByText(usd(before)).first().waitFor();

    await openMenu(page, 'Add funds');
    await page.getByRole('heading', { level: 1, name: 'Add funds' }).waitFor();
    const methods = page.getByRole('region', { name: 'Deposit methods' });
    await expect.poll(() => methods.getByText('Not available for your region').count()).toBe(3);
    expect(await methods.getByRole('link').allTextContents()).toEqual([
      expect.stringContaining('Institutional Transfer'),
      expect.stringContaining('Crypto Deposit'),
    ]);
    await expectAccessibleEverywhere(page, 'add funds');

    await methods.getByRole('link', { name: /Institutional Transfer/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Your Details' }).waitFor();
    await page.getByText('CEDRGB2L').waitFor();
    await page.getByText('021000021').waitFor();
    await page.getByText('United Kingdom', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'Copy swift code' }).click();
    await page.getByText('Copied to clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('CEDRGB2L');
    await expectAccessibleEverywhere(page, 'your details');

    // A crypto deposit of 150.00 with its proof.
    await page.goto(`${server.url}/wp-user/dashboard/add-funds/crypto`);
    await page.getByRole('heading', { level: 1, name: 'Crypto Deposit' }).waitFor();
    await page.getByText('Deposit into your trading accounts').waitFor();
    expect(await page.getByLabel('Address', { exact: true }).inputValue()).toBe(ADDRESS);
    await page.getByRole('img', { name: 'QR code of the Bitcoin address' }).waitFor();
    await page.getByLabel('Amount').fill('150');
    await page
      .getByLabel('Payment Proof')
      .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: proof });
    await page.getByLabel('Transaction id (optional)').fill(TX_ID);
    await page.getByRole('button', { name: 'Submit Deposit' }).click();
    await page.getByText('Payment Pending!').waitFor();
    const transactions = page.getByRole('region', { name: 'Crypto Transactions' });
    await transactions.getByText('pending').waitFor();
    await transactions.getByText('$150.00').waitFor();
    await expectAccessibleEverywhere(page, 'crypto deposit');
    // Another of 1,200.00, giving the same transaction id (as a block explorer writes it).
    await page.reload();
    await page.getByLabel('Amount').fill('1200');
    await page
      .getByLabel('Payment Proof')
      .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: proof });
    await page.getByLabel('Transaction id (optional)').fill(TX_ID.toUpperCase());
    await page.getByRole('button', { name: 'Submit Deposit' }).click();
    await page.getByText('Payment Pending!').waitFor();
    await transactions.getByText('$1,200.00').waitFor();

    // Staff confirm 142.50: less arrived than was claimed.
    await staff
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Funding requests' })
      .click();
    await staff.getByRole('heading', { name: 'Funding requests' }).waitFor();
    // Each of the two is flagged in the list: the same id was given on the other.
    const queue = staff.getByRole('table', { name: 'Pending requests, oldest first' });
    await expect.poll(() => queue.getByText(/^Same id as request \d+$/).count()).toBe(2);
    await expectAccessibleEverywhere(staff, 'staff funding queue');
    await expectTablesKeepWords(staff, 'staff funding queue');
    await queue
      .getByRole('link', { name: /Deposit \d+ ?: Grace Hopper/ })
      .first()
      .click();
    const shown = staff.getByRole('img', { name: 'Proof of payment' });
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
    await expectAccessibleEverywhere(staff, 'staff funding review');
    await staff.getByLabel('Amount received').fill('142.50');
    await staff.getByRole('button', { name: 'Confirm', exact: true }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByText(/claimed \$150\.00, but you are confirming/).waitFor();
    await dialog.getByRole('button', { name: 'Confirm $142.50' }).click();
    await staff.getByText('Confirmed with $142.50. The customer has been told.').waitFor();

    // The customer sees the confirmed amount everywhere.
    let after = before + 14_250n;
    await page.reload();
    await transactions.getByText('confirmed').waitFor();
    await transactions.getByText('$142.50').waitFor();
    await transactions.getByText('you sent $150.00').waitFor();
    await openMenu(page, 'Dashboard');
    await page.getByText(usd(after)).first().waitFor();
    await page.getByText('Crypto deposit (Bitcoin)').first().waitFor();
    await openMenu(page, 'Statements & Report');
    const firstLine = page
      .getByRole('table', { name: 'Statement lines, newest first' })
      .getByRole('row')
      .nth(1);
    await expect.poll(async () => (await firstLine.textContent()) ?? '').toContain('$142.50');
    expect(await firstLine.textContent()).toContain('Crypto deposit (Bitcoin)');
    await openMenu(page, 'Notifications');
    await page.getByText('Crypto deposit confirmed').first().waitFor();
    await page
      .getByText(/You told us \$150\.00; \$142\.50 arrived/)
      .first()
      .waitFor();

    // The 1,200.00 is at the dual-control threshold: confirming it is a proposal, which a second
    // reviewer decides on the proposal's page, with the request and its proof beside it.
    await backOffice.getByRole('link', { name: 'Funding requests' }).click();
    await staff.getByText('1 pending request, oldest first').waitFor();
    await queue.getByRole('link', { name: /Deposit \d+ ?: Grace Hopper/ }).click();
    await staff.getByLabel('Amount received').fill('1,200');
    await staff.getByRole('button', { name: 'Confirm', exact: true }).click();
    await staff
      .getByRole('dialog')
      .getByRole('button', { name: 'Send $1,200.00 for approval' })
      .click();
    const proposed = staff.getByRole('link', { name: /^Open proposal \d+$/ }).first();
    const approvalId = /(\d+)$/.exec((await proposed.getAttribute('href')) ?? '')?.[1];
    expect(approvalId).toBeDefined();
    const checkerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const checker = await checkerContext.newPage();
    const checkerProblems = watchProblems(checker);
    await approver.signInOn(checker);
    await checker.goto(`${server.url}/wp-user/admin/approvals/${approvalId}`);
    const request = checker.getByRole('region', { name: 'The customer’s request' });
    await request.getByText(TX_ID.toUpperCase()).waitFor();
    await request
      .getByText(/^Also given on request \d+: check it is not one payment claimed twice\.$/)
      .waitFor();
    await request.getByText('$1,200.00, as claimed').waitFor();
    await request.getByText(/^About 0\.02 BTC, at \$60,000\.00 a coin/).waitFor();
    const proofShown = checker.getByRole('img', { name: 'Proof of payment' });
    await expect
      .poll(() => proofShown.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(160);
    await expectAccessibleEverywhere(checker, 'approval of a funding confirmation');
    await checker.getByRole('button', { name: 'Approve' }).click();
    await checker.getByText('Approved and carried out.').waitFor();
    // The request beside it is read again: confirmed with what was approved.
    await checker
      .getByRole('region', { name: 'Decision taken' })
      .getByText('$1,200.00, as claimed')
      .waitFor();
    expect(checkerProblems, checkerProblems.join('\n')).toEqual([]);
    await checkerContext.close();
    await approver.dispose();
    after += 120_000n;
    await openMenu(page, 'Dashboard');
    await page.getByText(usd(after)).first().waitFor();

    // The other new pages, checked as they stand.
    await openMenu(page, 'Make payment');
    await page.getByRole('heading', { level: 1, name: 'Make payment' }).waitFor();
    await expectAccessibleEverywhere(page, 'make payment');
    await page.getByRole('link', { name: /Crypto Deposit/ }).click();
    await page.getByLabel('Purpose').waitFor();
    await expectAccessibleEverywhere(page, 'make payment crypto');
    await openMenu(page, 'Upgrade Account');
    await page.getByRole('heading', { level: 1, name: 'Upgrade Account' }).waitFor();
    await page.getByText('There is no other plan to move to right now.').waitFor();
    await expectAccessibleEverywhere(page, 'upgrade');

    // A fixed deposit of 1,000.00 from the balance.
    await openMenu(page, 'Fixed deposit');
    await page.getByRole('heading', { level: 1, name: 'Fixed deposit' }).waitFor();
    await page.getByText('You have no fixed deposit yet.', { exact: false }).waitFor();
    await expectAccessibleEverywhere(page, 'fixed deposit');
    await page.getByRole('link', { name: /Crypto Deposit/ }).click();
    await page.getByLabel('Plan').selectOption({ label: 'Twelve months' });
    await expectAccessibleEverywhere(page, 'fixed deposit crypto');
    await page.goBack();
    await page.getByRole('link', { name: /From your balance/ }).click();
    await page.getByLabel('Plan').selectOption({ label: 'Twelve months' });
    await page.getByLabel('Amount').fill('1,000');
    // 1,000.00 at 5 % for a year of 365 or 366 days.
    await page.getByText(/Interest at maturity: \$50\.(00|14)/).waitFor();
    await expectAccessibleEverywhere(page, 'fixed deposit from balance');
    await page.getByRole('button', { name: 'Continue' }).click();
    const review = page.getByRole('region', { name: 'You are about to pay' });
    await review.getByText('A new fixed deposit: Twelve months, 5 % a year').waitFor();
    await review.getByText(/with \$50\.(00|14) interest$/).waitFor();
    await expectAccessibleEverywhere(page, 'fixed deposit from balance PIN');
    await page.getByLabel('Transaction PIN').fill('3690');
    await page.getByRole('button', { name: 'Pay $1,000.00 into the deposit' }).click();
    await page.getByText(/Your fixed deposit of \$1,000\.00 has started/).waitFor();
    await page.getByText(usd(after - 100_000n)).waitFor();

    await page.getByRole('link', { name: 'See your fixed deposits' }).click();
    const deposit = page.getByRole('listitem', { name: 'Twelve months fixed deposit' });
    await deposit.getByText('$1,000.00').waitFor();
    expect(await deposit.textContent()).toContain('Interest so far$0.00');

    expect(problems, problems.join('\n')).toEqual([]);
    expect(staffProblems, staffProblems.join('\n')).toEqual([]);
    await context.close();
    await staffContext.close();

    // Ten days pass: the app stops, the deposit is dated back, and the accrual job of the
    // app's next start catches up.
    await server.stop({ keepData: true });
    await run(tsx, [path.join(fixtures, 'backdate-fixed-deposits.ts'), dataDir, '10'], {
      cwd: repo,
    });
    server = await startServer(SERVER_ENV, dataDir);
    const later = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const again = await later.newPage();
    const laterProblems = watchProblems(again);
    await signInCustomer(again);
    await again.waitForURL('**/wp-user/dashboard', { timeout: 15_000 });
    // round(100000 × 500 × 10 / 3,650,000) = 137 cents.
    await expect
      .poll(
        async () => {
          await again.goto(`${server.url}/wp-user/dashboard/fixed-deposit`);
          const item = again.getByRole('listitem', { name: 'Twelve months fixed deposit' });
          await item.waitFor();
          return (await item.textContent()) ?? '';
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toContain('Interest so far$1.37');
    expect(laterProblems, laterProblems.join('\n')).toEqual([]);
    await later.close();
  });
});
