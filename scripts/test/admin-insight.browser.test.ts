import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { APIResponse, Page } from 'playwright-core';
import type { AdminInvoice, AuditEntry, Product, RevenueReport, Subscription } from '@app/contracts';
import { demoAccounts, demoTenantIds, demoTenants } from '@app/demo-fixtures';
import { eventually as waitFor } from '@app/test-support/eventually';
import { browserOnPlatform } from './support/browser-platform.js';
import { downloadedCsv } from './support/csv-records.js';
import { checkScreen, desktop } from './support/screen-check.js';

/**
 * The admin's insight screens of issue 21 in a real browser on the platform `npm start` runs: the Activity trail
 * (newest first, Load more, each filter, kept in the address across a reload, the CSV of the filtered view, a
 * change as before → after, a reveal as "revealed by", and the customer's own tab naming admins Support) and the
 * Admin Dashboard's Revenue tab (its figures as billing computes them, both charts, the CSV), and the Admin Portal's
 * Invoices tab (every customer's invoices, searched, filtered, exported, each opening its page). Every screen is
 * checked with axe at a desktop's and a phone's width and kept as screenshots.
 */
const run = randomUUID().slice(0, 8);
const admin = demoAccounts.find((account) => account.role === 'admin');
const casey = demoAccounts.find((account) => account.email === 'casey@demo.local');
const caseyStudio = demoTenants.find((tenant) => tenant.id === demoTenantIds.caseyStudio);
const renamed = `${caseyStudio?.name ?? 'Casey Studio'} ${run}`;
/** Read models follow commands over NATS a moment later. */
const eventually = { timeout: 20_000, interval: 250 };
/** A screen's first render fetches its remote's code: on a busy machine that outlasts a locator's 10 s. */
const screenLoad = { timeout: 30_000 };

const ui = browserOnPlatform('i');
const { at, signIn } = ui;
let page: Page;

