import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { formatMoney } from '@bank/contract';
import { pdfTextRuns } from '@bank/test-support';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { waitForMail } from './mailbox';
import { signIn, watchProblems } from './people';
import { expectAccessibleEverywhere } from './quality';
import { startServer, type RunningServer } from './server';

/**
 * Receipts and detail (issue 19): a transfer's detail one step from the success message, its
 * receipt downloaded and checked on the bank's public page by someone not signed in, and the
 * transfer cancelled while staff have not sent it, the refund shown at once.
 */

interface Customer {
  email: string;
  password: string;
  lines: { type: 'credit' | 'debit'; amount: string }[];
}

const PIN = '3690';
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const tsx = path.join(repo, 'node_modules/.bin/tsx');
const run = promisify(execFile);
const usd = (minor: bigint) => formatMoney(minor, 'USD');
const CODE = /authorize the transfer of .*? is (\d{4})\b/s;

let server: RunningServer;
let browser: Browser;
let customer: Customer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-e2e-receipts-'));
  const fixture = path.join(repo, 'apps/server/test/fixtures/customer-with-history.ts');
  const [{ stdout }, launched] = await Promise.all([
    run(tsx, [fixture, dataDir], { cwd: repo }),
    launchBrowser(),
  ]);
  customer = JSON.parse(stdout) as Customer;
  browser = launched;
  server = await startServer({}, dataDir);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const startingBalance = () =>
  customer.lines.reduce(
    (sum, l) => sum + (l.type === 'credit' ? BigInt(l.amount) : -BigInt(l.amount)),
    0n,
  );

async function sendAbroad(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Bank Transfer' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Bank Transfer' }).waitFor();
  await page.getByLabel('Bank', { exact: true }).fill('Deutsche Bank');
  await page.getByLabel('SWIFT/BIC code').fill('DEUTDEFF');
  await page.getByLabel('Routing number').fill('021000021');
  await page.getByLabel('Country').selectOption('DE');
  await page.getByLabel('Account number').fill('DE89 3704 0044 0532 0130 00');
  await page.getByLabel('Account holder name').fill('王伟 Wang');
  await page.getByLabel('Amount').fill('120');
  await page.getByLabel('Note').fill('Deposit for the flat');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { level: 1, name: 'Confirm transfer' }).waitFor();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByLabel('Transaction PIN').fill(PIN);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('heading', { name: 'Transfer Authorization Code is required' }).waitFor();
  const mail = await waitForMail(dataDir, customer.email, CODE, 15_000);
  await page.getByRole('textbox', { name: 'Digit 1 of 4' }).click();
  await page.keyboard.type(CODE.exec(mail.text)?.[1] ?? '');
  await page.getByText('Successful! Await Confirmation').waitFor({ timeout: 15_000 });
  await page.waitForURL('**/wp-user/dashboard', { timeout: 15_000 });
}

describe('receipts: a transfer in progress, its receipt checked by a third party, then cancelled', () => {
  it('downloads a receipt that the public page confirms, and cancelling refunds at once', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await signIn(page, server.url, customer.email, customer.password);
    await page.waitForURL('**/wp-user/dashboard/pincreation', { timeout: 15_000 });
    for (const label of ['Enter PIN', 'Re-enter PIN']) {
      await page.getByLabel(label).fill(PIN);
      await page.getByRole('button', { name: 'Confirm' }).click();
    }
    await page.waitForURL('**/wp-user/dashboard', { timeout: 15_000 });
    const balance = startingBalance();
    await page.getByText(usd(balance)).first().waitFor();

    await sendAbroad(page);
    await page
      .getByText(usd(balance - 12_000n))
      .first()
      .waitFor();

    // Recent transfers lists it; its name opens the detail.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Bank Transfer' })
      .click();
    await page
      .getByRole('region', { name: 'Recent transfers' })
      .getByRole('link', { name: /^王伟 Wang\s*, transfer details$/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Transfer' }).waitFor();
    await page.getByText('Waiting to be sent by the bank').waitFor();
    await expectAccessibleEverywhere(page, 'transfer detail in progress');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download receipt' }).click(),
    ]);
    const file = path.join(dataDir, 'receipt.pdf');
    await download.saveAs(file);
    const runs = pdfTextRuns(readFileSync(file));
    expect(runs.join('')).toContain('王伟 Wang');
    expect(runs).toContain(usd(12_000n));
    const reference = runs.find((r) => /^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/.test(r)) ?? '';
    expect(reference, runs.join('\n')).not.toBe('');

    // Someone else, not signed in, checks it on the bank's page.
    const thirdParty = await (
      await browser.newContext({ viewport: { width: 390, height: 844 } })
    ).newPage();
    const thirdProblems = watchProblems(thirdParty);
    await thirdParty.goto(`${server.url}/wp-user/verify`);
    await thirdParty.getByRole('heading', { level: 1, name: 'Check a receipt' }).waitFor();
    await thirdParty.getByLabel(/Verification reference/).fill(reference.toLowerCase());
    await thirdParty.getByRole('button', { name: 'Check' }).click();
    await thirdParty.getByText(/This receipt was issued by Cedar Bank/).waitFor();
    await thirdParty.getByText(usd(12_000n)).waitFor();
    await thirdParty.getByText('王伟 W., account ••3000 at DEUTDEFF').waitFor();
    await expectAccessibleEverywhere(thirdParty, 'receipt check');

    // Cancelled before staff sent it: the refund at once, the balance whole again.
    await page.getByRole('button', { name: 'Cancel transfer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel transfer' }).click();
    await page.getByText(`Transfer cancelled: ${usd(12_000n)} is back in your account.`).waitFor();
    await page.getByText('Refunded', { exact: true }).waitFor();
    await expectAccessibleEverywhere(page, 'transfer detail cancelled');
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByText(usd(balance)).first().waitFor();

    // The check now says the status moved on.
    await thirdParty.reload();
    await thirdParty.getByText(/The status has changed since this receipt was issued/).waitFor();

    expect(problems, problems.join('\n')).toEqual([]);
    expect(thirdProblems, thirdProblems.join('\n')).toEqual([]);
    await context.close();
  });
});
