import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Product, Subscription, Tenant, User } from '@app/contracts';
import { demoAccounts, demoTenants } from '@app/demo-fixtures';
import { browserOnPlatform } from './support/browser-platform.js';
import { checkScreen, desktop, phone } from './support/screen-check.js';

/**
 * The admin's screens in a real browser on the platform `npm start` runs (SPEC.md §2, §5, §6, §8): the demo admin
 * counts, creates, toggles and deletes a product, adds a user, renames a tenant, adds and configures its
 * subscription, reveals a provider password, watches a tenant app's live metrics and opens product and user
 * details; a customer is kept out. Every screen is checked with axe and kept as phone and desktop screenshots.
 */
const run = randomUUID().slice(0, 8);
const newProduct = { name: `Browser Ledger ${run}`, slug: `browser-ledger-${run}`, price: '19.99' };
const newUser = { email: `teammate-${run}@example.com`, firstName: 'Riley', lastName: `Tester ${run}` };

/** Read models follow commands over NATS a moment later; vitest's own default of 1 s is too short for that. */
const eventually = { timeout: 10_000 };

const admin = demoAccounts.find((account) => account.role === 'admin');
const customer = demoAccounts.find((account) => account.role === 'tenant');
/** The demo tenant whose details are edited: it has a DNS Server password in the seed. */
const editedTenant = demoTenants.find((tenant) => tenant.details.dnsServerPassword);
/** The demo tenant whose app is monitored: another one, so the rename above does not change its heading. */
const monitoredTenant = demoTenants.find(
  (tenant) => tenant.id !== editedTenant?.id && tenant.details.status === undefined,
);

const ui = browserOnPlatform('a');
const { at, signIn } = ui;
let page: Page;

beforeAll(async () => {
  if (!admin || !customer) throw new Error('the demo accounts have no admin or no customer');
  page = await ui.newPage();
  await page.setViewportSize(desktop);
  await signIn(page, admin, '/admin-portal');
});

