// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '@app/contracts';
import { json, problem, renderScreen, stubApi, type Routes } from '@app/test-support/web';
import { BillingPage } from '../../src/screens/billing/billing-page.js';
import { anInvoice, casey } from '../support/fixtures.js';

function renderBilling(invoices: Invoice[], routes: Routes = {}) {
  const api = stubApi({
    'GET /api/auth/user': () => json(casey),
    'GET /api/subscriptions?limit=200': () => json([]),
    'GET /api/invoices?limit=200': () => json(invoices),
    'GET /api/billing/subscriptions?*': () => json([]),
    ...routes,
  });
  renderScreen(<BillingPage />, '/billing');
  return api;
}

const rows = async () =>
  within(await screen.findByRole('list', { name: 'Invoices' })).getAllByRole('listitem');

describe('Pay now on the billing page (issue 19)', () => {
  it('is offered on an overdue invoice only, and pays it', async () => {
    const user = userEvent.setup();
    const overdue = anInvoice({ status: 'overdue', invoiceNumber: 'INV-000042' });
    const api = renderBilling([anInvoice({ status: 'paid' }), anInvoice({ status: 'pending' }), overdue], {
      [`POST /api/invoices/${overdue.id}/pay`]: () => json({ invoiceId: overdue.id, status: 'paid' }),
    });
    const buttons = (await rows()).flatMap((row) => within(row).queryAllByRole('button'));
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Pay invoice INV-000042 now',
    ]);
    await user.click(buttons[0]!);
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    expect(api.callsTo(`/api/invoices/${overdue.id}/pay`, 'POST')).toHaveLength(1);
  });

  it("shows the card issuer's words when the card is declined", async () => {
    const user = userEvent.setup();
    const overdue = anInvoice({ status: 'overdue', invoiceNumber: 'INV-000043' });
    renderBilling([overdue], {
      [`POST /api/invoices/${overdue.id}/pay`]: () => problem(402, 'Your card has insufficient funds.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Pay invoice INV-000043 now' }));
    expect(await screen.findByText('Payment failed')).toBeInTheDocument();
    expect(screen.getAllByText('Your card has insufficient funds.')[0]).toBeInTheDocument();
  });
});
