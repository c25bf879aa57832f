import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  offeredPlans,
  planPrice,
  type Invoice,
  type Product,
  type Subscription,
  type SubscriptionTerm,
} from '@app/contracts';
import { pdfTextOf } from '../../services/billing/test/support/pdf-text.js';
import { browserOnPlatform } from './support/browser-platform.js';
import { checkScreen, desktop } from './support/screen-check.js';

/**
 * The customer's screens in a real browser on the platform `npm start` runs: a visitor is sent to sign
 * in from checkout, signs up, browses the catalogue, is declined once and then pays with the Sandbox's success
 * card, and sees the subscription, the paid invoice and the spend on the dashboard, billing and analytics, whose
 * CSV holds the numbers shown. Every screen is checked with axe and kept as phone and desktop screenshots.
 */
const buyer = {
  email: `buyer-${randomUUID().slice(0, 8)}@example.com`,
  password: `correct horse ${randomUUID().slice(0, 8)} battery`,
  firstName: 'Morgan',
  lastName: 'Buyer',
};
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const ui = browserOnPlatform('c');
const { at } = ui;
let page: Page;
let product: Product;

beforeAll(async () => {
  const products = (await (await fetch(at('/api/products'))).json()) as Product[];
  // One that also offers the enterprise plan, which the customer later upgrades to.
  const chosen = products.find(
    (candidate) => candidate.isActive && candidate.basePrice > 0 && candidate.enterprisePrice !== null,
  );
  if (!chosen)
    throw new Error('the demo catalogue has no active product with a price and an enterprise plan');
  product = chosen;
  page = await ui.newPage();
  await page.setViewportSize(desktop);
});

/** The summary card whose heading is `title`. */
const card = (title: string) =>
  page.locator('[data-slot="card"]', { has: page.getByRole('heading', { name: title, exact: true }) });

