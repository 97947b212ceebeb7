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
import {
  approveWaiting,
  balanceOfLines,
  enrolStaff,
  inviteSecondApprover,
  signInWithNewPin,
  watchProblems,
} from './people';
import { expectAccessibleEverywhere, expectTablesKeepWords } from './quality';
import { startServer, type RunningServer } from './server';

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

const STAFF = { email: 'transfers@bank.example', password: 'granite harbour lighthouse keeper' };
const OWN_SWIFT = 'CEDRUS33';
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
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-e2e-transfers-'));
  const fixture = path.join(repo, 'apps/server/test/fixtures/customer-with-history.ts');
  const [{ stdout }, launched] = await Promise.all([
    run(tsx, [fixture, dataDir, 'with-recipient'], { cwd: repo }),
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

function startingBalance() {
  return balanceOfLines(customer.lines);
}

function firstSignIn(page: Page, who: Person) {
  return signInWithNewPin(page, server.url, who, PIN);
}

async function openMenu(page: Page, item: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: item }).click();
}

async function fillRecipient(
  page: Page,
  to: { bank: string; swift: string; country: string; account: string; holder: string },
) {
  await page.getByLabel('Bank', { exact: true }).fill(to.bank);
  await page.getByLabel('SWIFT/BIC code').fill(to.swift);
  await page.getByLabel('Routing number').fill('021000021');
  await page.getByLabel('Country').selectOption(to.country);
  await page.getByLabel('Account number').fill(to.account);
  await page.getByLabel('Account holder name').fill(to.holder);
}

/** Codes already used: each transfer waits for its own email, never takes an earlier one. */
const readMail = new Set<string>();

/** The PIN page: the PIN, then the emailed code when asked; ends on the success message. */
async function authorize(page: Page, withCode: boolean, name: string) {
  await page.getByLabel('Transaction PIN').fill(PIN);
  await page.getByRole('button', { name: 'Confirm' }).click();
  if (withCode) {
    await page.getByRole('heading', { name: 'Transfer Authorization Code is required' }).waitFor();
    await expectAccessibleEverywhere(page, `${name}: code prompt`);
    const mail = await waitForMail(dataDir, customer.email, CODE, 15_000, readMail);
    const code = CODE.exec(mail.text)?.[1] ?? '';
    await page.getByRole('textbox', { name: 'Digit 1 of 4' }).click();
    // The last digit sends the code, as the boxes do.
    await page.keyboard.type(code);
  }
  await page.getByText('Successful! Await Confirmation').waitFor({ timeout: 15_000 });
  await page.waitForURL('**/wp-user/dashboard', { timeout: 15_000 });
}

/** The first transaction row on the dashboard: its text once it includes `text`. */
async function latestRow(page: Page, text: string) {
  const rows = page.getByRole('region', { name: /Recent transactions/i }).getByRole('listitem');
  await expect
    .poll(async () => (await rows.first().textContent()) ?? '', { timeout: 15_000 })
    .toContain(text);
  return (await rows.first().textContent()) ?? '';
}

