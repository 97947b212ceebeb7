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
import { balanceOfLines, enrolStaff, signIn, watchProblems } from './people';
import { expectAccessibleEverywhere } from './quality';
import { startServer, type RunningServer } from './server';

/**
 * Paying the bank from the balance (issue 19, decision 27): each payment is reviewed and
 * authorized with the transaction PIN (a wrong one refused with the tries left, five in a row
 * pause it); an upgrade paid from the balance applies at once, a payment posts and is receipted,
 * and once staff set a coin's rate the crypto forms say how much of it to send.
 */

interface Customer {
  email: string;
  password: string;
  lines: { type: 'credit' | 'debit'; amount: string }[];
}

const STAFF = { email: 'payments@bank.example', password: 'granite harbour lighthouse keeper' };
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const fixtures = path.join(repo, 'apps/server/test/fixtures');
const tsx = path.join(repo, 'node_modules/.bin/tsx');
const run = promisify(execFile);
const usd = (minor: bigint) => formatMoney(minor, 'USD');
const PIN = '3690';
const WRONG_PIN = '1357';

let server: RunningServer;
let browser: Browser;
let customer: Customer;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-e2e-pay-from-balance-'));
  const [history, launched] = await Promise.all([
    run(tsx, [path.join(fixtures, 'customer-with-history.ts'), dataDir], { cwd: repo }),
    launchBrowser(),
  ]);
  customer = JSON.parse(history.stdout) as Customer;
  browser = launched;
  await run(tsx, [path.join(fixtures, 'payment-catalog.ts'), dataDir], { cwd: repo });
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

async function openMenu(page: Page, item: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: item }).click();
}

