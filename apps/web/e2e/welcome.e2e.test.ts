import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { launchBrowser } from './browser';
import { expectAccessibleEverywhere } from './quality';
import { startServer, type RunningServer } from './server';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  context = await browser.newContext();
  page = await context.newPage();
  problems = [];
  // Any script error or CSP refusal on a page is a failure of that page.
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
});
afterEach(async () => {
  await context.close();
});

describe('welcome page', () => {
  it('opens from the site root at {BASE_PATH}/auth with the tagline and the way in', async () => {
    await page.goto(server.url);
    await page.waitForURL(`${server.url}/wp-user/auth`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toMatch(/Welcome/);
    expect(await page.getByText('Best E-banking system, 24/7 access').isVisible()).toBe(true);
    const signUp = page.getByRole('link', { name: 'Sign up' });
    const signIn = page.getByRole('link', { name: 'Sign in' });
    expect(await signUp.getAttribute('href')).toBe('/wp-user/auth/signup');
    expect(await signIn.getAttribute('href')).toBe('/wp-user/auth/signin');
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('has no WCAG 2.2 AA violations, in light and dark colour schemes', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto(`${server.url}/wp-user/auth`);
      await page.getByText('Best E-banking system, 24/7 access').waitFor();
      expect(await axeViolations(page), colorScheme).toEqual([]);
    }
  });

  it('fits a phone screen without sideways scrolling', async () => {
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto(`${server.url}/wp-user/auth`);
    await page.getByRole('link', { name: 'Sign up' }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('is reachable by keyboard: Tab reaches both links with a visible focus', async () => {
    await page.goto(`${server.url}/wp-user/auth`);
    await page.getByRole('link', { name: 'Sign up' }).waitFor();
    const focused: string[] = [];
    for (let i = 0; i < 2; i++) {
      await page.keyboard.press('Tab');
      focused.push(await page.evaluate(() => document.activeElement?.textContent ?? ''));
    }
    expect(focused).toEqual(['Sign up', 'Sign in']);
    const outline = await page.evaluate(
      () => getComputedStyle(document.activeElement as Element).outlineStyle,
    );
    expect(outline).toBe('solid');
  });
});

describe('the signed-out pages', () => {
  it.each([
    ['sign up', '/wp-user/auth/signup', 'First name'],
    ['sign in', '/wp-user/auth/signin', 'Email'],
    ['verify', '/wp-user/auth/verify/ada%40example.com', 'Digit 1 of 6'],
    ['forgot password', '/wp-user/auth/forgot', 'Email'],
    ['reset password', '/wp-user/auth/reset', 'Email'],
  ])('%s has no WCAG 2.2 AA violations and fits a phone', async (_name, url, label) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${server.url}${url}`);
    await page.getByLabel(label).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

describe('the info notice page', () => {
  it('has no WCAG 2.2 AA violations, in light and dark, and fits a phone', async () => {
    await page.goto(`${server.url}/wp-user/auth/info/notice`);
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await expectAccessibleEverywhere(page, 'info notice');
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

describe('the accessibility check', () => {
  it('itself catches an unlabelled field, so a clean result means something', async () => {
    await page.goto(`${server.url}/wp-user/auth/signin`);
    await page.getByLabel('Email').waitFor();
    await page.evaluate(() =>
      document.querySelector('main')?.append(document.createElement('input')),
    );
    expect((await axeViolations(page)).map((v) => v.id)).toContain('label');
  });
});

describe('router error pages', () => {
  it('shows "No route matches URL" for an unknown path, in the bank\'s own frame', async () => {
    await page.goto(`${server.url}/wp-user/no/such/page`);
    await expect.poll(() => page.textContent('body')).toContain('No route matches URL');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('404 Not Found');
    expect(await page.getByRole('banner').textContent()).toContain('Cedar Bank');
    expect(await page.title()).toBe('Page not found · Cedar Bank');
    await expectAccessibleEverywhere(page, 'branded 404');
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

describe('API from the browser origin', () => {
  it('reports health with the embedded database', async () => {
    const response = await page.request.get(`${server.url}/api/health`);
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', database: { engine: 'pglite' } });
  });
});
