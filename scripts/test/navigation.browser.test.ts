import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { demoAccounts, type DemoAccount } from '@app/demo-fixtures';
import { seriousAccessibilityViolations } from './support/accessibility.js';
import { browserOnPlatform } from './support/browser-platform.js';

/**
 * The signed-in navigation bar in a real browser on the platform `npm start` runs (SPEC.md §2 "Navigation bar"):
 * each role's links, the current route highlighted, the avatar menu, Log out, and the slide-out menu on a phone.
 * Screenshots at both widths are kept under .artifacts/ (gitignored) for a person to look at.
 */
const screenshotDir = join(process.cwd(), '.artifacts', 'screenshots');
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

const ui = browserOnPlatform('n');
const { at } = ui;

function demoAccount(email: string): DemoAccount {
  const account = demoAccounts.find((candidate) => candidate.email === email);
  if (!account) throw new Error(`the demo accounts have no ${email}`);
  return account;
}

const customer = demoAccount('casey@demo.local');
const admin = demoAccount('admin@demo.local');

beforeAll(async () => {
  await mkdir(screenshotDir, { recursive: true });
});

/** A browser profile of its own, signed in through identity's sign-in form, landing on `returnTo`. */
async function signedIn(
  account: DemoAccount,
  returnTo: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const page = await ui.newPage();
  await page.setViewportSize(desktop);
  await ui.signIn(page, account, returnTo);
  return { context: page.context(), page };
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
/** The link NavLink marks as the current route, the one the bar highlights. */
const currentLink = (page: Page) => mainNav(page).locator('a[aria-current="page"]');

describe('the navigation bar for the demo customer', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await signedIn(customer, '/catalog'));
  });

  afterAll(async () => {
    await context?.close();
  });

  it('shows the tenant links with the current route highlighted', async () => {
    await page.getByRole('heading', { name: 'Product Catalog' }).waitFor();
    await expect
      .poll(() => mainNav(page).getByRole('link').allInnerTexts())
      .toEqual(['Tenant Dashboard', 'Products', 'Analytics', 'Billing']);
    expect(await currentLink(page).allInnerTexts()).toEqual(['Products']);
    expect(await page.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Notifications' }).innerText()).toBe('3');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: join(screenshotDir, 'navigation-customer-desktop.png') });
  });

  it("shows the customer's name and email in the avatar menu", async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await menu.getByText(`${customer.firstName} ${customer.lastName}`, { exact: true }).waitFor();
    await menu.getByText(customer.email, { exact: true }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  });

  it('moves the links into the slide-out menu at a phone width', async () => {
    await page.setViewportSize(phone);
    await mainNav(page).waitFor({ state: 'hidden' });
    await page.screenshot({
      path: join(screenshotDir, 'navigation-customer-phone.png'),
      animations: 'disabled',
    });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    await sheet.waitFor();
    const mobile = sheet.getByRole('navigation', { name: 'Mobile' });
    expect(await mobile.getByRole('link').allInnerTexts()).toEqual([
      'Tenant Dashboard',
      'Products',
      'Analytics',
      'Billing',
    ]);
    await mobile.getByRole('heading', { name: 'General' }).waitFor();
    expect(await mobile.locator('a[aria-current="page"]').allInnerTexts()).toEqual(['Products']);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({
      path: join(screenshotDir, 'navigation-customer-phone-menu.png'),
      animations: 'disabled',
    });

    await mobile.getByRole('link', { name: 'Tenant Dashboard' }).click();
    await page.waitForURL(at('/dashboard'));
    await sheet.waitFor({ state: 'hidden' });
    await page.setViewportSize(desktop);
  });

  it('logs out to the visitor bar, after which protected routes send to sign in', async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(0);

    await page.goto(at('/dashboard'));
    await page.waitForURL((url) => url.pathname === '/api/login');
  });
});

describe('the navigation bar for the demo admin', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await signedIn(admin, '/catalog'));
  });

  afterAll(async () => {
    await context?.close();
  });

  it('shows the admin links, highlighting the one followed', async () => {
    await page.getByRole('heading', { name: 'Product Catalog' }).waitFor();
    await expect
      .poll(() => mainNav(page).getByRole('link').allInnerTexts())
      .toEqual(['Admin Dashboard', 'Admin Portal', 'Activity', 'Products', 'Analytics', 'Billing']);
    await page.screenshot({ path: join(screenshotDir, 'navigation-admin-desktop.png') });

    await mainNav(page).getByRole('link', { name: 'Admin Portal' }).click();
    await page.waitForURL(at('/admin-portal'));
    await expect.poll(() => currentLink(page).allInnerTexts()).toEqual(['Admin Portal']);
  });

  it("shows the admin's name and email in the avatar menu", async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await menu.getByText(`${admin.firstName} ${admin.lastName}`, { exact: true }).waitFor();
    await menu.getByText(admin.email, { exact: true }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('shows the admin links in the slide-out menu at a phone width', async () => {
    await page.setViewportSize(phone);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const mobile = page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'Mobile' });
    expect(await mobile.getByRole('link').allInnerTexts()).toEqual([
      'Admin Dashboard',
      'Admin Portal',
      'Activity',
      'Products',
      'Analytics',
      'Billing',
    ]);
    await page.screenshot({
      path: join(screenshotDir, 'navigation-admin-phone-menu.png'),
      animations: 'disabled',
    });
  });
});