async function ownJson<T>(path: string): Promise<T> {
  const response = await page.request.get(at(path));
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

/** Waits for the toast saying `text`, then closes it, so a later toast with the same text is a new one. */
async function expectToast(text: string): Promise<void> {
  const toast = page.locator('[data-slot="toast"]', { hasText: text });
  await toast.waitFor();
  await toast.locator('[data-slot="toast-close"]').click();
  await toast.waitFor({ state: 'hidden' });
}

/** The card whose heading is `title`. */
const card = (title: string) =>
  page.locator('[data-slot="card"]', { has: page.getByRole('heading', { name: title, exact: true }) });

const productRow = (name: string) =>
  page
    .getByRole('list', { name: 'Products' })
    .locator(':scope > li', { has: page.getByRole('heading', { name, exact: true }) });

const subscriptionRow = (name: string) =>
  page
    .getByRole('list', { name: 'Product Subscriptions' })
    .locator(':scope > li', { has: page.getByRole('heading', { name, exact: true }) });

const fieldError = (text: string) => page.getByRole('dialog').getByText(text, { exact: true });

async function productNamed(name: string): Promise<Product | undefined> {
  return (await ownJson<Product[]>('/api/products?limit=200')).find((product) => product.name === name);
}

describe('the Admin Portal for the demo admin', () => {
  it('shows the six counters, which agree with the whole lists', async () => {
    await page.getByRole('heading', { name: 'Admin Portal', level: 1 }).waitFor();
    const users = await ownJson<User[]>('/api/admin/users?limit=200');
    const tenants = await ownJson<Tenant[]>('/api/admin/tenants?limit=200');
    const products = await ownJson<Product[]>('/api/products?limit=200');
    const expected: [string, number][] = [
      ['Total Users', users.length],
      ['Admin Users', users.filter((user) => user.role === 'admin').length],
      ['Total Tenants', tenants.length],
      ['Active Tenants', tenants.filter((tenant) => tenant.status === 'active').length],
      ['Total Products', products.length],
      ['Active Products', products.filter((product) => product.isActive).length],
    ];
    for (const [title, count] of expected) {
      await expect.poll(() => card(title).locator('p').innerText(), eventually).toBe(String(count));
    }
    expect(tenants.length).toBeGreaterThanOrEqual(demoTenants.length);
    // One page of 200 holds each whole list of the demo data, so the counts above are the lists' own.
    for (const list of [users, tenants, products]) expect(list.length).toBeLessThan(200);
    await checkScreen(page, 'admin-portal');
  });

  it('refuses an invalid product with the form messages, then creates a valid one', async () => {
    await page.getByRole('tab', { name: 'Products' }).click();
    await page.getByRole('list', { name: 'Products' }).waitFor();
    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Product' });
    await dialog.waitFor();

    await dialog.getByRole('button', { name: 'Create Product' }).click();
    await fieldError('Product name is required').waitFor();
    await fieldError('Slug is required').waitFor();
    await fieldError('Price is required').waitFor();
    expect(await dialog.getByLabel('Product Name').getAttribute('aria-invalid')).toBe('true');

    await dialog.getByLabel('Product Name').fill('X');
    await dialog.getByLabel('Slug').fill('Not A Slug!');
    await dialog.getByLabel('Base Price').fill('-5');
    await dialog.getByRole('button', { name: 'Create Product' }).click();
    await fieldError('Name must be at least 2 characters').waitFor();
    await fieldError('Slug must contain only lowercase letters, numbers, and hyphens').waitFor();
    await fieldError('Price must be positive').waitFor();
    await checkScreen(page, 'admin-add-product-invalid');
    expect(await productNamed('X')).toBeUndefined();

    const [existing] = (await (await page.request.get(at('/api/products'))).json()) as Product[];
    if (!existing) throw new Error('the demo catalogue is empty');
    await dialog.getByLabel('Product Name').fill(newProduct.name);
    await dialog.getByLabel('Slug').fill(existing.slug);
    await dialog.getByLabel('Base Price').fill(newProduct.price);
    await dialog.getByRole('button', { name: 'Create Product' }).click();
    // The shell draws the toast, the remote the dialog: closing the toast must leave the form open as typed.
    await expectToast('Error creating product');
    expect(await dialog.getByLabel('Product Name').inputValue()).toBe(newProduct.name);

    await dialog.getByLabel('Slug').fill(newProduct.slug);
    await dialog.getByLabel('Description').fill('Created by the admin browser test.');
    await dialog.getByLabel('Base Price').fill(newProduct.price);
    await dialog.getByLabel('Category').fill('Testing');
    await dialog.getByLabel('Features (comma-separated)').fill('Ledgers, Exports');
    await dialog.getByRole('button', { name: 'Create Product' }).click();
    await expectToast('Product created successfully');
    await dialog.waitFor({ state: 'hidden' });

    const row = productRow(newProduct.name);
    await row.getByText('Active', { exact: true }).waitFor();
    expect(await row.innerText()).toContain('Testing · $19.99/mo');
    const created = await productNamed(newProduct.name);
    expect(created).toMatchObject({
      slug: newProduct.slug,
      basePrice: 19.99,
      category: 'Testing',
      features: ['Ledgers', 'Exports'],
      isActive: true,
    });
    await checkScreen(page, 'admin-portal-products');
  });

  it('deactivates and activates the product again', async () => {
    const row = productRow(newProduct.name);
    await row.getByRole('button', { name: `Deactivate ${newProduct.name}` }).click();
    await expectToast('Product status updated successfully');
    await row.getByText('Inactive', { exact: true }).waitFor();
    await expect.poll(async () => (await productNamed(newProduct.name))?.isActive, eventually).toBe(false);

    await row.getByRole('button', { name: `Activate ${newProduct.name}` }).click();
    await expectToast('Product status updated successfully');
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Deactivate ${newProduct.name}` }).waitFor();
    await expect.poll(async () => (await productNamed(newProduct.name))?.isActive, eventually).toBe(true);
  });

  it('deletes the product from its Danger Zone only once its exact name is typed', async () => {
    await productRow(newProduct.name)
      .getByRole('button', { name: `Edit ${newProduct.name}` })
      .click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Product' });
    await editDialog.getByRole('heading', { name: 'Danger Zone' }).waitFor();
    expect(await editDialog.getByLabel('Product Name').inputValue()).toBe(newProduct.name);
    await editDialog.getByRole('button', { name: 'Delete Product' }).click();

    const confirm = page.getByRole('alertdialog', { name: 'Delete Product' });
    const deleteButton = confirm.getByRole('button', { name: 'Delete', exact: true });
    expect(await deleteButton.isDisabled()).toBe(true);
    await confirm.getByLabel('Product name').fill(newProduct.name.toLowerCase());
    expect(await deleteButton.isDisabled()).toBe(true);
    await confirm.getByLabel('Product name').fill(newProduct.name);
    await expect.poll(() => deleteButton.isEnabled()).toBe(true);
    await checkScreen(page, 'admin-delete-product');

    await deleteButton.click();
    await expectToast('Product deleted successfully');
    await confirm.waitFor({ state: 'hidden' });
    await editDialog.waitFor({ state: 'hidden' });
    await productRow(newProduct.name).waitFor({ state: 'detached' });
    await expect.poll(() => productNamed(newProduct.name), eventually).toBeUndefined();
  });

  it('adds a user and shows the one-time password-setup link', async () => {
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('list', { name: 'Users' }).waitFor();
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New User' });
    await dialog.getByLabel('Email').fill(newUser.email);
    await dialog.getByLabel('First Name').fill(newUser.firstName);
    await dialog.getByLabel('Last Name').fill(newUser.lastName);
    await dialog.getByRole('button', { name: 'Create User' }).click();

    const created = page.getByRole('dialog', { name: 'User Created' });
    await created.getByText(`Send this link to ${newUser.email}`).waitFor();
    const setupLink = await created.getByLabel('Password setup link').inputValue();
    const link = new URL(setupLink);
    expect(link.pathname).toBe('/api/login/setup');
    expect(link.searchParams.get('token')).toBeTruthy();
    // Closing the toast is a click outside the dialog; the link, shown only once, must stay.
    await expectToast('User created successfully');
    expect(await created.getByLabel('Password setup link').inputValue()).toBe(setupLink);
    await checkScreen(page, 'admin-user-created');
    await created.getByRole('button', { name: 'Done' }).click();
    await created.waitFor({ state: 'hidden' });

    const name = `${newUser.firstName} ${newUser.lastName}`;
    const users = page.getByRole('list', { name: 'Users' });
    await users.getByRole('heading', { name, exact: true }).waitFor();
    await users.getByText(newUser.email, { exact: true }).waitFor();
    const stored = (await ownJson<User[]>('/api/admin/users?limit=200')).find(
      (user) => user.email === newUser.email,
    );
    expect(stored).toMatchObject({
      firstName: newUser.firstName,
      lastName: newUser.lastName,
      role: 'tenant',
    });
  });

  it("opens the new user's details", async () => {
    const name = `${newUser.firstName} ${newUser.lastName}`;
    await page.getByRole('link', { name: `View Details of ${name}` }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/user-details/'));
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'User Information' }).waitFor();
    await page.getByText("This user doesn't own any tenants yet.").waitFor();
    await checkScreen(page, 'admin-user-details');
  });

  it("opens a demo product's details", async () => {
    const product = (await ownJson<Product[]>('/api/products?limit=200')).find(
      (candidate) => candidate.isActive,
    );
    if (!product) throw new Error('the demo catalogue has no active product');
    await page.goto(at(`/product-details/${product.id}`));
    await page.getByRole('heading', { name: product.name, level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Product Information' }).waitFor();
    await page.getByRole('heading', { name: /^Active Subscriptions \(\d+\)$/ }).waitFor();
    await checkScreen(page, 'admin-product-details');
  });
});

describe('tenant details for the demo admin', () => {
  const renamed = `${editedTenant?.name ?? 'Tenant'} ${run}`;

  it('renames the tenant', async () => {
    if (!editedTenant) throw new Error('no demo tenant has a DNS Server password');
    await page.goto(at(`/tenant-details/${editedTenant.id}`));
    await page.getByRole('heading', { name: editedTenant.name, level: 1 }).waitFor();
    await page.getByText('Tenant Details and Configuration').waitFor();
    await checkScreen(page, 'admin-tenant-details');

    await page.getByRole('button', { name: 'Edit tenant information' }).click();
    await page.getByLabel('Tenant Name').fill(renamed);
    await page.getByRole('button', { name: 'Save tenant information' }).click();
    await expectToast('Tenant updated successfully');
    await page.getByRole('heading', { name: renamed, level: 1 }).waitFor();
    await expect
      .poll(async () => (await ownJson<Tenant>(`/api/admin/tenants/${editedTenant.id}`)).name, eventually)
      .toBe(renamed);
  });

  it('adds a subscription and configures its domain and metrics key', async () => {
    if (!editedTenant) throw new Error('no demo tenant has a DNS Server password');
    const subscribed = new Set(
      (await ownJson<Subscription[]>(`/api/admin/tenants/${editedTenant.id}/subscriptions`)).map(
        (subscription) => subscription.productId,
      ),
    );
    const product = (await ownJson<Product[]>('/api/products?limit=200')).find(
      (candidate) => candidate.isActive && !subscribed.has(candidate.id),
    );
    if (!product) throw new Error(`${editedTenant.name} already subscribes to every active product`);

    await page.getByRole('button', { name: 'Add Subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Product Subscription' });
    await dialog.getByRole('combobox', { name: 'Product' }).click();
    await page.getByRole('option', { name: new RegExp(`^${escapeRegExp(product.name)} - `) }).click();
    expect(await dialog.getByRole('combobox', { name: 'Plan' }).innerText()).toBe('Professional');
    expect(await dialog.getByRole('combobox', { name: 'Status' }).innerText()).toBe('Active');
    await dialog.getByRole('button', { name: 'Add Subscription' }).click();
    await expectToast('Subscription added successfully');
    await dialog.waitFor({ state: 'hidden' });

    const row = subscriptionRow(product.name);
    await row.getByText('Not set', { exact: true }).first().waitFor();
    await row.getByRole('button', { name: `Edit ${product.name} subscription` }).click();
    const domainUrl = `https://${product.slug}.tenant-${run}.example.com`;
    await row.getByLabel('Domain URL').fill(domainUrl);
    await row.getByLabel('Metrics API Key', { exact: true }).fill(`metrics-key-${run}`);
    await row.getByRole('button', { name: `Save ${product.name} subscription` }).click();
    await expectToast('Subscription updated successfully');
    await row.getByRole('link', { name: domainUrl }).waitFor();
    await row.getByText('Configured', { exact: true }).waitFor();
    await expect
      .poll(
        async () =>
          (await ownJson<Subscription[]>(`/api/admin/tenants/${editedTenant.id}/subscriptions`)).find(
            (subscription) => subscription.productId === product.id,
          ),
        eventually,
      )
      .toMatchObject({ domainUrl, metricsApiKeyConfigured: true, status: 'active' });
  });

  it('reveals a provider password with the eye toggle and hides it again', async () => {
    const password = editedTenant?.details.dnsServerPassword;
    if (!password) throw new Error('no demo tenant has a DNS Server password');
    const show = page.getByRole('button', { name: 'Show DNS Server password' });
    await show.click();
    await page.getByText(password, { exact: true }).waitFor();
    const hide = page.getByRole('button', { name: 'Hide DNS Server password' });
    expect(await hide.getAttribute('aria-pressed')).toBe('true');
    await checkScreen(page, 'admin-tenant-details-edited');
    await hide.click();
    await page.getByText(password, { exact: true }).waitFor({ state: 'detached' });
    await show.waitFor();
  });
});

describe('tenant monitoring for the demo admin', () => {
  it("shows the live metrics of the tenant's app", async () => {
    if (!monitoredTenant) throw new Error('the demo tenants have no second active tenant');
    const subscriptions = await ownJson<Subscription[]>(
      `/api/admin/tenants/${monitoredTenant.id}/subscriptions`,
    );
    const monitored = subscriptions.find(
      (subscription) => subscription.domainUrl && subscription.metricsApiKeyConfigured,
    );
    if (!monitored) throw new Error(`${monitoredTenant.name} has no subscription with a metrics endpoint`);
    const metricsPath = `/api/tenant-metrics/${monitoredTenant.id}?subscription=${monitored.id}`;
    // The monitoring service scrapes the demo tenant app on its own schedule; the first scrape may still be due.
    await expect
      .poll(async () => (await page.request.get(at(metricsPath))).status(), {
        timeout: 20_000,
        interval: 1000,
      })
      .toBe(200);

    await page.goto(at(`/tenant-monitoring/${monitoredTenant.id}?subscription=${monitored.id}`));
    const heading = page.getByRole('heading', { name: `${monitoredTenant.name} Monitoring`, level: 1 });
    await heading.waitFor();
    const header = page.locator('header', { has: heading });
    await expect.poll(() => header.innerText(), eventually).toMatch(/Updated: .+/);
    expect(await header.innerText()).toMatch(/\b(healthy|degraded)\b/i);
    await page.getByRole('progressbar', { name: /^CPU \d+(\.\d+)?%$/ }).waitFor();
    await page.getByRole('progressbar', { name: /^Memory \d+(\.\d+)?%$/ }).waitFor();
    expect(await card('System Status').innerText()).toMatch(/Uptime: \d+d \d+h \d+m/);
    await checkScreen(page, 'admin-tenant-monitoring');

    // The System Summary's domain wraps only between the parts of its URL, never inside a host or a port.
    const domain = card('System Summary').locator(
      'xpath=.//dt[normalize-space()="Domain URL"]/following-sibling::dd[1]',
    );
    expect(await domain.innerText()).toBe(monitored.domainUrl);
    for (const size of [desktop, phone]) {
      await page.setViewportSize(size);
      expect(await partsSplitAcrossLines(domain), `at ${size.width} px`).toEqual([]);
    }
    await page.setViewportSize(desktop);

    // On a phone the login table scrolls inside its card rather than widening the page.
    await page.setViewportSize(phone);
    const logins = await card('User Login Summary').boundingBox();
    await page.setViewportSize(desktop);
    expect(logins && logins.x + logins.width).toBeLessThanOrEqual(phone.width);
  });
});

describe('the admin screens for a customer', () => {
  it('shows Access Denied on the Admin Portal and sends them away from the other admin routes', async () => {
    if (!customer || !editedTenant) throw new Error('the demo data has no customer or no tenant');
    const customerPage = await ui.newPage();
    try {
      await customerPage.setViewportSize(desktop);
      await signIn(customerPage, customer, '/admin-portal');
      await customerPage.getByRole('heading', { name: 'Access Denied', level: 1 }).waitFor();
      await customerPage.getByText('Admin privileges required to access this portal.').waitFor();
      expect(await customerPage.getByRole('tab', { name: 'Users' }).count()).toBe(0);
      await checkScreen(customerPage, 'admin-access-denied');

      // The shell's RequireAdmin (shell/src/auth/guards.tsx) tells a signed-in non-admin and takes them to their
      // dashboard (SPEC.md §6), rather than showing a sign-in form to someone signed in.
      for (const path of ['/admin', `/tenant-details/${editedTenant.id}`]) {
        await customerPage.goto(at(path));
        await customerPage
          .locator('[data-slot="toast"]', { hasText: 'Admin access required. Redirecting...' })
          .waitFor();
        await customerPage.waitForURL(at('/dashboard'));
        await customerPage.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      }
    } finally {
      await customerPage.context().close();
    }
  });
});

/** The text pieces of `element` that a line break falls inside: each piece should sit on one line. */
function partsSplitAcrossLines(element: Locator): Promise<string[]> {
  return element.evaluate((root) =>
    [...root.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .filter((node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        const lineTops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return lineTops.size > 1;
      })
      .map((node) => node.textContent ?? ''),
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
