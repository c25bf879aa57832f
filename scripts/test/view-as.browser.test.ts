import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { CurrentUser, NotificationPreferences } from '@app/contracts';
import { demoAccounts } from '@app/demo-fixtures';
import { browserOnPlatform } from './support/browser-platform.js';
import { checkScreen, desktop, phone } from './support/screen-check.js';

/**
 * View as customer in a real browser on the platform `npm start` runs (issue 21 item 3): the demo admin gives a
 * reason on a customer's details and sees the customer's screens under a banner saying whose view it is; a write
 * through the screens and one sent straight from the page are refused by the server; Leave brings the admin back
 * to the customer's details as themselves; the start and the end, with the reason, are in the trail on that page
 * and on the customer's own Activity tab, where the admin is Support.
 */
const admin = demoAccounts.find((account) => account.role === 'admin');
const customer = demoAccounts.find((account) => account.email === 'casey@demo.local');
const customerName = `${customer?.firstName} ${customer?.lastName}`;
const reason = `Ticket ${randomUUID().slice(0, 8)}: the customer cannot find their invoice`;
const readOnlyDetail =
  "This is a read-only view of a customer's account: nothing can be changed here. Leave the view to act as yourself.";

/** Audit entries follow the commands over NATS a moment later. */
const eventually = { timeout: 15_000 };

const ui = browserOnPlatform('v');
const { at } = ui;
let page: Page;

beforeAll(async () => {
  if (!admin || !customer) throw new Error('the demo accounts have no admin or no Casey');
  page = await ui.newPage();
  await page.setViewportSize(desktop);
  await ui.signIn(page, admin, `/user-details/${customer.id}`);
});

const banner = () => page.getByRole('region', { name: 'View as customer' });

async function ownJson<T>(path: string): Promise<T> {
  const response = await page.request.get(at(path));
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** The toast saying `text` (its words are also in Radix's live region, which is not the toast). */
const toastWith = (text: string) => page.locator('[data-slot="toast"]', { hasText: text });

/**
 * The entry of `action` that names the view's reason, in the trail `open` shows: the screen is opened again until
 * it is there, as a trail is read when its screen opens and the entry arrives over NATS a moment after the write.
 */
async function untilListed(open: () => Promise<Locator>, action: string): Promise<Locator> {
  let entry: Locator | undefined;
  await expect
    .poll(async () => {
      const list = await open();
      entry = list.locator(':scope > li', {
        has: list.page().getByRole('heading', { name: action, exact: true }),
        hasText: `Reason: ${reason}`,
      });
      return entry.count();
    }, eventually)
    .toBe(1);
  return entry as Locator;
}

describe('view as customer', () => {
  it('asks for a reason, then opens the customer’s screens under a banner', async () => {
    await page.getByRole('heading', { name: customerName, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'View as customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'View as customer' });
    await dialog.getByRole('button', { name: 'View as customer' }).click();
    await dialog.getByText('Enter a reason for viewing this account.', { exact: true }).waitFor();
    expect(await dialog.getByLabel('Reason').getAttribute('aria-invalid')).toBe('true');

    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: 'View as customer' }).click();
    await page.waitForURL(at('/dashboard'));
    await banner().waitFor();
    expect(await banner().innerText()).toMatch(
      new RegExp(
        `Viewing as ${customerName} \\(${customer?.email}\\): read-only, nothing can be changed\\. Ends in (30:00|29:\\d\\d)\\.`,
      ),
    );
    const me = await ownJson<CurrentUser>('/api/auth/user');
    expect(me).toMatchObject({ id: customer?.id, role: 'tenant', viewAs: {} });
    await checkScreen(page, 'view-as-dashboard');
  });

  it('keeps the banner on every screen of the customer’s', async () => {
    for (const [path, heading] of [
      ['/billing', 'Billing & Invoices'],
      ['/settings', 'Settings'],
    ] as const) {
      await page.goto(at(path));
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await banner().getByRole('button', { name: 'Leave' }).waitFor();
    }
  });

  it('refuses a write made on the screens, and the switch moves back', async () => {
    await page.getByRole('tab', { name: 'Notifications' }).click();
    const before = await ownJson<NotificationPreferences>('/api/auth/notification-preferences');
    const email = page.getByRole('switch', { name: 'Email Notifications' });
    await expect.poll(() => email.isEnabled()).toBe(true);
    await email.click();
    const toast = toastWith('Failed to update notification preferences');
    await toast.getByText(readOnlyDetail, { exact: true }).waitFor();
    await expect.poll(() => email.getAttribute('aria-checked')).toBe(String(before.email));
    await toast.locator('[data-slot="toast-close"]').click();
    await toast.waitFor({ state: 'hidden' });
    expect(await ownJson<NotificationPreferences>('/api/auth/notification-preferences')).toEqual(before);
  });

  it('refuses a write sent from the page straight to the API with 403 urn:problem:read-only-view', async () => {
    const refused = await page.evaluate(async () => {
      const response = await fetch('/api/auth/user', {
        method: 'PATCH',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ firstName: 'Changed in a view' }),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    });
    expect(refused).toEqual({
      status: 403,
      body: expect.objectContaining({ type: 'urn:problem:read-only-view', detail: readOnlyDetail }),
    });
    expect((await ownJson<CurrentUser>('/api/auth/user')).firstName).toBe(customer?.firstName);
  });

  it('leaves while a toast is showing, back on the customer’s details as the admin', async () => {
    // Another refused write: its toast is on screen as Leave is pressed, on a phone, where toasts show at the top.
    await page.setViewportSize(phone);
    await page.getByRole('switch', { name: 'Push Notifications' }).click();
    await toastWith('Failed to update notification preferences').waitFor();
    await banner().getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(at(`/user-details/${customer?.id}`));
    await page.getByRole('heading', { name: customerName, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'View as customer' }).waitFor();
    expect(await banner().count()).toBe(0);
    await page.setViewportSize(desktop);
    const me = await ownJson<CurrentUser>('/api/auth/user');
    expect(me).toMatchObject({ id: admin?.id, role: 'admin' });
    expect(me).not.toHaveProperty('viewAs');
  });

  it('shows the start and the end with the reason in the trail of the customer’s details', async () => {
    const card = async () => {
      await page.goto(at(`/user-details/${customer?.id}`));
      const list = page.getByRole('list', { name: 'Latest activity', exact: true });
      await list.waitFor();
      return list;
    };
    const started = await untilListed(card, 'View as customer started');
    expect(await started.innerText()).toContain(`${admin?.firstName} ${admin?.lastName}`);
    const ended = await untilListed(card, 'View as customer ended');
    expect(await ended.innerText()).toContain('Ended: Left');
  }, 60_000);

  it('shows the customer on their own Activity tab that Support viewed their account, and why', async () => {
    if (!customer) throw new Error('no Casey');
    const own = await ui.newPage();
    await own.setViewportSize(desktop);
    await ui.signIn(own, customer, '/dashboard');
    const tab = async () => {
      await own.goto(at('/dashboard'));
      await own.getByRole('tab', { name: 'Activity' }).click();
      const list = own.getByRole('list', { name: 'Activity', exact: true });
      await list.waitFor();
      return list;
    };
    const started = await untilListed(tab, 'View as customer started');
    expect(await started.innerText()).toContain('by Support');
    expect(await started.innerText()).not.toContain(admin?.firstName ?? 'Avery');
    const ended = await untilListed(tab, 'View as customer ended');
    expect(await ended.innerText()).toContain('Ended: Left');
    await checkScreen(own, 'view-as-customer-activity');
  }, 60_000);
});
