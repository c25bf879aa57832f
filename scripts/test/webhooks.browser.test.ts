import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Product, Subscription } from '@app/contracts';
import { demoAccounts, demoTenantIds } from '@app/demo-fixtures';
import { browserOnPlatform } from './support/browser-platform.js';
import { checkScreen, desktop } from './support/screen-check.js';
import { startWebhookReceiver, type ReceivedWebhook } from './support/webhook-receiver.js';

/**
 * The webhook screens in a real browser on the platform `npm start` runs (issue 20): an admin on tenant details
 * and a tenant's owner on Settings, API & Webhooks, each register an endpoint at a receiver this test runs on
 * 127.0.0.1 (allowed past the SSRF guard by the launcher's WEBHOOK_ALLOW_HOSTS, as the demo app is), see its
 * secret once, see a delivery of a real event in the log, redeliver it, rotate the secret and disable the
 * endpoint; the owner cannot reach another tenant's endpoints. Screens are checked with axe and kept as
 * screenshots.
 */
const receiver = await startWebhookReceiver();
afterAll(() => receiver.close());

const ui = browserOnPlatform('w', { env: { WEBHOOK_ALLOW_HOSTS: receiver.host } });
const { at, signIn } = ui;

const admin = demoAccounts.find((account) => account.role === 'admin');
const casey = demoAccounts.find((account) => account.email === 'casey@demo.local');
const started = 'tenancy.subscription.started.v1';
/** Deliveries leave on the worker's next tick (2 s) once the event has crossed NATS. */
const eventually = { timeout: 20_000, interval: 500 };
/** Each screen's walk waits on several deliveries in turn: more than vitest's 30 s per test. */
const walkTimeoutMs = 180_000;
/** A screen's first render fetches its remote's code: on a busy machine that outlasts a locator's 10 s. */
const screenLoad = { timeout: 30_000 };

let adminPage: Page;

beforeAll(async () => {
  if (!admin || !casey) throw new Error('the demo accounts have no admin or no Casey');
  adminPage = await ui.newPage();
  await adminPage.setViewportSize(desktop);
  await signIn(adminPage, admin, '/admin');
});

