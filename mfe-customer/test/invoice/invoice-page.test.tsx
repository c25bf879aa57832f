// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InvoicePage } from '../../src/screens/invoice/invoice-page.js';
import { screens, standalonePaths } from '../../src/routes.js';
import { json, never, problem, renderScreen, stubApi, type Responder } from '@app/test-support/web';
import { casey } from '../support/fixtures.js';
import { anInvoiceDocument } from './invoice-document-fixture.js';

const route = '/billing/invoices/:invoiceId';

function renderInvoice(id: string, answer: Responder, user = casey) {
  const api = stubApi({ 'GET /api/auth/user': () => json(user), [`GET /api/invoices/${id}`]: answer });
  return { ...api, ...renderScreen(<InvoicePage />, `/billing/invoices/${id}`, { route }) };
}

function field(term: string) {
  const dt = screen.getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
}

describe('Printable invoice page (/billing/invoices/:invoiceId)', () => {
  const invoice = anInvoiceDocument({
    invoiceNumber: 'INV-000042',
    amount: 1199,
    status: 'paid',
    productName: 'Bank Connect',
    seller: { name: 'FinTech Platform Inc.', address: '1 Market St, San Francisco, CA 94105' },
    lines: [
      { description: 'Bank Connect, Enterprise plan', amount: 1299 },
      { description: 'Unused time on Professional plan', amount: -100 },
    ],
  });

  it('shows the invoice billing answers: seller, buyer, dates, every line and the total', async () => {
    const { callsTo } = renderInvoice(invoice.id, () => json(invoice));
    expect(await screen.findByRole('heading', { name: 'INV-000042', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Paid', { selector: '[data-slot="badge"]' })).toBeInTheDocument();
    expect(field('Issued')).toBe('Nov 1, 2026');
    expect(field('Paid')).toBe('Nov 1, 2026');
    expect(field('Billing period')).toBe('Nov 1, 2026 – Dec 1, 2026');
    expect(field('Currency')).toBe('USD');
    const from = screen.getByRole('region', { name: 'From' });
    expect(from).toHaveTextContent('FinTech Platform Inc.');
    expect(from).toHaveTextContent('1 Market St, San Francisco, CA 94105');
    const billedTo = screen.getByRole('region', { name: 'Billed to' });
    expect(billedTo).toHaveTextContent('Casey Jones');
    expect(billedTo).toHaveTextContent('casey@demo.local');
    const lines = screen.getByRole('table', { name: 'Invoice lines' });
    const rows = within(lines).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'ProductAmount',
      'Bank Connect, Enterprise plan$1,299.00',
      'Unused time on Professional plan-$100.00',
      'Total (USD)$1,199.00',
    ]);
    expect(callsTo(`/api/invoices/${invoice.id}`)).toHaveLength(1);
  });

  it('downloads the PDF from billing, with dates on the browser’s calendar', async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat('en-US').resolvedOptions(),
      timeZone: 'Europe/Paris',
    });
    renderInvoice(invoice.id, () => json(invoice));
    const link = await screen.findByRole('link', { name: 'Download PDF' });
    expect(link).toHaveAttribute('href', `/api/invoices/${invoice.id}/pdf?timeZone=Europe%2FParis`);
    expect(link).toHaveAttribute('download');
    expect(link.closest('.print\\:hidden')).not.toBeNull();
  });

  it('prints with the browser’s print dialog, and keeps buttons off paper', async () => {
    const user = userEvent.setup();
    // happy-dom has no print dialog; the page only has to open the browser's.
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderInvoice(invoice.id, () => json(invoice));
    const button = await screen.findByRole('button', { name: 'Print' });
    await user.click(button);
    expect(print).toHaveBeenCalledOnce();
    expect(button.closest('.print\\:hidden')).not.toBeNull();
  });

  it('goes back to billing', async () => {
    const user = userEvent.setup();
    renderInvoice(invoice.id, () => json(invoice));
    await user.click(await screen.findByRole('link', { name: 'Back to Billing' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/billing');
  });

  it("takes an admin back to the Admin Portal's Invoices tab, where they opened it", async () => {
    const user = userEvent.setup();
    const admin = { ...casey, id: 'admin-1', email: 'admin@demo.local', role: 'admin' as const };
    renderInvoice(invoice.id, () => json(invoice), admin);
    await user.click(await screen.findByRole('link', { name: 'Back to Invoices' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin-portal?tab=invoices');
    expect(screen.queryByRole('link', { name: 'Back to Billing' })).not.toBeInTheDocument();
  });

  it.each([
    ['another customer’s or an unknown invoice (404)', 404],
    ['an id that is not one (400)', 400],
  ])('says Invoice Not Found for %s, with nothing to print or download', async (_label, status) => {
    renderInvoice('not-mine', () => problem(status, 'Invoice not found.'));
    expect(await screen.findByRole('heading', { name: 'Invoice Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download PDF' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Billing' })).toHaveAttribute('href', '/billing');
  });

  it('shows a placeholder while loading', () => {
    renderInvoice(invoice.id, never);
    expect(screen.getByRole('status')).toHaveTextContent('Loading invoice...');
  });

  it('shows the data layer’s message when the invoice cannot be read', async () => {
    renderInvoice(invoice.id, () => new Response('billing is down', { status: 503 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('503: billing is down');
    expect(screen.queryByRole('link', { name: 'Download PDF' })).not.toBeInTheDocument();
  });

  it('is the screen the shell mounts on /billing/invoices/:invoiceId', async () => {
    expect(await screens.invoice?.()).toBe(InvoicePage);
    expect(standalonePaths.invoice).toBe(route);
  });
});
