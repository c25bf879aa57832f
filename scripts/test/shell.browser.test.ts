import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Product } from '@app/contracts';
import { demoAccounts, demoTenants } from '@app/demo-fixtures';
import { seriousAccessibilityViolations } from './support/accessibility.js';
import { browserOnPlatform } from './support/browser-platform.js';

/**
 * The shell in a real browser on the platform `npm start` runs (SPEC.md §2): the landing page, the catalogue and
 * its filters, the 404 page, the redirect of visitors to sign-in, and a remote screen, loaded and failing.
 */
let page: Page;
let active: Product[];

const ui = browserOnPlatform('s');
const { at, signIn } = ui;
const customer = demoAccounts.find((account) => account.role === 'tenant');
const admin = demoAccounts.find((account) => account.role === 'admin');

beforeAll(async () => {
  const products = (await (await fetch(at('/api/products'))).json()) as Product[];
  active = products.filter((product) => product.isActive);
  page = await ui.newPage();
});

const productCards = (on: Page = page) => on.getByRole('list', { name: 'Products' }).locator(':scope > li');

describe('the shell for a visitor', () => {
  it('leads from the landing page to the catalogue', async () => {
    await page.goto(at('/'));
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe('Multi-Tenant SaaS Management');
    expect(await page.getByRole('link', { name: 'Get Started', exact: true }).getAttribute('href')).toBe(
      '/api/login',
    );
    await page.getByRole('link', { name: 'Explore Products' }).click();
    await page.waitForURL(at('/catalog'));
    await page.getByRole('heading', { name: 'Product Catalog' }).waitFor();
    await expect.poll(() => productCards().count()).toBe(active.length);
    expect(active.length).toBeGreaterThan(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('filters the catalogue by name, case-insensitively, and shows the empty state', async () => {
    const [first] = active;
    if (!first) throw new Error('the demo catalogue has no active product');
    await page.getByPlaceholder('Search products...').fill(first.name.toUpperCase());
    await expect.poll(() => productCards().count()).toBeLessThan(active.length);
    expect(await productCards().first().getByRole('heading').innerText()).toBe(first.name);
    expect(await productCards().first().getByRole('link').getAttribute('href')).toBe(
      `/checkout?product=${first.slug}`,
    );

    await page.getByPlaceholder('Search products...').fill('no product is called this');
    await page.getByRole('heading', { name: 'No products found' }).waitFor();
    await page.getByText('Try adjusting your search terms or filters').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => productCards().count()).toBe(active.length);
    expect(await page.getByPlaceholder('Search products...').inputValue()).toBe('');
  });

  it('filters the catalogue by category', async () => {
    const category = active.find((product) => product.category)?.category;
    if (!category) throw new Error('the demo catalogue has no category');
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: category, exact: true }).click();
    const expected = active.filter((product) => product.category === category).length;
    await expect.poll(() => productCards().count()).toBe(expected);
  });

  it('answers an unknown path with the 404 page', async () => {
    await page.goto(at('/no/such/page'));
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('sends a visitor on a protected route to sign in, coming back afterwards', async () => {
    await page.goto(at('/dashboard'));
    await page.waitForURL((url) => url.pathname === '/api/login');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/dashboard');
  });

  it('sends a visitor on an admin route to sign in', async () => {
    await page.goto(at('/admin-portal'));
    await page.waitForURL((url) => url.pathname === '/api/login');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/admin-portal');
  });
});

describe('the shell for a signed-in customer', () => {
  it('shows Settings from mfe-customer under the navigation bar', async () => {
    if (!customer) throw new Error('the demo accounts have no customer');
    const customerPage = await ui.newPage();
    try {
      await signIn(customerPage, customer, '/settings');
      await customerPage.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
      await customerPage.getByRole('tab', { name: 'Profile' }).waitFor();
      expect(await customerPage.getByLabel('Email').inputValue()).toBe(customer.email);
      expect(await seriousAccessibilityViolations(customerPage)).toEqual([]);
      const main = customerPage.getByRole('navigation', { name: 'Main' });
      await expect
        .poll(() => main.getByRole('link').allInnerTexts())
        .toEqual(['Tenant Dashboard', 'Products', 'Analytics', 'Billing']);
      await customerPage.getByRole('button', { name: 'Account menu' }).click();
      await customerPage.getByRole('menuitem', { name: 'Log out' }).waitFor();
      expect(await customerPage.getByRole('menuitem', { name: 'Settings' }).getAttribute('href')).toBe(
        '/settings',
      );
    } finally {
      await customerPage.context().close();
    }
  });

  it("shows an error with Retry when a remote's files do not load, while the rest of the shell works", async () => {
    if (!customer) throw new Error('the demo accounts have no customer');
    const customerPage = await ui.newPage();
    try {
      let remoteDown = true;
      await customerPage.route('**/remotes/mfe-customer/**', (route) =>
        remoteDown ? route.abort() : route.continue(),
      );
      await signIn(customerPage, customer, '/settings');
      await customerPage.getByRole('heading', { name: 'This section could not be loaded' }).waitFor();

      await customerPage
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Products' })
        .click();
      await customerPage.getByRole('heading', { name: 'Product Catalog' }).waitFor();

      await customerPage.goBack();
      await customerPage.getByRole('button', { name: 'Retry' }).waitFor();
      remoteDown = false;
      await customerPage.getByRole('button', { name: 'Retry' }).click();
      await customerPage.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    } finally {
      await customerPage.context().close();
    }
  });
});

describe('the shell for a signed-in admin', () => {
  it('shows the Admin Dashboard from mfe-admin with the live tenants', async () => {
    if (!admin) throw new Error('the demo accounts have no admin');
    const adminPage = await ui.newPage();
    try {
      await signIn(adminPage, admin, '/admin');
      await adminPage.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
      const tenants = adminPage.getByRole('list', { name: 'Tenants' });
      for (const tenant of demoTenants) {
        await tenants.getByRole('heading', { name: tenant.name, exact: true }).waitFor();
      }
      const listed = (await (await adminPage.request.get(at('/api/admin/tenants'))).json()) as unknown[];
      const totalTenants = adminPage.locator('[data-slot="card"]', { hasText: 'Total Tenants' });
      await expect
        .poll(() => totalTenants.innerText())
        .toMatch(new RegExp(`^Total Tenants\\s+${listed.length}\\s`));
      expect(await seriousAccessibilityViolations(adminPage)).toEqual([]);
    } finally {
      await adminPage.context().close();
    }
  });

  it("shows an error with Retry when the admin remote's files do not load, while the catalogue still works", async () => {
    if (!admin) throw new Error('the demo accounts have no admin');
    const adminPage = await ui.newPage();
    try {
      let remoteDown = true;
      await adminPage.route('**/remotes/mfe-admin/**', (route) =>
        remoteDown ? route.abort() : route.continue(),
      );
      await signIn(adminPage, admin, '/admin');
      await adminPage.getByRole('heading', { name: 'This section could not be loaded' }).waitFor();
      expect(await seriousAccessibilityViolations(adminPage)).toEqual([]);

      await adminPage
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Products' })
        .click();
      await adminPage.getByRole('heading', { name: 'Product Catalog' }).waitFor();
      await expect.poll(() => productCards(adminPage).count()).toBeGreaterThan(0);

      await adminPage.goBack();
      await adminPage.getByRole('button', { name: 'Retry' }).waitFor();
      remoteDown = false;
      await adminPage.getByRole('button', { name: 'Retry' }).click();
      await adminPage.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    } finally {
      await adminPage.context().close();
    }
  });
});
