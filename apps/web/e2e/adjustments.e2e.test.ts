import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { waitForMail } from './mailbox';
import { enrolStaff, signIn, watchProblems } from './people';
import { expectAccessibleEverywhere, expectTablesKeepWords } from './quality';
import { startServer, type RunningServer } from './server';

/**
 * Manual ledger adjustments under four eyes (decision 21), in a real browser: the bootstrap
 * administrator invites a finance approver, proposes a credit to a customer with an evidence
 * file, cannot approve it; the approver does; the customer's balance shows it, the audit log
 * has both steps and the trial balance still reads zero. axe on the new pages, desktop and
 * phone, light and dark.
 */

interface Customer {
  email: string;
  password: string;
  name: string;
  accountNumber: string;
}

const ADMIN = { email: 'admin@bank.example', password: 'granite harbour lighthouse keeper' };
const APPROVER = { email: 'mary.jackson@bank.example', password: 'lichen harbour gently rowing' };
const PIN = '3690';
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const tsx = path.join(repo, 'node_modules/.bin/tsx');
const run = promisify(execFile);

let server: RunningServer;
let browser: Browser;
let customer: Customer;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-e2e-adjustments-'));
  const fixture = path.join(repo, 'apps/server/test/fixtures/customer-with-history.ts');
  const [{ stdout }, launched] = await Promise.all([
    run(tsx, [fixture, dataDir, 'with-recipient'], { cwd: repo }),
    launchBrowser(),
  ]);
  // The recipient's account is open and empty: the adjustment is all it will hold.
  customer = (JSON.parse(stdout) as { recipient: Customer }).recipient;
  browser = launched;
  server = await startServer(
    { BOOTSTRAP_ADMIN_EMAIL: ADMIN.email, BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password },
    dataDir,
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Screenshots for people to look at, when E2E_SCREENSHOTS names a folder. */
async function picture(page: Page, name: string) {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  const viewport = page.viewportSize();
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: path.join(folder, `${name}-${width}.png`), fullPage: true });
  }
  if (viewport) await page.setViewportSize(viewport);
}