/** A write as the admin, through the gateway (its CSRF check wants our Origin), answering the JSON. */
async function adminSend<T>(method: 'POST' | 'GET', path: string, data?: object): Promise<T> {
  const response = await adminPage.request.fetch(at(path), {
    method,
    headers: { origin: at('') },
    ...(data ? { data } : {}),
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * The event the endpoints subscribe to, for real: the admin subscribes the tenant to a product it lacks, and
 * tenancy publishes tenancy.subscription.started.v1 for it.
 */
async function startSubscription(tenantId: string): Promise<void> {
  const owned = await adminSend<Subscription[]>('GET', `/api/admin/tenants/${tenantId}/subscriptions`);
  const taken = new Set(owned.map((subscription) => subscription.productId));
  const products = await adminSend<Product[]>('GET', '/api/products?limit=200');
  const product = products.find((candidate) => candidate.isActive && !taken.has(candidate.id));
  if (!product) throw new Error(`tenant ${tenantId} already subscribes to every active product`);
  await adminSend('POST', `/api/admin/tenants/${tenantId}/subscriptions`, {
    productId: product.id,
    plan: 'professional',
    status: 'active',
  });
}

async function expectToast(page: Page, text: string): Promise<void> {
  const toast = page.locator('[data-slot="toast"]', { hasText: text });
  await toast.waitFor();
  await toast.locator('[data-slot="toast-close"]').click();
  await toast.waitFor({ state: 'hidden' });
}

const webhooksCard = (page: Page, title: string) =>
  page.locator('[data-slot="card"]', { has: page.getByRole('heading', { name: title, exact: true }) });

const deliveriesTo = (path: string) => receiver.received.filter((delivery) => delivery.path === path);

/** Reads the log again until a delivery of `started` shows `text` in its row. */
async function untilLogShows(row: Locator, url: string, text: string): Promise<void> {
  const line = row.getByRole('row').filter({ hasText: started }).first();
  await expect
    .poll(async () => {
      await row.getByRole('button', { name: `Refresh the delivery log of ${url}` }).click();
      return (await line.count()) > 0 ? await line.innerText() : '';
    }, eventually)
    .toContain(text);
}

/** Add endpoint: a bad URL is refused with the server's words in the form, then the receiver's is registered. */
async function registerEndpoint(page: Page, card: Locator, url: string, name: string): Promise<string> {
  // Casey Studio may already have npm start's demo endpoint: the card need not be empty.
  await card.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
  await dialog.getByLabel('Endpoint URL').fill('ftp://127.0.0.1/hook');
  await dialog.getByRole('checkbox', { name: /A subscription started/ }).check();
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await dialog.getByText('Must be an http:// or https:// URL', { exact: true }).waitFor();
  await expectToast(page, 'Failed to add webhook endpoint');

  await dialog.getByLabel('Endpoint URL').fill(url);
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await expectToast(page, 'Webhook endpoint added');
  await dialog.waitFor({ state: 'hidden' });

  const secret = await card.getByRole('textbox', { name: 'Signing secret' }).inputValue();
  expect(secret).toMatch(/^whsec_/);
  await card.getByText('Copy it now: you will not see it again.', { exact: false }).waitFor();
  await checkScreen(page, `${name}-secret`);
  await card.getByRole('button', { name: 'Done' }).click();
  await card.getByRole('textbox', { name: 'Signing secret' }).waitFor({ state: 'detached' });
  return secret;
}

/**
 * The same steps on either screen: register, see the first delivery fail (the receiver answers 500 once) and
 * Redeliver it to a 200 signed with the secret shown; rotate, and the next redelivery verifies with the new
 * secret and the old one (both sign for 24 hours); disable, and a redelivery is not sent.
 */
async function exerciseEndpoint(options: {
  page: Page;
  card: Locator;
  /** Opens the screen afresh: the secret is not shown again. */
  open: () => Promise<void>;
  tenantId: string;
  path: string;
  name: string;
}): Promise<void> {
  const { page, card, open, tenantId, path, name } = options;
  const url = receiver.url(path);
  receiver.answerNext(path, 500);
  await open();
  const secret = await registerEndpoint(page, card, url, name);
  await open();
  await card.getByRole('listitem', { name: url }).waitFor();
  expect(await page.content()).not.toContain(secret);

  const row = card.getByRole('listitem', { name: url });
  await row.getByText('Enabled', { exact: true }).first().waitFor();
  await startSubscription(tenantId);
  await row.getByRole('button', { name: `Delivery log of ${url}` }).click();
  await untilLogShows(row, url, '500');
  expect(deliveriesTo(path)).toHaveLength(1);

  await row.getByRole('button', { name: new RegExp(`^Redeliver ${started}`) }).click();
  await expectToast(page, 'Redelivery queued');
  await untilLogShows(row, url, 'Delivered');
  const [failed, delivered] = deliveriesTo(path) as [ReceivedWebhook, ReceivedWebhook];
  expect(delivered.headers['webhook-id']).toBe(failed.headers['webhook-id']);
  expect(JSON.parse(delivered.body)).toMatchObject({ type: started, data: { tenantId } });
  expect(receiver.verifies(delivered, secret)).toBe(true);
  await checkScreen(page, `${name}-delivery-log`);

  await row.getByRole('button', { name: `Rotate secret of ${url}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Rotate secret' }).click();
  await expectToast(page, 'Signing secret rotated');
  const rotated = await card.getByRole('textbox', { name: 'Signing secret' }).inputValue();
  expect(rotated).toMatch(/^whsec_/);
  expect(rotated).not.toBe(secret);
  await card.getByText('The previous secret keeps signing for 24 hours.', { exact: false }).waitFor();
  await card.getByRole('button', { name: 'Done' }).click();
  await row.getByRole('button', { name: new RegExp(`^Redeliver ${started}`) }).click();
  await expectToast(page, 'Redelivery queued');
  await expect.poll(() => deliveriesTo(path).length, eventually).toBe(3);
  const afterRotation = deliveriesTo(path)[2] as ReceivedWebhook;
  expect(receiver.verifies(afterRotation, rotated)).toBe(true);
  expect(receiver.verifies(afterRotation, secret)).toBe(true);

  await row.getByRole('switch', { name: `Enabled: ${url}` }).click();
  await expectToast(page, 'Webhook endpoint disabled');
  await row.getByText('Disabled', { exact: true }).first().waitFor();
  await row.getByRole('button', { name: new RegExp(`^Redeliver ${started}`) }).click();
  await expectToast(page, 'Redelivery queued');
  await untilLogShows(row, url, 'Not sent: the endpoint is disabled');
  expect(deliveriesTo(path)).toHaveLength(3);
}

describe('the Webhooks card on tenant details', () => {
  it(
    'registers, shows the secret once, logs and redelivers, rotates, disables and deletes',
    async () => {
      const card = webhooksCard(adminPage, 'Webhooks');
      await exerciseEndpoint({
        page: adminPage,
        card,
        open: async () => {
          await adminPage.goto(at(`/tenant-details/${demoTenantIds.jordanLabs}`));
          await card.waitFor(screenLoad);
        },
        tenantId: demoTenantIds.jordanLabs,
        path: '/admin-hook',
        name: 'admin-tenant-webhooks',
      });

      const url = receiver.url('/admin-hook');
      await card.getByRole('button', { name: `Delete ${url}` }).click();
      await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Delete endpoint' }).click();
      await expectToast(adminPage, 'Webhook endpoint deleted');
      await card.getByText('No webhook endpoints yet.', { exact: false }).waitFor();
    },
    walkTimeoutMs,
  );
});

describe('API & Webhooks in the owner’s Settings', () => {
  let page: Page;

  beforeAll(async () => {
    page = await ui.newPage();
    await page.setViewportSize(desktop);
    await signIn(page, casey as { email: string; demoPassword: string }, '/settings');
  });

  async function openApiWebhooks() {
    await page.goto(at('/settings'));
    await page.getByRole('tab', { name: 'API & Webhooks' }).waitFor(screenLoad);
    await page.getByRole('tab', { name: 'API & Webhooks' }).click();
    await webhooksCard(page, 'Webhooks for Casey Studio').waitFor();
  }

  it(
    'manages the endpoints of the tenant the owner owns, as the admin does',
    async () => {
      await openApiWebhooks();
      // Casey owns one tenant: no picker.
      expect(await page.getByRole('combobox', { name: 'Tenant' }).count()).toBe(0);
      await exerciseEndpoint({
        page,
        card: webhooksCard(page, 'Webhooks for Casey Studio'),
        open: openApiWebhooks,
        tenantId: demoTenantIds.caseyStudio,
        path: '/owner-hook',
        name: 'settings-api-webhooks',
      });
    },
    walkTimeoutMs,
  );

  it("cannot see or change another tenant's endpoints", async () => {
    const theirs = await adminSend<{ id: string }>(
      'POST',
      `/api/admin/tenants/${demoTenantIds.jordanLabs}/webhooks/endpoints`,
      { url: receiver.url('/jordan-hook'), eventTypes: [started] },
    );
    const base = `/api/tenant-webhooks/${demoTenantIds.jordanLabs}/endpoints`;
    expect((await page.request.get(at(base))).status()).toBe(404);
    expect((await page.request.get(at(`${base}/${theirs.id}/deliveries`))).status()).toBe(404);
    const disabling = await page.request.post(at(`${base}/${theirs.id}/disable`), {
      headers: { origin: at('') },
    });
    expect(disabling.status()).toBe(404);
    const tenants = await page.request.get(at('/api/tenant-webhooks/tenants'));
    expect(await tenants.json()).toEqual({
      tenants: [{ id: demoTenantIds.caseyStudio, name: 'Casey Studio' }],
    });
    await openApiWebhooks();
    expect(await page.getByText(receiver.url('/jordan-hook')).count()).toBe(0);
  });
});
