import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser } from './browser';
import { enrolStaff } from './people';
import { expectAccessibleEverywhere } from './quality';
import { startServer, type RunningServer } from './server';

const ADMIN = { email: 'settings@bank.example', password: 'granite harbour lighthouse keeper' };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-e2e-settings-'));
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer(
      { BOOTSTRAP_ADMIN_EMAIL: ADMIN.email, BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password },
      dataDir,
    ),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('bank settings', () => {
  it('shows the dual-control threshold and proposes a change for another administrator', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await enrolStaff(page, server.url, ADMIN);
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Bank settings' })
      .first()
      .click();
    const section = page.getByRole('region', { name: 'Dual-control threshold' });
    await section.getByText('$1,000.00').waitFor();
    await expectAccessibleEverywhere(page, 'bank settings');

    await section.getByLabel('New threshold').fill('2,500');
    await section.getByLabel('Reason').fill('Larger deposits are routine now');
    await section.getByRole('button', { name: 'Propose the change' }).click();
    await page.getByText(/Changing the threshold to \$2,500\.00 was proposed/).waitFor();
    await section.getByText('A change waits for a second administrator').waitFor();
    await section.getByText('$1,000.00').first().waitFor();
    await expectAccessibleEverywhere(page, 'bank settings with a change waiting');
    await page.close();
  });
});
