import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { waitForMail } from './mailbox';
import { startServer, type RunningServer } from './server';

const STAFF = { email: 'reviewer@bank.example', password: 'granite harbour lighthouse keeper' };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ BOOTSTRAP_ADMIN_EMAIL: STAFF.email, BOOTSTRAP_ADMIN_PASSWORD: STAFF.password }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a new customer, from sign-up to an approved account', () => {
  it('signs up, verifies with the emailed code, submits KYC, waits for review, is approved and signs in', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const email = `journey.${Date.now()}@example.com`;
    const password = 'velvet tram orbit lantern';

    // Sign up.
    await page.goto(`${server.url}/wp-user/auth`);
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByLabel('First name').fill('Mary');
    await page.getByLabel('Last name').fill('Jackson');
    await page.getByLabel('Username').fill(`mary_${Date.now().toString(36)}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('I confirm that I am at least 18 years old and accept the terms').check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(`**/wp-user/auth/verify/${encodeURIComponent(email)}`, {
      timeout: 15_000,
    });

    // The code arrives in the mailbox; typing it verifies and leads to the identity check.
    const mail = await waitForMail(server.dataDir, email, /verification code is \d{6}/);
    const code = /verification code is (\d{6})/.exec(mail.text)?.[1] ?? '';
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
    await page.keyboard.type(code);
    await page.waitForURL('**/wp-user/auth/account/verification', { timeout: 15_000 });

    // Identity documents, with upload progress, then "under review".
    const photo = await sharp({
      create: { width: 120, height: 90, channels: 3, background: '#48a' },
    })
      .png()
      .toBuffer();
    await page.getByLabel('Country').selectOption('GB');
    await page.getByLabel('Phone').fill('07911 123456');
    await page.getByLabel('Home address').fill('1 High Street, London');
    await page.getByLabel('Document type').selectOption({ label: "Driver's License" });
    for (const label of ['A photo of yourself', 'ID front', 'ID back']) {
      await page
        .getByLabel(label)
        .setInputFiles({ name: 'doc.png', mimeType: 'image/png', buffer: photo });
    }
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(/Your documents were received/).waitFor();
    await page.waitForURL('**/wp-user/auth/account/under-review', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Okay' }).click();
    await page.getByText('Logged out!').waitFor();

    // Staff approve through the back-office API (the staff screens come with a later issue).
    const staff = await browser.newContext();
    const api = staff.request;
    const headers = { 'x-bank-csrf': '1', origin: server.url };
    expect(
      (await api.post(`${server.url}/api/v1/auth/signin`, { data: STAFF, headers })).ok(),
    ).toBe(true);
    const queue = (await (await api.get(`${server.url}/api/v1/staff/kyc/queue`)).json()) as {
      items: { id: string; email: string }[];
    };
    const mine = queue.items.find((item) => item.email === email);
    expect(mine).toBeDefined();
    const approve = await api.post(
      `${server.url}/api/v1/staff/kyc/submissions/${mine?.id}/approve`,
      {
        headers,
      },
    );
    expect(approve.status()).toBe(200);
    expect((await approve.json()).accountNumber).toMatch(/^\d{10}$/);
    await waitForMail(server.dataDir, email, /current account is open/);

    // The customer signs in and is sent to the dashboard.
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/wp-user/dashboard', { timeout: 15_000 });
    expect(problems).toEqual([]);
    await staff.close();
    await context.close();
  });
});
