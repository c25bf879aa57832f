// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InvoicePage } from '../../src/screens/invoice/invoice-page.js';
import { screens, standalonePaths } from '../../src/routes.js';
import { json, never, renderScreen, stubApi, type Responder } from '@app/test-support/web';
import { anInvoice, casey } from '../support/fixtures.js';

const route = '/billing/invoices/:invoiceId';

function renderInvoice(id: string, invoices: Responder) {
  const api = stubApi({ 'GET /api/auth/user': () => json(casey), 'GET /api/invoices?limit=200': invoices });
  return { ...api, ...renderScreen(<InvoicePage />, `/billing/invoices/${id}`, { route }) };
}

function field(term: string) {
  const dt = screen.getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
}

describe('Printable invoice page (/billing/invoices/:invoiceId)', () => {
  const invoice = anInvoice({
    invoiceNumber: 'INV-000042',
    amount: 1299,
    status: 'paid',
    productName: 'Bank Connect',
  });

  it('shows the invoice found in the customer’s list, billed to the signed-in customer', async () => {
    const { callsTo } = renderInvoice(invoice.id, () => json([anInvoice(), invoice]));
    expect(await screen.findByRole('heading', { name: 'INV-000042', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Paid', { selector: '[data-slot="badge"]' })).toBeInTheDocument();
    expect(field('Issued')).toBe('Nov 1, 2026');
    expect(field('Paid')).toBe('Nov 1, 2026');
    expect(field('Billing period')).toBe('Nov 1, 2026 – Dec 1, 2026');
    expect(field('Currency')).toBe('USD');
    const lines = screen.getByRole('table', { name: 'Invoice lines' });
    expect(within(lines).getByRole('cell', { name: 'Bank Connect' })).toBeInTheDocument();
    expect(within(lines).getAllByText('$1,299.00')).toHaveLength(2);
    expect(within(lines).getByRole('rowheader', { name: 'Total (USD)' })).toBeInTheDocument();
    const billedTo = screen.getByRole('region', { name: 'Billed to' });
    expect(billedTo).toHaveTextContent('Casey Jones');
    expect(billedTo).toHaveTextContent('casey@demo.local');
    expect(callsTo('/api/invoices?limit=200')).toHaveLength(1);
  });

  it('prints with the browser’s print dialog, and keeps buttons off paper', async () => {
    const user = userEvent.setup();
    // happy-dom has no print dialog; the page only has to open the browser's.
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderInvoice(invoice.id, () => json([invoice]));
    const button = await screen.findByRole('button', { name: 'Print' });
    await user.click(button);
    expect(print).toHaveBeenCalledOnce();
    expect(button.parentElement).toHaveClass('print:hidden');
  });

  it('goes back to billing', async () => {
    const user = userEvent.setup();
    renderInvoice(invoice.id, () => json([invoice]));
    await user.click(await screen.findByRole('link', { name: 'Back to Billing' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/billing');
  });

  it('says Invoice Not Found for an id that is not among the customer’s invoices', async () => {
    renderInvoice('not-mine', () => json([invoice]));
    expect(await screen.findByRole('heading', { name: 'Invoice Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Billing' })).toHaveAttribute('href', '/billing');
  });

  it('shows a placeholder while loading', () => {
    renderInvoice(invoice.id, never);
    expect(screen.getByRole('status')).toHaveTextContent('Loading invoice...');
  });

  it('shows the data layer’s message when the invoices cannot be read', async () => {
    renderInvoice(invoice.id, () => new Response('billing is down', { status: 503 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('503: billing is down');
  });

  it('is the screen the shell mounts on /billing/invoices/:invoiceId', async () => {
    expect(await screens.invoice?.()).toBe(InvoicePage);
    expect(standalonePaths.invoice).toBe(route);
  });
});
