import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { formatMoney } from '@bank/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { waitForMail } from './mailbox';
import { signInWithNewPin, watchProblems } from './people';
import { expectAccessibleEverywhere } from './quality';
import { startServer, type RunningServer } from './server';

/**
 * Paying another customer of the bank by account number only (decision 24): the holder's name
 * shown masked and confirmed, no service charge, the PIN (and the emailed code a new payee
 * asks for), the money at the recipient's at once.
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
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-e2e-payee-'));
  const fixture = path.join(repo, 'apps/server/test/fixtures/customer-with-history.ts');
  const [{ stdout }, launched] = await Promise.all([
    run(tsx, [fixture, dataDir, 'with-recipient', 'with-bank-details'], { cwd: repo }),
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

function firstSignIn(page: Page, who: Person) {
  return signInWithNewPin(page, server.url, who, PIN);
}

describe('paying a Cedar Bank customer by account number', () => {
  it('shows the holder masked, confirmed before any money moves, with no charge', async () => {
    const recipient = customer.recipient;
    const masked = 'Katherine J.';
    const balance = customer.lines.reduce(
      (sum, l) => sum + (l.type === 'credit' ? BigInt(l.amount) : -BigInt(l.amount)),
      0n,
    );

    // The recipient, new: the dashboard gives the number to share.
    const theirs = await (
      await browser.newContext({ viewport: { width: 390, height: 844 } })
    ).newPage();
    const theirProblems = watchProblems(theirs);
    await firstSignIn(theirs, recipient);
    const steps = theirs.getByRole('region', { name: 'Welcome to your new account' });
    await steps.getByText(recipient.accountNumber).waitFor();
    await expectAccessibleEverywhere(theirs, 'payee: first steps');

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await firstSignIn(page, customer);
    await page.getByText(usd(balance)).first().waitFor();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Bank Transfer' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Bank Transfer' }).waitFor();

    await page.getByRole('radio', { name: /To a Cedar Bank customer/ }).check();
    const form = page.getByRole('region', { name: 'Payment to a Cedar Bank customer' });
    // Only the account number and a name: no SWIFT, no routing number, no bank.
    await form.getByLabel('Their account number').fill(recipient.accountNumber);
    await form.getByLabel('Their name').fill('Katherine Johnson');
    await form.getByRole('button', { name: 'Check the account' }).click();
    const holder = page.getByRole('region', { name: 'Account holder' });
    await holder.getByText(masked, { exact: true }).waitFor();
    await holder.getByText('The name matches').waitFor();
    await expectAccessibleEverywhere(page, 'payee: checked');
    await holder.getByRole('button', { name: `Yes, pay ${masked}` }).click();

    await form.getByLabel('Amount').fill('50');
    await form.getByText('No service charge').waitFor();
    await form.getByText('Recipient gets').waitFor();
    expect(await form.getByText(usd(5_000n)).count()).toBeGreaterThan(0);
    await form.getByLabel('Note').fill('Dinner on Friday');
    await expectAccessibleEverywhere(page, 'payee: amount');
    await form.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { level: 1, name: 'Confirm transfer' }).waitFor();
    await page.getByText('Service charge (0 %)').waitFor();
    await page.getByText(/the money arrives at once/).waitFor();
    await page.getByText(/The name you typed \(“Katherine Johnson”\) matches/).waitFor();
    await expectAccessibleEverywhere(page, 'payee: confirm');
    // The payer never reads the holder's full name.
    expect(await page.getByText('Katherine Johnson', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Confirm' }).click();

    await page.getByRole('heading', { level: 1, name: 'Authorize transfer' }).waitFor();
    await page.getByLabel('Transaction PIN').fill(PIN);
    await page.getByRole('button', { name: 'Confirm' }).click();
    // A payee never paid before: the emailed code too.
    await page.getByRole('heading', { name: 'Transfer Authorization Code is required' }).waitFor();
    const mail = await waitForMail(dataDir, customer.email, CODE, 15_000);
    expect(mail.text).toContain(masked);
    expect(mail.text).not.toContain('Johnson');
    await page.getByRole('textbox', { name: 'Digit 1 of 4' }).click();
    await page.keyboard.type(CODE.exec(mail.text)?.[1] ?? '');
    await page.getByText('Successful! Await Confirmation').waitFor({ timeout: 15_000 });
    await page.waitForURL('**/wp-user/dashboard', { timeout: 15_000 });
    await page
      .getByText(usd(balance - 5_000n))
      .first()
      .waitFor();
    const rows = page.getByRole('region', { name: /Recent transactions/i }).getByRole('listitem');
    await expect
      .poll(async () => (await rows.first().textContent()) ?? '', { timeout: 15_000 })
      .toContain(`Transfer to ${masked}`);

    // The whole 50.00 arrived.
    await theirs.reload();
    await theirs.getByText(usd(5_000n)).first().waitFor();

    expect(problems, problems.join('\n')).toEqual([]);
    expect(theirProblems, theirProblems.join('\n')).toEqual([]);
    await context.close();
  });
});
