// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminInvoice } from '@app/contracts';
import { pagedList, renderScreen } from '@app/test-support/web';
import { AdminPortalPage } from '../../src/screens/admin-portal/admin-portal-page.js';
import { stubPortal } from './portal-api.js';

function anInvoice(overrides: Partial<AdminInvoice> = {}): AdminInvoice {
  return {
    id: crypto.randomUUID(),
    invoiceNumber: 'INV-000042',
    amount: 49,
    currency: 'usd',
    status: 'paid',
    createdAt: '2026-11-20T14:30:00.000Z',
    paidAt: '2026-11-20T14:30:00.000Z',
    periodStart: '2026-11-20T14:30:00.000Z',
    periodEnd: '2026-12-20T14:30:00.000Z',
    productId: crypto.randomUUID(),
    productName: 'Bank Connect',
    tenantId: crypto.randomUUID(),
    proration: null,
    customer: { id: crypto.randomUUID(), email: 'casey@example.com', name: 'Casey Customer' },
    subscriptionId: crypto.randomUUID(),
    ...overrides,
  };
}

const caseys = anInvoice();
const robins = anInvoice({
  invoiceNumber: 'INV-000041',
  status: 'overdue',
  amount: 149.5,
  paidAt: null,
  productName: null,
  tenantId: null,
  customer: { id: crypto.randomUUID(), email: null, name: null },
});

function open(invoices: Parameters<typeof pagedList<AdminInvoice>>[0]) {
  const responder = pagedList(invoices);
  const api = stubPortal(
    {},
    { 'GET /api/admin/billing/invoices': responder, 'GET /api/admin/billing/invoices?*': responder },
  );
  renderScreen(<AdminPortalPage />, '/admin-portal');
  return api;
}

const invoiceCalls = (api: ReturnType<typeof open>) =>
  api.calls.filter((call) => call.url.startsWith('/api/admin/billing/invoices')).map((call) => call.url);

async function openTab(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: 'Invoices' }));
  return screen.findByRole('list', { name: 'Invoices' });
}

describe('Admin Portal, Invoices tab (issue 21 item 4)', () => {
  it("lists every customer's invoices with whose each is, for what, its amount and status, and links", async () => {
    const user = userEvent.setup();
    const api = open([caseys, robins]);
    expect(invoiceCalls(api)).toEqual([]);

    const [first, second] = within(await openTab(user)).getAllByRole('listitem');
    if (!first || !second) throw new Error('expected two invoices');
    expect(within(first).getByRole('heading', { name: 'INV-000042' })).toBeInTheDocument();
    expect(first).toHaveTextContent(
      'Casey Customer (casey@example.com) · Bank Connect · Issued Nov 20, 2026',
    );
    expect(first).toHaveTextContent('$49.00');
    expect(within(first).getByText('Paid')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'View invoice INV-000042' })).toHaveAttribute(
      'href',
      `/billing/invoices/${caseys.id}`,
    );
    expect(within(first).getByRole('link', { name: 'Customer of INV-000042' })).toHaveAttribute(
      'href',
      `/user-details/${caseys.customer.id}`,
    );
    expect(within(first).getByRole('link', { name: 'Tenant of INV-000042' })).toHaveAttribute(
      'href',
      `/tenant-details/${caseys.tenantId}`,
    );
    // Nobody billing has heard of yet, no product, no tenant: said as such, with no dead link.
    expect(second).toHaveTextContent(`${robins.customer.id} · Unknown product`);
    expect(second).toHaveTextContent('$149.50');
    expect(within(second).getByText('Overdue')).toBeInTheDocument();
    expect(within(second).queryByRole('link', { name: /^Tenant of/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/billing/invoices/export',
    );
  });

  it('searches on the server and filters by status, and exports exactly that view', async () => {
    const user = userEvent.setup();
    const api = open((query) =>
      [caseys, robins].filter(
        (invoice) =>
          (query.get('status') === null || invoice.status === query.get('status')) &&
          (query.get('q') === null || invoice.invoiceNumber.endsWith(query.get('q') ?? '')),
      ),
    );
    await openTab(user);

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Overdue' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Invoices' })).getAllByRole('listitem')).toHaveLength(1),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search invoices' }), '42');
    expect(await screen.findByText('No invoices match these filters')).toBeInTheDocument();
    expect(invoiceCalls(api)).toEqual([
      '/api/admin/billing/invoices',
      '/api/admin/billing/invoices?status=overdue',
      '/api/admin/billing/invoices?q=42&status=overdue',
    ]);
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/billing/invoices/export?q=42&status=overdue',
    );
  });

  it('reads the next page when Load more is pressed', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 60 }, (_, index) =>
      anInvoice({ invoiceNumber: `INV-${String(index + 1).padStart(6, '0')}` }),
    );
    const api = open(many);
    await openTab(user);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(invoiceCalls(api)).toHaveLength(2));
    expect(invoiceCalls(api)[1]).toBe('/api/admin/billing/invoices?cursor=at50');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
  });

  it('says so when there are no invoices yet', async () => {
    const user = userEvent.setup();
    open([]);
    await user.click(await screen.findByRole('tab', { name: 'Invoices' }));
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument();
  });
});
