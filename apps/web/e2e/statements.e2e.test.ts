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
import { expectAccessibleEverywhere } from './quality';
import { startServer, type RunningServer } from './server';

interface Line {
  date: string;
  type: 'credit' | 'debit';
  amount: string;
  name: string;
}
interface Customer {
  email: string;
  password: string;
  name: string;
  accountNumber: string;
  /** Oldest first. */
  lines: Line[];
}

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = path.join(repo, 'apps/server/test/fixtures/customer-with-history.ts');
const tsx = path.join(repo, 'node_modules/.bin/tsx');

let server: RunningServer;
let browser: Browser;
let customer: Customer;

beforeAll(async () => {
  // A customer with four months of history, written into the data folder before the app opens it.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-e2e-statements-'));
  const [{ stdout }, launched] = await Promise.all([
    promisify(execFile)(tsx, [fixture, dataDir], { cwd: repo }),
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

const usd = (minor: bigint) => formatMoney(minor, 'USD');
const signed = (line: Line) =>
  line.type === 'credit' ? BigInt(line.amount) : -BigInt(line.amount);

/** Statement rows as the page shows them (after the header row). */
function statementRows(page: Page) {
  return page
    .getByRole('table', { name: 'Statement lines, newest first' })
    .getByRole('row')
    .filter({ hasNot: page.getByRole('columnheader') });
}

async function download(page: Page, button: string): Promise<{ name: string; body: Buffer }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return { name: file.suggestedFilename(), body: readFileSync(await file.path()) };
}

describe('a customer with history', () => {
  it('sees the home page, then reads, charts, filters and downloads the statement', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      acceptDownloads: true,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });

    await page.goto(`${server.url}/wp-user/auth/signin`);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/wp-user/dashboard/pincreation', { timeout: 15_000 });
    for (const label of ['Enter PIN', 'Re-enter PIN']) {
      await page.getByLabel(label).fill('3690');
      await page.getByRole('button', { name: 'Confirm' }).click();
    }
    await page.waitForURL('**/wp-user/dashboard', { timeout: 15_000 });

    // Home: the balance is the ledger's; hiding it survives a reload; the number copies.
    const balance = customer.lines.reduce((sum, line) => sum + signed(line), 0n);
    await page.getByText(usd(balance)).first().waitFor();
    await page.getByRole('button', { name: 'Hide balance' }).click();
    await page.getByRole('button', { name: 'Show balance' }).waitFor();
    expect(await page.getByText(usd(balance)).count()).toBe(0);
    await page.reload();
    // The account has loaded (placeholders, and the toggle, stand in before).
    await page.getByRole('button', { name: /Copy account number/ }).waitFor();
    await page.getByRole('button', { name: 'Show balance' }).waitFor();
    expect(await page.getByText(usd(balance)).count()).toBe(0);
    await page.getByRole('button', { name: 'Show balance' }).click();
    await page.getByText(usd(balance)).first().waitFor();
    await page.getByRole('button', { name: /Copy account number/ }).click();
    await page.getByText('Copied to clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(customer.accountNumber);

    // Statements & Report from the menu: every line, newest first, 25 a page.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Statements & Report' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Statements & Report' }).waitFor();
    const newestFirst = [...customer.lines].reverse();
    await statementRows(page).first().waitFor();
    expect(await statementRows(page).count()).toBe(Math.min(25, newestFirst.length));
    const firstRow = (await statementRows(page).first().textContent()) ?? '';
    expect(firstRow).toContain(newestFirst[0]?.name);
    expect(firstRow).toContain(usd(balance));
    const summary = page.getByRole('region', { name: 'Period summary' });
    const totalIn = customer.lines
      .filter((l) => l.type === 'credit')
      .reduce((s, l) => s + BigInt(l.amount), 0n);
    await summary.getByText(usd(totalIn), { exact: true }).waitFor();
    await summary.getByText(usd(balance), { exact: true }).waitFor();
    // The charts are drawn, with their figures also as tables.
    await page.locator('.recharts-area-curve').waitFor();
    expect(await page.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    await page.getByText('Show the figures as a table').nth(1).click();
    const months = page.getByRole('table', { name: 'Money in and out by month' });
    expect(await months.getByRole('row').count()).toBeGreaterThan(3);
    await expectAccessibleEverywhere(page, 'statements');

    // Only money out: the rows, the address and the CSV agree.
    await page.getByLabel('Type').selectOption('debit');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL('**/dashboard/statements?type=debit');
    const debits = newestFirst.filter((line) => line.type === 'debit');
    await expect
      .poll(async () =>
        (await statementRows(page).allTextContents()).every((r) => r.includes('Debit')),
      )
      .toBe(true);
    const csv = await download(page, 'Download CSV');
    expect(csv.name).toMatch(new RegExp(`^statement-${customer.accountNumber}-.*\\.csv$`));
    const csvLines = csv.body.toString('utf8').trim().split(/\r?\n/);
    expect(csvLines.length - 1).toBe(debits.length);
    for (const line of debits) expect(csv.body.toString('utf8')).toContain(line.name);
    expect(csv.body.toString('utf8')).not.toContain('Salary');

    // The last 30 days as a PDF statement: bank, customer, account, period, balances, lines.
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    await page.waitForURL(/statements\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
    const from = new URL(page.url()).searchParams.get('from') ?? '';
    const inPeriod = customer.lines.filter((line) => line.date.slice(0, 10) >= from);
    const opening = customer.lines
      .filter((line) => line.date.slice(0, 10) < from)
      .reduce((sum, line) => sum + signed(line), 0n);
    await expect.poll(() => statementRows(page).count()).toBe(inPeriod.length);
    const pdf = await download(page, 'Download PDF');
    expect(pdf.name).toMatch(/\.pdf$/);
    const text = pdfTextRuns(pdf.body).join('\n');
    for (const expected of [
      'Cedar Bank',
      customer.name,
      customer.accountNumber,
      usd(opening),
      usd(balance),
      ...inPeriod.map((line) => line.name),
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain(customer.lines[0]?.name);
    expect(text).toMatch(/Page 1 of 1/);

    // The filters live in the address: a reload keeps them.
    await page.reload();
    await expect.poll(() => statementRows(page).count()).toBe(inPeriod.length);
    expect(
      await page.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed'),
    ).toBe('true');

    expect(problems, problems.join('\n')).toEqual([]);
    await context.close();
  });
});
