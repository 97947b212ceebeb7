import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { watchProblems } from './people';
import { expectAccessibleEverywhere } from './quality';
import { startServer, type RunningServer } from './server';

interface Customer {
  email: string;
  password: string;
}

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = path.join(repo, 'apps/server/test/fixtures/customer-with-history.ts');
const tsx = path.join(repo, 'node_modules/.bin/tsx');

let server: RunningServer;
let browser: Browser;
let customer: Customer;

beforeAll(async () => {
  // An approved customer whose profile is what the identity check gave: phone, country and
  // address, and no gender, birth date or marital status.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-e2e-profile-'));
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

describe('the profile', () => {
  it('takes a new phone number alone, and says what to check in a wrong one', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchProblems(page);

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

    await page.goto(`${server.url}/wp-user/dashboard/profile`);
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    const phone = page.getByLabel('Phone');
    await expect.poll(() => phone.inputValue()).toBe('+1 415 555 0123');
    const before = await (await page.request.get(`${server.url}/api/v1/profile`)).json();
    expect(before).toMatchObject({ gender: null, dateOfBirth: null, maritalStatus: null });
    await expectAccessibleEverywhere(page, 'profile');

    // A digit too many: the message says what a +44 number looks like, before anything is sent.
    await phone.fill('+44 7400 1234567');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const message = page.getByText(
      'Too many digits for a +44 number: it has 7, 9 or 10 digits after +44, for example +44 7400 123456. Check the country code and the digits.',
    );
    await message.waitFor();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    await expectAccessibleEverywhere(page, 'profile with a wrong phone');

    // Fixed, the message goes at once; nothing else is typed, and only the phone is sent.
    await phone.fill('+44 7400 123456');
    await expect.poll(() => message.count()).toBe(0);
    const [saved] = await Promise.all([
      page.waitForRequest(
        (request) => request.url().endsWith('/api/v1/profile') && request.method() === 'POST',
      ),
      page.getByRole('button', { name: 'Save changes' }).click(),
    ]);
    expect(saved.postDataJSON()).toEqual({ phone: '+447400123456' });
    await page.getByText('Action Successful! Your profile is saved.').waitFor();

    await page.reload();
    await expect.poll(() => page.getByLabel('Phone').inputValue()).toBe('+44 7400 123456');
    const after = await (await page.request.get(`${server.url}/api/v1/profile`)).json();
    expect(after).toEqual({ ...before, phone: '+447400123456' });
    expect(problems).toEqual([]);
    await context.close();
  });
});
