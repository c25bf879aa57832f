import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { demoAccounts } from '@app/demo-fixtures';
import { browserOnPlatform } from './support/browser-platform.js';
import { desktop, phone } from './support/screen-check.js';

/**
 * The Settings menu laid out in a real browser (SPEC.md §2 "Settings"), at a phone's, a laptop's and a wide
 * screen's width: at 1280 px the menu was once squeezed into a narrow column whose items spilled under the
 * section's card, which took the clicks meant for Security and covered API Keys.
 */
const customer = demoAccounts.find((account) => account.role === 'tenant');

const ui = browserOnPlatform('s');
let page: Page;

beforeAll(async () => {
  if (!customer) throw new Error('the demo accounts have no customer');
  page = await ui.newPage();
  await page.setViewportSize(desktop);
  await ui.signIn(page, customer, '/settings');
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(locator: Locator, name: string): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${name} is not shown`);
  return box;
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

/** Every menu item, API & Webhooks too, lies within the menu and off `section`. */
async function expectMenuClearOf(section: Locator): Promise<void> {
  const menu = await boxOf(page.getByRole('tablist'), 'the menu');
  const shown = await boxOf(section, 'the section');
  for (const item of await page.getByRole('tab').all()) {
    const name = await item.innerText();
    const box = await boxOf(item, name);
    expect(inside(box, menu), `${name} lies outside the menu`).toBe(true);
    expect(overlap(box, shown), `${name} overlaps the section`).toBe(false);
  }
}

describe('the Settings menu', () => {
  it.each([
    ['1280', desktop],
    ['375', phone],
    ['1920', { width: 1920, height: 1080 }],
  ])('opens each section at %s px wide, every item clear of the section', async (_, size) => {
    await page.setViewportSize(size);
    await page.goto(ui.at('/settings'));
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    for (const section of ['Notifications', 'Security', 'Profile']) {
      // A click fails when another element would take it, as the section's card once did for Security.
      await page.getByRole('tab', { name: section }).click();
      await page.getByRole('tabpanel').getByRole('heading', { name: section, exact: true }).waitFor();
      await expectMenuClearOf(page.getByRole('tabpanel'));
    }
  });
});