describe('paying the bank from the balance', () => {
  it('upgrades at once, pays a fee, and shows the coin amount once staff set a rate', async () => {
    // The customer: PIN first.
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
    const before = startingBalance();
    await page.getByText(usd(before)).first().waitFor();

    // An upgrade to Gold (25.00) from the balance: the page shows the new plan at once.
    await openMenu(page, 'Upgrade Account');
    await page.getByRole('heading', { level: 1, name: 'Upgrade Account' }).waitFor();
    await page.getByText('Your plan now:').waitFor();
    expect(await page.getByText('Your plan now:').locator('strong').textContent()).toBe('Basic');
    await page.getByRole('radio', { name: /From your balance/ }).check();
    await page.getByLabel('Plan').selectOption({ label: 'Gold ($25.00)' });
    await page.getByRole('table', { name: 'What changes with Gold' }).waitFor();
    await page.getByText(usd(before)).first().waitFor();
    await expectAccessibleEverywhere(page, 'upgrade from the balance');
    await page.getByRole('button', { name: 'Continue' }).click();

    // The review says what is paid, to whom and for what, then asks for the PIN.
    const review = page.getByRole('region', { name: 'You are about to pay' });
    await review.getByText('The Gold plan, which applies as soon as it is paid').waitFor();
    expect(await review.getByText('$25.00', { exact: true }).count()).toBe(1);
    await review.getByText('Cedar Bank').waitFor();
    await review.getByText(usd(before - 2_500n)).waitFor();
    await expectAccessibleEverywhere(page, 'upgrade from the balance PIN');
    // A wrong PIN: refused with the tries left, nothing paid.
    await page.getByLabel('Transaction PIN').fill(WRONG_PIN);
    await page.getByRole('button', { name: 'Pay $25.00 and upgrade' }).click();
    await page
      .getByRole('alert')
      .getByText('Incorrect PIN. 4 tries left before PIN use is paused.')
      .waitFor();
    expect(await page.getByLabel('Transaction PIN').inputValue()).toBe('');
    await expectAccessibleEverywhere(page, 'upgrade from the balance wrong PIN');
    expect(await page.getByText('Your plan now:').locator('strong').textContent()).toBe('Basic');
    await page.getByLabel('Transaction PIN').fill(PIN);
    await page.getByRole('button', { name: 'Pay $25.00 and upgrade' }).click();
    await page.getByText('You are now on the Gold plan.').waitFor();
    await expect
      .poll(() => page.getByText('Your plan now:').locator('strong').textContent())
      .toBe('Gold');
    const upgrades = page.getByRole('region', { name: 'Your upgrade requests' });
    await upgrades.getByText('confirmed').waitFor();
    await upgrades.getByText(/Account balance · Gold/).waitFor();
    await page.getByText('There is no other plan to move to right now.').waitFor();
    await expectAccessibleEverywhere(page, 'upgraded from the balance');

    // A payment of 12.00 from the balance: one line on the dashboard, the balance down.
    await openMenu(page, 'Make payment');
    await page.getByRole('heading', { level: 1, name: 'Make payment' }).waitFor();
    await page.getByRole('link', { name: /From your balance/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Pay from your balance' }).waitFor();
    await page.getByLabel('Purpose').selectOption({ label: 'Statement copy' });
    await page.getByLabel('Amount').fill('12');
    await expectAccessibleEverywhere(page, 'make payment from the balance');
    await page.getByRole('button', { name: 'Continue' }).click();
    const payment = page.getByRole('region', { name: 'You are about to pay' });
    await payment.getByText('Statement copy').waitFor();
    await payment.getByText('$12.00', { exact: true }).waitFor();
    await expectAccessibleEverywhere(page, 'make payment from the balance PIN');
    await page.getByLabel('Transaction PIN').fill(PIN);
    await page.getByRole('button', { name: 'Pay $12.00' }).click();
    await page.getByText('Payment made.').waitFor();
    await page
      .getByText(usd(before - 2_500n - 1_200n))
      .first()
      .waitFor();
    await expectAccessibleEverywhere(page, 'paid from the balance');
    await openMenu(page, 'Dashboard');
    await page
      .getByText(usd(before - 3_700n))
      .first()
      .waitFor();
    await page.getByText('Payment (Statement copy)').first().waitFor();
    await page.getByText('Upgrade to the Gold plan').first().waitFor();

    // No rate yet: the crypto form shows no coin amount.
    await page.goto(`${server.url}/wp-user/dashboard/add-funds/crypto`);
    await page.getByRole('heading', { level: 1, name: 'Crypto Deposit' }).waitFor();
    await page.getByLabel('Amount').fill('800');
    await page.getByLabel('Transaction id (optional)').waitFor();
    expect(await page.getByText(/Send about/).count()).toBe(0);

    // Staff set Bitcoin's rate: one person, at once.
    const staffContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const staff = await staffContext.newPage();
    const staffProblems = watchProblems(staff);
    await enrolStaff(staff, server.url, STAFF);
    await staff.getByRole('link', { name: 'Crypto types' }).click();
    await staff.getByRole('heading', { level: 1, name: 'Crypto types' }).waitFor();
    await staff.getByText('No rate: customers see no coin amount.').waitFor();
    await staff.getByRole('button', { name: 'Set rate of Bitcoin' }).click();
    await staff.getByLabel('Price of one coin (USD)').fill('65,000.50');
    await staff.getByLabel('Ticker').fill('BTC');
    await staff.getByLabel('Decimals').fill('8');
    await expectAccessibleEverywhere(staff, 'staff crypto type rate form');
    await staff.getByRole('button', { name: 'Save rate' }).click();
    await staff.getByText('The rate of Bitcoin is saved: customers see it now.').waitFor();
    await staff.getByText(/Rate: 1 BTC = \$65,000\.50, sent with 8 decimals; set .* UTC/).waitFor();
    await expectAccessibleEverywhere(staff, 'staff crypto types with a rate');

    // The customer's form now says how much bitcoin to send.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Crypto Deposit' }).waitFor();
    await page
      .getByText(/1 BTC is about \$65,000\.50 \(rate as of \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}\)/)
      .waitFor();
    await page.getByLabel('Amount').fill('800');
    await page
      .getByText(/^Send about 0\.0123076 BTC \(rate as of \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}\)\.$/)
      .waitFor();
    await page
      .getByLabel('Transaction id (optional)')
      .fill('a1075db55d416d3ca199f55b6084e2115b9345e16c5cf302fc80e9d5fbf5d48d');
    await expectAccessibleEverywhere(page, 'crypto deposit with a coin amount');

    // Five wrong PINs in a row pause PIN use: the right one is refused too, and nothing is paid.
    await openMenu(page, 'Make payment');
    await page.getByRole('link', { name: /From your balance/ }).click();
    await page.getByLabel('Purpose').selectOption({ label: 'Statement copy' });
    await page.getByLabel('Amount').fill('5');
    await page.getByRole('button', { name: 'Continue' }).click();
    for (let left = 4; left >= 1; left -= 1) {
      await page.getByLabel('Transaction PIN').fill(WRONG_PIN);
      await page.getByRole('button', { name: 'Pay $5.00' }).click();
      await page
        .getByRole('alert')
        .getByText(`Incorrect PIN. ${left} ${left === 1 ? 'try' : 'tries'} left`)
        .waitFor();
    }
    await page.getByLabel('Transaction PIN').fill(WRONG_PIN);
    await page.getByRole('button', { name: 'Pay $5.00' }).click();
    await page
      .getByRole('alert')
      .getByText(/^Too many wrong PINs\./)
      .waitFor();
    await page.getByLabel('Transaction PIN').fill(PIN);
    await page.getByRole('button', { name: 'Pay $5.00' }).click();
    await page
      .getByRole('alert')
      .getByText(/PIN use is paused for \d+ more minutes/)
      .waitFor();
    await expectAccessibleEverywhere(page, 'make payment from the balance PIN paused');
    await page.getByRole('button', { name: 'Change details' }).click();
    await page
      .getByText(usd(before - 3_700n))
      .first()
      .waitFor();

    // The browser logs each refused PIN (422) and each refusal while paused (423): six wrong PINs
    // and the right one refused while paused, nothing else.
    const refusal = (problem: string) =>
      / 42[23] .*\/api\/v1\/funding\/(upgrades|payments)\/from-balance\)$/.test(problem);
    expect(problems.filter(refusal)).toHaveLength(7);
    const unexpected = problems.filter((problem) => !refusal(problem));
    expect(unexpected, unexpected.join('\n')).toEqual([]);
    expect(staffProblems, staffProblems.join('\n')).toEqual([]);
    await context.close();
    await staffContext.close();
  });
});
