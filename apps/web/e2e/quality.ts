import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations } from './axe';

/** How far the page scrolls sideways (0 when it fits the viewport). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** Lets colour transitions started by a scheme or size change finish, so axe sees final colours. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A spinner turns forever; waiting for it would never end.
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => null)),
    ),
  );
}

/**
 * With E2E_SCREENSHOTS=<folder>, every page checked below is also saved as a picture, light at
 * its width and at 360 px and dark at 360 px, for people to look at (not compared by tests).
 */
async function screenshot(page: Page, name: string, variant: string): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  const file = `${name.replace(/[^a-z0-9]+/gi, '-')}-${variant}.png`;
  await page.screenshot({ path: path.join(folder, file), fullPage: true });
}

/**
 * The page as it stands has no WCAG 2.2 AA violations in light and dark colour schemes, and fits
 * a 360 px phone without sideways scrolling. The viewport and scheme are restored afterwards.
 */
export async function expectAccessibleEverywhere(page: Page, name: string): Promise<void> {
  const viewport = page.viewportSize();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await settle(page);
    expect(await axeViolations(page), `${name} (${colorScheme})`).toEqual([]);
    if (colorScheme === 'light') await screenshot(page, name, `${viewport?.width ?? 'page'}`);
  }
  await page.setViewportSize({ width: 360, height: 740 });
  await settle(page);
  await screenshot(page, name, '360-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await settle(page);
  expect(await sidewaysOverflow(page), `${name} at 360 px`).toBeLessThanOrEqual(0);
  expect(await axeViolations(page), `${name} at 360 px`).toEqual([]);
  await screenshot(page, name, '360');
  if (viewport) await page.setViewportSize(viewport);
}
