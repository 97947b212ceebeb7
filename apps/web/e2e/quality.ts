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

/**
 * The words that the page's tables break across lines (a name, an email or a reference split
 * in the middle), as shown; empty when every word keeps whole. Breaking at a space, a hyphen or
 * a slash is wrapping, not breaking; text only for screen readers is left out.
 */
export function wordsBrokenInTables(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const cell of document.querySelectorAll('table th, table td')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest('.sr-only')) continue;
        for (const word of (node.textContent ?? '').matchAll(/[^\s\-–/]+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set(
            [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
          );
          if (lines.size > 1) broken.push(word[0]);
        }
      }
    }
    return broken;
  });
}

/**
 * At each desktop width the page's tables keep every word whole (they wrap between words, or
 * cut a long value short with the whole of it in its title) and the page does not scroll
 * sideways; a picture of each width with E2E_SCREENSHOTS. The viewport is restored afterwards.
 */
export async function expectTablesKeepWords(
  page: Page,
  name: string,
  widths: readonly number[] = [1280, 1024],
): Promise<void> {
  expect(await page.locator('table').count(), name).toBeGreaterThan(0);
  const viewport = page.viewportSize();
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await settle(page);
    await screenshot(page, name, `tables-${width}`);
    expect(await wordsBrokenInTables(page), `${name} at ${width} px`).toEqual([]);
    // Each table fits the panel it sits on (which would scroll it rather than the page).
    const wider = await page.evaluate(() =>
      [...document.querySelectorAll('table')]
        .filter((t) => t.getClientRects().length > 0)
        .map((t) => {
          const panel = t.parentElement;
          if (!panel) return 0;
          const style = getComputedStyle(panel);
          const room =
            panel.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return Math.round(t.getBoundingClientRect().width - room);
        })
        .filter((excess) => excess > 0),
    );
    expect(wider, `${name} at ${width} px: tables wider than their panel`).toEqual([]);
    expect(await sidewaysOverflow(page), `${name} at ${width} px`).toBeLessThanOrEqual(0);
  }
  if (viewport) await page.setViewportSize(viewport);
}