/** A call as the signed-in admin, through the gateway (its CSRF check wants our Origin), answering the JSON. */
async function adminSend<T>(method: 'GET' | 'POST' | 'PATCH', path: string, data?: object): Promise<T> {
  const response = await page.request.fetch(at(path), {
    method,
    headers: { origin: at('') },
    ...(data ? { data } : {}),
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Every entry the trail holds under `query`, following Link rel="next" as the screen's Load more does. */
async function wholeTrail(query: string): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  for (let next: string | null = `/api/admin/audit?limit=200&${query}`; next !== null;) {
    const response: APIResponse = await page.request.get(at(next));
    expect(response.status()).toBe(200);
    entries.push(...((await response.json()) as AuditEntry[]));
    next = /^<([^>]+)>; rel="next"$/.exec(response.headers()['link'] ?? '')?.[1] ?? null;
  }
  return entries;
}

const entries = () => page.getByRole('list', { name: 'Activity' }).locator(':scope > li');
const entryOf = (action: string) =>
  entries().filter({ has: page.getByRole('heading', { name: action, exact: true }) });
const searchOf = () => new URL(page.url()).searchParams;

async function choose(combobox: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

beforeAll(async () => {
  if (!admin || !casey || !caseyStudio) throw new Error('the demo data has no admin, Casey or Casey Studio');
  page = await ui.newPage();
  await page.setViewportSize(desktop);
  await signIn(page, admin, '/admin-activity');
  // What the trail is to show: a change with a before and an after, and a reveal, both on Casey's own tenant.
  await adminSend('PATCH', `/api/admin/tenants/${caseyStudio.id}`, { name: renamed });
  await adminSend('POST', `/api/admin/tenants/${caseyStudio.id}/credentials/domainRegistrar/reveal`);
  const newest = await waitFor(
    async () => (await wholeTrail(`entityId=${caseyStudio.id}`)).map((entry) => entry.action).slice(0, 2),
    (actions) => actions.join() === 'tenant.credential-revealed,tenant.renamed',
    eventually.timeout,
  );
  expect(newest).toEqual(['tenant.credential-revealed', 'tenant.renamed']);
});

describe("the admin's Activity", () => {
  it('lists the whole trail newest first, and Load more reads the next page', async () => {
    await page.goto(at('/admin-activity'));
    await entries().first().waitFor(screenLoad);
    const trail = await wholeTrail('');
    // More than a page: the demo seed alone records more than 50 changes.
    expect(trail.length).toBeGreaterThan(50);
    const times = trail.map((entry) => Date.parse(entry.occurredAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const shown = await entries()
      .locator('time')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('datetime')));
    expect(shown.slice(0, 5)).toEqual(trail.slice(0, 5).map((entry) => entry.occurredAt));
    await checkScreen(page, 'activity-admin');

    const nextPage = page.waitForRequest((request) => /\/api\/admin\/audit\?cursor=/.test(request.url()));
    // Pressed where it is: scrolling down to it would read the next page by itself (the list's infinite scroll).
    await page.getByRole('button', { name: 'Load more' }).dispatchEvent('click');
    await nextPage;
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.locator('li[aria-posinset="51"]').waitFor();
  });

  it('filters by entity type and action, keeps both across a reload, and exports exactly that view', async () => {
    await page.goto(at('/admin-activity'));
    await entries().first().waitFor(screenLoad);
    await choose('Entity type', 'Tenant');
    await expect.poll(() => searchOf().get('entityType')).toBe('tenant');
    await choose('Action', 'Tenant renamed');
    await expect.poll(() => searchOf().get('action')).toBe('tenant.renamed');

    const change = entryOf('Tenant renamed').first().getByRole('list', { name: 'Changes' });
    await change.getByText(renamed, { exact: true }).waitFor();
    expect(await change.locator('del').innerText()).toBe(caseyStudio?.name);
    expect(await change.locator('ins').innerText()).toBe(renamed);
    // The entries of the choice before stay in place until the filtered ones arrive.
    await expect
      .poll(async () => (await entries().count()) - (await entryOf('Tenant renamed').count()), eventually)
      .toBe(0);

    await page.reload();
    await entryOf('Tenant renamed').first().waitFor(screenLoad);
    expect(searchOf().get('entityType')).toBe('tenant');
    expect(searchOf().get('action')).toBe('tenant.renamed');
    expect(await page.getByRole('combobox', { name: 'Entity type' }).innerText()).toBe('Tenant');
    expect(await page.getByRole('combobox', { name: 'Action' }).innerText()).toBe('Tenant renamed');
    await checkScreen(page, 'activity-admin-filtered');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    const csv = await downloadedCsv(download);
    expect(csv.fileName).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.header).toEqual([
      'Time',
      'Actor',
      'Actor role',
      'Action',
      'Entity type',
      'Entity',
      'Entity id',
      'Tenant id',
      'Changes',
    ]);
    const filtered = await wholeTrail('entityType=tenant&action=tenant.renamed');
    expect(csv.rows.map((row) => row['Time'])).toEqual(filtered.map((entry) => entry.occurredAt));
    expect(new Set(csv.rows.map((row) => `${row['Action']}/${row['Entity type']}`))).toEqual(
      new Set(['Tenant renamed/Tenant']),
    );
    expect(csv.rows[0]).toMatchObject({
      Actor: 'Avery Admin',
      'Actor role': 'admin',
      'Entity id': caseyStudio?.id,
      Changes: `Name: ${caseyStudio?.name} → ${renamed}`,
    });
  });

  it('narrows to an entity and an actor when their names are pressed, shows a reveal by whom, never the secret', async () => {
    await page.goto(at('/admin-activity'));
    await entries().first().waitFor(screenLoad);
    await entryOf('Tenant renamed')
      .first()
      .getByRole('button', { name: /^Only entries about Casey Studio/ })
      .click();
    await expect.poll(() => searchOf().get('entityId')).toBe(caseyStudio?.id);
    expect(searchOf().get('entityType')).toBe('tenant');
    const reveal = entryOf('Provider password revealed').first();
    await reveal.getByText('Domain Registrar password revealed by Avery Admin', { exact: true }).waitFor();
    expect(await page.content()).not.toContain(caseyStudio?.details.domainRegistrarPassword);

    await reveal.getByRole('button', { name: 'Only entries by Avery Admin' }).click();
    await expect.poll(() => searchOf().get('actorId')).toBe(admin?.id);
    expect(searchOf().get('entityId')).toBe(caseyStudio?.id);
    await page.getByText('By Avery Admin', { exact: true }).waitFor();
    const [newest] = await wholeTrail(`actorId=${admin?.id}&entityId=${caseyStudio?.id}&entityType=tenant`);
    await expect
      .poll(() => entries().first().locator('time').getAttribute('datetime'))
      .toBe(newest?.occurredAt);
    for (const by of await entries().getByText(/^by /).allInnerTexts()) expect(by).toBe('by Avery Admin');
  });

  it('keeps a range of whole days', async () => {
    await page.goto(at(`/admin-activity?entityId=${caseyStudio?.id}`));
    const newest = await entries().first().locator('time').getAttribute('datetime', screenLoad);
    const day = localDay(new Date(newest ?? ''));
    await page.getByLabel('From').fill(day);
    await page.getByLabel('To').fill(day);
    await expect.poll(() => searchOf().get('to')).not.toBeNull();
    await entryOf('Provider password revealed').first().waitFor();
    // The range on screen, not only in the address: clearing a From the screen has not shown yet changes no value,
    // so React sees no change (the address is rendered late, in a transition).
    await expect.poll(() => page.getByLabel('From').inputValue()).toBe(day);

    await page.getByLabel('From').fill('');
    await page.getByLabel('To').fill(localDay(new Date(Date.parse(newest ?? '') - 86_400_000)));
    await page.getByText('No activity matches these filters', { exact: true }).waitFor();
  });
});

/** The calendar day of `time` in this machine's zone, which the browser shares, as a date input writes it. */
function localDay(time: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`;
}

describe("the customer's Activity tab", () => {
  it("shows what admins did to the customer's tenant as Support, never naming them", async () => {
    const own = await ui.newPage();
    await own.setViewportSize(desktop);
    await signIn(own, casey as { email: string; demoPassword: string }, '/dashboard');
    await own.getByRole('tab', { name: 'Activity' }).click(screenLoad);
    const list = own.getByRole('list', { name: 'Activity' }).locator(':scope > li');
    const renaming = list.filter({ has: own.getByRole('heading', { name: 'Tenant renamed', exact: true }) });
    await renaming
      .first()
      .getByRole('list', { name: 'Changes' })
      .getByText(renamed, { exact: true })
      .waitFor(screenLoad);
    expect(await renaming.first().getByText(/^by /).innerText()).toBe('by Support');
    const reveal = list.filter({ has: own.getByRole('heading', { name: 'Provider password revealed' }) });
    await reveal
      .first()
      .getByText('Domain Registrar password revealed by Support', { exact: true })
      .waitFor();
    const content = await own.content();
    expect(content).not.toContain('Avery');
    expect(content).not.toContain(admin?.email);
    await checkScreen(own, 'activity-customer');
    await own.context().close();
  });
});

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const longMonth = (month: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/** The figures the tab must show for a month, by title, as billing answers them. */
function expectedFigures(month: RevenueReport['months'][number]): Record<string, string> {
  const ratio = (value: number | null) => (value === null ? '—' : percent.format(value));
  return {
    MRR: usd.format(month.mrr),
    'New MRR': usd.format(month.newMrr),
    'Expansion MRR': usd.format(month.expansionMrr),
    'Contraction MRR': usd.format(month.contractionMrr),
    'Churned MRR': usd.format(month.churnedMrr),
    'Reactivated MRR': usd.format(month.reactivationMrr),
    'Net revenue retention': ratio(month.netRevenueRetention),
    'Logo churn': ratio(month.logoChurnRate),
    ARPA: month.arpa === null ? '—' : usd.format(month.arpa),
    Collected: usd.format(month.collected),
    Outstanding: usd.format(month.outstanding),
    Overdue: usd.format(month.overdue),
  };
}

describe("the Admin Dashboard's Revenue tab", () => {
  async function openRevenue(): Promise<Record<string, string>> {
    await page.goto(at('/admin'));
    await page.getByRole('tab', { name: 'Revenue' }).click(screenLoad);
    const figures = page.getByRole('list', { name: /^Figures of / }).locator(':scope > li');
    await figures.first().waitFor(screenLoad);
    const shown: Record<string, string> = {};
    for (const figure of await figures.all()) {
      const title = await figure.getByRole('heading').innerText();
      shown[title] = await figure.locator('.text-2xl').innerText();
    }
    return shown;
  }

  it("shows the current month's figures as billing computes them, and follows a new subscription", async () => {
    const before = await adminSend<RevenueReport>('GET', '/api/admin/billing/revenue');
    const month = before.months.at(-1);
    if (!month) throw new Error('the report has no months');
    expect(await openRevenue()).toEqual(expectedFigures(month));
    await page.getByRole('heading', { name: longMonth(month.month), level: 2 }).waitFor();

    // A paying tenant takes another product: its MRR grows, which is expansion (README "Revenue analytics").
    const tenantId = demoTenantIds.jordanLabs;
    const owned = await adminSend<Subscription[]>('GET', `/api/admin/tenants/${tenantId}/subscriptions`);
    const taken = new Set(owned.map((subscription) => subscription.productId));
    const products = await adminSend<Product[]>('GET', '/api/products?limit=200');
    const product = products.find((candidate) => candidate.isActive && !taken.has(candidate.id));
    if (!product) throw new Error('Jordan Labs already subscribes to every active product');
    const added = await adminSend<Subscription>('POST', `/api/admin/tenants/${tenantId}/subscriptions`, {
      productId: product.id,
      plan: 'professional',
      status: 'active',
    });
    const mrr = async () =>
      (await adminSend<RevenueReport>('GET', '/api/admin/billing/revenue')).months.at(-1);
    await expect
      .poll(async () => (await mrr())?.expansionMrr, eventually)
      .toBeCloseTo(month.expansionMrr + added.amount, 2);
    const after = await mrr();
    if (!after) throw new Error('the report has no months');
    expect(after.mrr).toBeCloseTo(month.mrr + added.amount, 2);
    expect(await openRevenue()).toEqual(expectedFigures(after));
  });

  it('draws the MRR movements stacked and MRR as a line over 12 months, each also as a table', async () => {
    const report = await adminSend<RevenueReport>('GET', '/api/admin/billing/revenue');
    await openRevenue();
    const chart = (title: string) =>
      page.locator('[data-slot="card"]', { has: page.getByRole('heading', { name: title, exact: true }) });
    const movements = chart('MRR movements');
    await movements.locator('.recharts-bar-rectangle').first().waitFor(screenLoad);
    expect(await movements.locator('div[role="img"]').getAttribute('aria-label')).toMatch(
      /^New, expansion and/,
    );
    await chart('MRR').locator('.recharts-line-curve').waitFor();
    expect(await chart('MRR').locator('div[role="img"]').getAttribute('aria-label')).toContain(
      usd.format(report.months.at(-1)?.mrr ?? 0),
    );
    for (const title of ['MRR movements', 'MRR']) {
      const rows = page.getByRole('table', { name: title, exact: true }).locator('tbody tr');
      expect(await rows.count(), title).toBe(12);
    }
    await checkScreen(page, 'revenue-tab');
  });

  it('downloads the same months as CSV', async () => {
    const report = await adminSend<RevenueReport>('GET', '/api/admin/billing/revenue');
    await openRevenue();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    const csv = await downloadedCsv(download);
    expect(csv.fileName).toBe(`revenue-${report.from}-to-${report.to}.csv`);
    expect(csv.header.slice(0, 3)).toEqual(['Month', 'MRR at start', 'MRR']);
    expect(csv.rows.map((row) => row['Month'])).toEqual(report.months.map((month) => month.month));
    expect(csv.rows.map((row) => Number(row['MRR']))).toEqual(report.months.map((month) => month.mrr));
    expect(csv.rows.map((row) => Number(row['Collected']))).toEqual(
      report.months.map((month) => month.collected),
    );
  });
});

describe("the Admin Portal's Invoices tab", () => {
  const rows = () => page.getByRole('list', { name: 'Invoices' }).locator(':scope > li');
  const numbersShown = () => rows().getByRole('heading', { level: 3 }).allInnerTexts();

  it("lists every customer's invoices newest first, searched by email, filtered by status, exported as shown", async () => {
    const all = await adminSend<AdminInvoice[]>('GET', '/api/admin/billing/invoices?limit=200');
    const jordans = all.filter((invoice) => invoice.customer.email === 'jordan@demo.local');
    // The demo seed pays one checkout of Casey's and two of Jordan's.
    expect(jordans.length).toBeGreaterThan(1);
    expect(jordans.length).toBeLessThan(all.length);
    await page.goto(at('/admin-portal'));
    await page.getByRole('tab', { name: 'Invoices' }).click(screenLoad);
    await rows().first().waitFor(screenLoad);
    expect(await numbersShown()).toEqual(all.map((invoice) => invoice.invoiceNumber));
    await checkScreen(page, 'invoices-tab');

    await page.getByRole('searchbox', { name: 'Search invoices' }).fill('JORDAN@demo');
    await expect.poll(numbersShown, eventually).toEqual(jordans.map((invoice) => invoice.invoiceNumber));
    await choose('Status', 'Overdue');
    await page.getByText('No invoices match these filters', { exact: true }).waitFor();
    await choose('Status', 'Paid');
    await expect
      .poll(numbersShown, eventually)
      .toEqual(
        jordans.filter((invoice) => invoice.status === 'paid').map((invoice) => invoice.invoiceNumber),
      );

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    const csv = await downloadedCsv(download);
    expect(csv.fileName).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.rows.map((row) => row['Number'])).toEqual(await numbersShown());
    expect(new Set(csv.rows.map((row) => `${row['Customer email']}/${row['Status']}`))).toEqual(
      new Set(['jordan@demo.local/paid']),
    );
    expect(csv.rows[0]?.['Amount (USD)']).toBe(String(jordans[0]?.amount));
  });

  it("opens an invoice's own page for the admin, and goes back to the Invoices tab", async () => {
    const [newest] = await adminSend<AdminInvoice[]>('GET', '/api/admin/billing/invoices?limit=1');
    if (!newest) throw new Error('no invoices');
    await page.goto(at('/admin-portal'));
    await page.getByRole('tab', { name: 'Invoices' }).click(screenLoad);
    await page.getByRole('link', { name: `View invoice ${newest.invoiceNumber}` }).click(screenLoad);
    await page.getByRole('heading', { name: newest.invoiceNumber, level: 1 }).waitFor(screenLoad);
    expect(new URL(page.url()).pathname).toBe(`/billing/invoices/${newest.id}`);

    await page.getByRole('link', { name: 'Back to Invoices' }).click();
    await page.waitForURL(at('/admin-portal?tab=invoices'));
    await expect
      .poll(() => page.getByRole('tab', { name: 'Invoices' }).getAttribute('aria-selected'))
      .toBe('true');
    await page.getByRole('link', { name: `View invoice ${newest.invoiceNumber}` }).waitFor(screenLoad);
  });
});