describe('bank transfers: PIN and emailed code, staff decisions, a refund, a transfer inside the bank', () => {
  it('moves the money the customer authorized, and every status is true', async () => {
    const staffContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const staff = await staffContext.newPage();
    const staffProblems = watchProblems(staff);
    await enrolStaff(staff, server.url, STAFF);
    await staff.getByRole('link', { name: 'Institution details' }).click();
    await staff.getByLabel('SWIFT code').fill(OWN_SWIFT);
    await staff.getByLabel('Routing number').fill('021000021');
    await staff.getByLabel('Country').selectOption('US');
    await staff.getByRole('button', { name: 'Save' }).click();
    // Where transfers say they go is a two-person change: a catalog manager approves it.
    await staff.getByText(/^Sent for approval/).waitFor();
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
      ['catalog_manager'],
    );
    await approveWaiting(staff, approver);
    await approver.dispose();
    await expect.poll(() => staff.getByLabel('SWIFT code').inputValue()).toBe(OWN_SWIFT);

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await firstSignIn(page, customer);
    let balance = startingBalance();
    await page.getByText(usd(balance)).first().waitFor();

    // 1. To another bank: 250.00, a new beneficiary, so the code is asked for.
    await openMenu(page, 'Bank Transfer');
    await page.getByRole('heading', { level: 1, name: 'Bank Transfer' }).waitFor();
    await expectAccessibleEverywhere(page, 'send');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Enter the bank name').waitFor();
    await fillRecipient(page, {
      bank: 'Deutsche Bank',
      swift: 'deutdeff',
      country: 'DE',
      account: 'DE89 3704 0044 0532 0130 00',
      holder: 'Ada Lovelace',
    });
    await page.getByLabel('Amount').fill('250');
    await page.getByLabel('Note').fill('Tuition, autumn term');
    await page.getByLabel('Save this beneficiary').check();
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { level: 1, name: 'Confirm transfer' }).waitFor();
    // The default plan charges 0.5 % to another bank (decision 24).
    await page.getByText('Service charge (0.5 %)').waitFor();
    await page.getByText(usd(125n)).first().waitFor();
    await page.getByText(usd(24_875n)).first().waitFor();
    await expectAccessibleEverywhere(page, 'confirm');
    await page.getByRole('button', { name: 'Confirm' }).click();

    await page.getByRole('heading', { level: 1, name: 'Authorize transfer' }).waitFor();
    await expectAccessibleEverywhere(page, 'pin');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Invalid Pin').waitFor();
    await page.getByLabel('Transaction PIN').fill('1357');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(/Incorrect PIN\. 4 tries left/).waitFor();
    expect(await page.getByLabel('Transaction PIN').inputValue()).toBe('');
    await authorize(page, true, 'external');

    balance -= 25_000n;
    await page.getByText(usd(balance)).first().waitFor();
    expect(await latestRow(page, 'Ada Lovelace')).toMatch(/in progress/i);

    // Staff send it and mark it successful.
    await staff.getByRole('link', { name: 'Outgoing transfers', exact: true }).first().click();
    await staff.getByRole('heading', { level: 1, name: 'Outgoing transfers' }).waitFor();
    await expectAccessibleEverywhere(staff, 'staff transfers');
    await expectTablesKeepWords(staff, 'staff transfers');
    await staff
      .getByRole('link', { name: /Transfer \d+ ?: Grace Hopper/ })
      .first()
      .click();
    await staff.getByText('DE89370400440532013000').first().waitFor();
    await expectAccessibleEverywhere(staff, 'staff transfer review');
    await staff.getByLabel('Payment reference').fill('DB-2026-11-0042');
    await staff.getByRole('button', { name: 'Mark successful' }).click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Mark successful' }).click();
    await staff.getByText(/Marked successful with the reference DB-2026-11-0042/).waitFor();
    // The decided tab's table: names, banks and the reference keep their words at desktop widths.
    await staff.goto(`${server.url}/wp-user/admin/transfers?status=successful`);
    await staff.getByRole('table').getByText('DB-2026-11-0042').waitFor();
    await expectTablesKeepWords(staff, 'staff transfers sent');
    await expectAccessibleEverywhere(staff, 'staff transfers sent');

    await page.reload();
    expect(await latestRow(page, 'Ada Lovelace')).toMatch(/successful/i);
    await page.getByText(usd(balance)).first().waitFor();

    // 2. The saved beneficiary again, 100.00: paid before and small, so the PIN alone.
    await openMenu(page, 'Bank Transfer');
    await page.getByRole('button', { name: /Use Ada Lovelace/ }).click();
    await page.getByLabel('Amount').fill('100');
    await page.getByLabel('Note').fill('Books');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { level: 1, name: 'Authorize transfer' }).waitFor();
    await authorize(page, false, 'repeat');
    balance -= 10_000n;
    await page.getByText(usd(balance)).first().waitFor();

    // Staff cannot send it: marked failed, amount and fee come back.
    await staff.getByRole('link', { name: 'Outgoing transfers', exact: true }).first().click();
    await staff
      .getByRole('link', { name: /Transfer \d+ ?: Grace Hopper/ })
      .first()
      .click();
    await staff.getByLabel('Reason for the customer').fill('The beneficiary bank returned it.');
    await staff.getByRole('button', { name: 'Mark failed' }).click();
    await staff
      .getByRole('dialog')
      .getByRole('button', { name: `Mark failed and refund ${usd(10_000n)}` })
      .click();
    await staff.getByText(/Marked failed\./).waitFor();

    balance += 10_000n;
    await page.reload();
    await page.getByText(usd(balance)).first().waitFor();
    expect(await latestRow(page, 'Refund')).toMatch(/successful/i);
    await openMenu(page, 'Notifications');
    await page.getByText('Transfer failed').first().waitFor();

    // 3. To another customer of this bank: settles at once, both balances move.
    await openMenu(page, 'Bank Transfer');
    await fillRecipient(page, {
      bank: 'Cedar Bank',
      swift: OWN_SWIFT,
      country: 'US',
      account: customer.recipient.accountNumber,
      holder: customer.recipient.name,
    });
    await page.getByLabel('Amount').fill('50');
    await page.getByLabel('Note').fill('Dinner');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(/the money arrives at once/).waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await authorize(page, true, 'internal');
    balance -= 5_000n;
    await page.getByText(usd(balance)).first().waitFor();
    expect(await latestRow(page, customer.recipient.name)).toMatch(/successful/i);

    const other = await (
      await browser.newContext({ viewport: { width: 390, height: 844 } })
    ).newPage();
    const otherProblems = watchProblems(other);
    await firstSignIn(other, customer.recipient);
    // No charge inside the bank: the whole 50.00 arrives.
    await other.getByText(usd(5_000n)).first().waitFor();

    // The one refusal asked for: the wrong PIN tried on purpose.
    const unexpected = problems.filter((p) => !/422 .*\/api\/v1\/transfers\/\d+\/pin/.test(p));
    expect(unexpected, problems.join('\n')).toEqual([]);
    expect(otherProblems, otherProblems.join('\n')).toEqual([]);
    expect(
      staffProblems.filter((p) => !p.includes('409')),
      staffProblems.join('\n'),
    ).toEqual([]);
    await context.close();
    await staffContext.close();
  });
});
