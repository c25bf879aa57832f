import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations } from './accessibility.js';

/** Where the browser tests keep their screenshots, as CI artefacts (gitignored). */
export const screenshotDir = join(process.cwd(), '.artifacts', 'screenshots');
export const phone = { width: 375, height: 812 };
export const desktop = { width: 1280, height: 900 };

/** How far the page is wider than the window: a layout that makes a phone scroll sideways shows here. */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * Waits for every finite animation and transition to end: axe measures colour contrast on what is painted, and a
 * dialog still fading in blends its text with the overlay behind it. Endless ones (spinners, skeletons) never end.
 */
async function settledAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
}

/**
 * One screen at a desktop and a phone width: no serious or critical axe violation at either, nothing wider than
 * the phone, and a full-page screenshot of each kept as an artefact. Leaves the page at the desktop width.
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await page.setViewportSize(desktop);
  await settledAnimations(page);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: join(screenshotDir, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(phone);
  await settledAnimations(page);
  await page.screenshot({ path: join(screenshotDir, `${name}-phone.png`), fullPage: true });
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  expect(await sidewaysOverflow(page), `${name} is wider than a ${phone.width} px phone`).toBe(0);
  await page.setViewportSize(desktop);
}