describe('manual ledger adjustments in the browser', () => {
  it('one proposes a credit with evidence, cannot approve it; a second approves; the books and the customer show it', async () => {
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const admin = await adminContext.newPage();
    const adminProblems = watchProblems(admin);
    await enrolStaff(admin, server.url, ADMIN);

    // The administrator invites a finance approver.
    await admin.goto(`${server.url}/wp-user/admin/staff/invite`);
    await admin.getByRole('heading', { name: 'Invite a staff member' }).waitFor();
    await admin.getByLabel('Email').fill(APPROVER.email);
    await admin.getByLabel('First name').fill('Mary');
    await admin.getByLabel('Last name').fill('Jackson');
    await admin.getByRole('checkbox', { name: 'Finance approver' }).check();
    await admin.getByRole('button', { name: 'Send the invitation' }).click();
    await admin.getByText(/Invitation sent to mary\.jackson@bank\.example/).waitFor();
    const mail = await waitForMail(server.dataDir, APPROVER.email, /staff\/invitation\//);
    const link = /(http\S+\/auth\/staff\/invitation\/[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    const approverContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const approver = await approverContext.newPage();
    const approverProblems = watchProblems(approver);
    await approver.goto(link ?? '');
    await approver.getByLabel('Password', { exact: true }).fill(APPROVER.password);
    await approver.getByRole('button', { name: 'Set my password' }).click();
    await approver
      .getByText('Your password is set. Sign in to set up your authenticator app.')
      .waitFor();
    await enrolStaff(approver, server.url, APPROVER);

    // The administrator proposes a credit of 125.00 with a scan of the evidence.
    const backOffice = admin.getByRole('navigation', { name: 'Back office' });
    await backOffice.getByRole('link', { name: 'Ledger adjustments' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Ledger adjustments' }).waitFor();
    await admin.getByLabel('Customer account number').waitFor();
    await expectAccessibleEverywhere(admin, 'ledger adjustment form');
    await admin.getByLabel('Customer account number').fill(customer.accountNumber);
    await admin.getByLabel('Amount', { exact: true }).fill('125.00');
    await admin
      .getByLabel('Reason', { exact: true })
      .fill('Transfer fee charged twice on 3 March: refund of one');
    const scan = await sharp({
      create: { width: 400, height: 260, channels: 3, background: '#e8eef7' },
    })
      .png()
      .toBuffer();
    await admin
      .getByLabel('Evidence file')
      .setInputFiles({ name: 'statement.png', mimeType: 'image/png', buffer: scan });
    await admin.getByRole('button', { name: 'Send for approval' }).click();
    await admin.getByRole('heading', { name: 'Sent for approval' }).waitFor();
    await expectAccessibleEverywhere(admin, 'ledger adjustment sent');
    const proposalLink = admin.getByRole('link', { name: /^See proposal \d+$/ });
    const id = /(\d+)$/.exec((await proposalLink.textContent()) ?? '')?.[1] ?? '';
    expect(id).toMatch(/^\d+$/);

    // Their own proposal: only a withdrawal is offered, and the server refuses an approval.
    await proposalLink.click();
    await admin.getByRole('heading', { level: 1, name: /Manual ledger adjustment/ }).waitFor();
    await admin.getByRole('button', { name: 'Withdraw this proposal' }).waitFor();
    expect(await admin.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    const own = await admin.evaluate(
      async (url) =>
        (
          await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-bank-csrf': '1' },
            body: '{}',
          })
        ).status,
      `/api/v1/staff/approvals/${id}/approve`,
    );
    expect(own).toBe(403);
    // Chromium logs nothing for a fetch's 403 made by evaluate unless it fails: keep the count.
    const refusedOwn = (problem: string) => problem.includes('403') && problem.includes('approve');
    adminProblems.splice(0, adminProblems.length, ...adminProblems.filter((p) => !refusedOwn(p)));

    // The approver finds it waiting, reads it and its evidence, and approves it.
    await approver.getByRole('link', { name: /Approvals waiting for me/ }).click();
    await approver.getByRole('heading', { level: 1, name: 'Approvals' }).waitFor();
    await approver.getByText('1 waiting proposal, oldest first').waitFor();
    await expectAccessibleEverywhere(approver, 'approvals inbox');
    await expectTablesKeepWords(approver, 'approvals inbox');
    await picture(approver, 'approvals-inbox');
    await approver
      .getByRole('link', { name: new RegExp(`^Proposal ${id} ?: Manual ledger adjustment`) })
      .first()
      .click();
    await approver.getByRole('img', { name: 'Evidence attached to the proposal' }).waitFor();
    await approver.getByText('Transfer fee charged twice on 3 March: refund of one').waitFor();
    await expectAccessibleEverywhere(approver, 'proposal page');
    await picture(approver, 'proposal-page');
    await approver.getByLabel('Note (optional)').fill('Matches the statement');
    await approver.getByRole('button', { name: 'Approve' }).click();
    await approver.getByText('Approved and carried out.').waitFor();
    await approver.getByRole('region', { name: 'Decision' }).getByText('Mary Jackson').waitFor();
    await expectAccessibleEverywhere(approver, 'proposal approved');
    await picture(approver, 'proposal-approved');

    // The audit log has the proposal, its approval and the entry; the books sum to zero.
    await admin.goto(`${server.url}/wp-user/admin/audit`);
    await admin.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    const log = admin.getByRole('table', { name: 'Audit log, newest first' });
    await log.getByText('Proposed for a second person', { exact: true }).first().waitFor();
    await log.getByText('Proposal approved and carried out', { exact: true }).first().waitFor();
    await log.getByText('Manual ledger adjustment posted', { exact: true }).first().waitFor();
    await admin
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Trial balance' })
      .click();
    await admin.getByText('OK: the USD accounts sum to zero.').waitFor();
    await admin.getByText('Manual adjustments').first().waitFor();

    // The customer's balance holds it, and their history says what it is.
    const customerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await customerContext.newPage();
    const customerProblems = watchProblems(page);
    await signIn(page, server.url, customer.email, customer.password);
    await page.waitForURL('**/wp-user/dashboard/pincreation', { timeout: 15_000 });
    for (const label of ['Enter PIN', 'Re-enter PIN']) {
      await page.getByLabel(label).fill(PIN);
      await page.getByRole('button', { name: 'Confirm' }).click();
    }
    await page.waitForURL('**/wp-user/dashboard', { timeout: 15_000 });
    const balance = page.getByText('Available balance').locator('xpath=following-sibling::*[1]');
    await expect.poll(() => balance.textContent()).toBe('$125.00');
    await page.getByText(`Balance correction by the bank (adjustment ${id})`).first().waitFor();

    expect(adminProblems, adminProblems.join('\n')).toEqual([]);
    expect(approverProblems, approverProblems.join('\n')).toEqual([]);
    expect(customerProblems, customerProblems.join('\n')).toEqual([]);
    await adminContext.close();
    await approverContext.close();
    await customerContext.close();
  });
});