async function ownJson<T>(path: string): Promise<T> {
  const response = await page.request.get(at(path));
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

async function fillCard(number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

const payButton = () => page.getByRole('button', { name: /^Complete Payment - / });

describe('a new customer', () => {
  it('is sent to sign in from checkout while still a visitor, and signs up there', async () => {
    const checkout = `/checkout?product=${encodeURIComponent(product.slug)}`;
    await page.goto(at(checkout));
    await page.waitForURL((url) => url.pathname === '/api/login');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe(checkout);

    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('First name').fill(buyer.firstName);
    await page.getByLabel('Last name').fill(buyer.lastName);
    await page.getByLabel('Email address').fill(buyer.email);
    await page.getByLabel('Password').fill(buyer.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(at(checkout));
    await page.getByText("What's included:").waitFor();
  });

  it('browses the catalogue and opens checkout for a product', async () => {
    await page.goto(at('/catalog'));
    const productCard = page
      .getByRole('list', { name: 'Products' })
      .locator(':scope > li', { has: page.getByRole('heading', { name: product.name, exact: true }) });
    await productCard.getByRole('link', { name: 'Subscribe Now' }).click();
    await page.waitForURL(at(`/checkout?product=${encodeURIComponent(product.slug)}`));

    await page.getByRole('heading', { name: product.name }).first().waitFor();
    await page.getByText('Setup fee').waitFor();
    await page.getByText('You can cancel anytime. No long-term commitments.').waitFor();
    expect(await payButton().innerText()).toBe(`Complete Payment - ${usd.format(product.basePrice)}/month`);
    await expect.poll(() => payButton().isEnabled()).toBe(true);
    await checkScreen(page, 'checkout');
  });

  it('is told Payment Failed for a declined card, and nothing is created', async () => {
    await fillCard('4000 0000 0000 0002');
    await payButton().click();
    await page.getByText('Payment Failed', { exact: true }).waitFor();
    await page.getByText('Your card was declined.').first().waitFor();
    await expect.poll(() => payButton().isEnabled()).toBe(true);

    expect(await ownJson<Invoice[]>('/api/invoices')).toEqual([]);
    expect(await ownJson<Subscription[]>('/api/subscriptions')).toEqual([]);
  });

  it('pays with the success card, sees the success view and lands on the dashboard', async () => {
    await fillCard('4242 4242 4242 4242');
    await payButton().click();
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await page.getByText(`You now have access to ${product.name}`).waitFor();
    await page.getByText('Redirecting to your dashboard...').waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 10_000 });
  });

  it('sees the active subscription and the spend on the dashboard', async () => {
    // The subscription reaches tenancy from billing's event over NATS, a moment after the payment.
    await expect
      .poll(async () => (await ownJson<Subscription[]>('/api/subscriptions')).map((s) => s.status), {
        timeout: 15_000,
      })
      .toEqual(['active']);
    await page.goto(at('/dashboard'));
    await expect.poll(() => card('Active Subscriptions').innerText()).toMatch(/\b1\b/);
    await expect.poll(() => card('Total Spending').innerText()).toContain(usd.format(product.basePrice));

    await page.getByRole('tab', { name: 'Subscriptions' }).click();
    await page.getByRole('tabpanel').getByText(product.name).waitFor();
    await checkScreen(page, 'dashboard-subscriptions');
  });

  it('sees the paid invoice on billing, with nothing outstanding, and its printable page', async () => {
    await page.goto(at('/billing'));
    await page.getByRole('heading', { name: 'Billing & Invoices' }).waitFor();
    await expect.poll(() => card('Total Invoices').innerText()).toMatch(/\b1\b/);
    expect(await card('Outstanding Amount').innerText()).toContain('$0.00');
    const [invoice] = await ownJson<Invoice[]>('/api/invoices');
    if (!invoice) throw new Error('no invoice after the payment');
    expect(invoice).toMatchObject({ status: 'paid', amount: product.basePrice });
    const invoiceRow = page.getByRole('listitem').filter({ hasText: invoice.id.slice(0, 8) });
    await invoiceRow.getByText('Paid', { exact: true }).waitFor();
    expect(await invoiceRow.innerText()).toContain(usd.format(product.basePrice));
    await checkScreen(page, 'billing');

    await invoiceRow.getByRole('link').first().click();
    await page.waitForURL(at(`/billing/invoices/${invoice.id}`));
    await page.getByText(invoice.invoiceNumber).first().waitFor();
    await page.getByRole('button', { name: 'Print' }).waitFor();
    await checkScreen(page, 'invoice');

    // The same invoice as a PDF billing makes: downloaded as a customer would, and read back.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${invoice.invoiceNumber}.pdf`);
    const text = await pdfTextOf(await readFile(await download.path()));
    const shown = await page.getByRole('main').innerText();
    for (const expected of [
      invoice.invoiceNumber,
      'Paid',
      `${buyer.firstName} ${buyer.lastName}`,
      buyer.email,
      product.name,
      usd.format(product.basePrice),
      'Total (USD)',
    ]) {
      expect(shown).toContain(expected);
      expect(text).toContain(expected);
    }
  });

  it('downloads analytics as a CSV holding the numbers shown', async () => {
    await page.goto(at('/analytics'));
    await page.getByRole('heading', { name: 'Analytics Dashboard' }).waitFor();
    const shownSpend = () => card('Total Revenue').locator('.text-2xl').innerText();
    await expect.poll(shownSpend).toBe(usd.format(product.basePrice));
    const shownCalls = await card('API Calls').locator('.text-2xl').innerText();
    const shownActive = await card('Active Users').locator('.text-2xl').innerText();
    expect(shownActive).toBe('1');
    await checkScreen(page, 'analytics');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const path = await download.path();
    const rows = (await readFile(path, 'utf8')).trim().split(/\r?\n/);
    expect(rows).toContain(`Summary,Total Revenue (USD),${product.basePrice.toFixed(2)}`);
    expect(rows).toContain(`Summary,API Calls,${shownCalls.replaceAll(',', '')}`);
    expect(rows).toContain('Summary,Active Users,1');
  });

  it('cancels the subscription at the end of its paid period, told when service ends, and resumes it', async () => {
    await page.goto(at('/dashboard'));
    await page.getByRole('tab', { name: 'Subscriptions' }).click();
    const row = page
      .getByRole('list', { name: 'Subscriptions' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: product.name, exact: true }) });
    const [subscription] = await ownJson<Subscription[]>('/api/subscriptions');
    if (!subscription) throw new Error('no subscription after the payment');
    // Billing's copy hears of the subscription through NATS: the confirmation states its date once it has.
    const termPath = `/api/billing/subscriptions?ids=${subscription.id}`;
    await expect.poll(async () => (await ownJson<SubscriptionTerm[]>(termPath)).length).toBe(1);
    const [term] = await ownJson<SubscriptionTerm[]>(termPath);
    const periodEnd = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(
      new Date(term!.currentPeriodEnd!),
    );

    await row.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(`stays active until it ends on ${periodEnd}`, { exact: false }).waitFor();
    await checkScreen(page, 'cancel-subscription');
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByText('Subscription cancelled', { exact: true }).waitFor();
    await row.getByText(`Ends on ${periodEnd}`).waitFor();
    expect((await ownJson<Subscription[]>('/api/subscriptions'))[0]).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
    });
    await expect
      .poll(async () => (await ownJson<SubscriptionTerm[]>(termPath))[0])
      .toMatchObject({ cancelAtPeriodEnd: true, renewsAt: null, endsAt: term!.currentPeriodEnd });
    await checkScreen(page, 'dashboard-cancelling');

    await row.getByRole('button', { name: 'Resume' }).click();
    await row.getByRole('button', { name: 'Cancel subscription' }).waitFor();
    await page.getByText('Subscription resumed', { exact: true }).first().waitFor();
    expect((await ownJson<Subscription[]>('/api/subscriptions'))[0]).toMatchObject({
      cancelAtPeriodEnd: false,
    });
  });

  it('sees the card on file on billing and replaces it with the Sandbox form', async () => {
    await page.goto(at('/billing'));
    await page.getByRole('heading', { name: 'Billing & Invoices' }).waitFor();
    const method = card('Payment method');
    await method.getByText('Visa •••• 4242, expires 12/34').waitFor();
    await method.getByRole('button', { name: 'Replace card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Replace card' });
    await dialog.getByLabel('Card number').fill('5555 5555 5555 4444');
    await dialog.getByLabel('Expiry date').fill('11 / 33');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await page.getByText('Card saved', { exact: true }).first().waitFor();
    await method.getByText('Mastercard •••• 4444, expires 11/33').waitFor();
    expect(await ownJson('/api/billing/payment-method')).toMatchObject({
      card: { brand: 'mastercard', last4: '4444', expMonth: 11, expYear: 2033 },
    });
    await checkScreen(page, 'billing-card');
  });

  it('buys another product on a plan other than professional, charged and subscribed at that plan', async () => {
    const products = (await (await fetch(at('/api/products'))).json()) as Product[];
    const planned = products.find(
      (candidate) => candidate.id !== product.id && candidate.isActive && offeredPlans(candidate).length > 1,
    );
    if (!planned) throw new Error('the demo catalogue offers no product with a plan besides professional');
    const plan = offeredPlans(planned).find((offered) => offered !== 'professional')!;
    const price = planPrice(planned, plan)!;
    const planLabel = plan === 'basic' ? 'Basic' : 'Enterprise';

    await page.goto(at(`/checkout?product=${encodeURIComponent(planned.slug)}`));
    const plans = page.getByRole('group', { name: 'Choose a plan' });
    await plans.getByRole('radio', { name: 'Professional' }).waitFor();
    expect(await plans.getByRole('radio', { name: 'Professional' }).isChecked()).toBe(true);
    await plans.getByRole('radio', { name: planLabel }).check();
    await expect.poll(() => payButton().innerText()).toBe(`Complete Payment - ${usd.format(price)}/month`);
    await expect.poll(() => payButton().isEnabled()).toBe(true);
    await page.getByText(`${planned.name}, ${planLabel} (monthly)`).waitFor();
    await checkScreen(page, 'checkout-plans');

    await fillCard('4242 4242 4242 4242');
    await payButton().click();
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await expect
      .poll(
        async () =>
          (await ownJson<Subscription[]>('/api/subscriptions'))
            .filter((subscription) => subscription.productId === planned.id)
            .map(({ plan: bought, amount, status }) => ({ plan: bought, amount, status })),
        { timeout: 15_000 },
      )
      .toEqual([{ plan, amount: price, status: 'active' }]);
    expect(await ownJson<Invoice[]>('/api/invoices')).toContainEqual(
      expect.objectContaining({ status: 'paid', amount: price, productId: planned.id }),
    );
  });

  it('upgrades to enterprise, charged the prorated amount it was told, and sees the new plan', async () => {
    await page.goto(at('/dashboard'));
    await page.getByRole('tab', { name: 'Subscriptions' }).click();
    const row = page
      .getByRole('list', { name: 'Subscriptions' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: product.name, exact: true }) });
    await row.getByText('Professional Plan').waitFor();

    await row.getByRole('button', { name: 'Change plan' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: /Enterprise/ }).check();
    const statement = dialog.getByText(/^You'll be charged \$[\d,.]+ now for the rest of this period/);
    await statement.waitFor();
    const [, chargeNow] = /^You'll be charged (\$[\d,.]+) now/.exec(await statement.innerText()) ?? [];
    expect(await statement.innerText()).toContain(`then ${usd.format(product.enterprisePrice!)}/month.`);
    await checkScreen(page, 'change-plan');
    await dialog.getByRole('button', { name: 'Upgrade to Enterprise' }).click();
    await page.getByText('Plan changed', { exact: true }).waitFor();
    await row.getByText('Enterprise Plan').waitFor();
    expect(await row.innerText()).toContain(usd.format(product.enterprisePrice!));

    // Tenancy hears of the change from billing's event; the prorated invoice holds the amount the dialog stated.
    const upgraded = async () =>
      (await ownJson<Subscription[]>('/api/subscriptions')).find(({ productId }) => productId === product.id);
    await expect.poll(upgraded).toMatchObject({ plan: 'enterprise', amount: product.enterprisePrice });
    const invoices = await ownJson<Invoice[]>('/api/invoices');
    expect(invoices.map((invoice) => usd.format(invoice.amount))).toContain(chargeNow);
    await page.reload();
    await page.getByRole('tab', { name: 'Subscriptions' }).click();
    await row.getByText('Enterprise Plan').waitFor();
  });

  it('keeps its settings screen accessible', async () => {
    await page.goto(at('/settings'));
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await checkScreen(page, 'settings');
  });
});
