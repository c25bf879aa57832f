// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Invoice, PaymentMethodReply } from '@app/contracts';
import { json, problem, renderScreen, stubApi, type Routes } from '@app/test-support/web';
import { BillingPage } from '../../src/screens/billing/billing-page.js';
import { anInvoice, casey } from '../support/fixtures.js';

const visa = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 };
const setup = { setupId: '0196f2a0-0000-7000-8000-0000000000d1', clientSecret: 'seti_sandbox_1_secret_abc' };

function renderBilling(method: PaymentMethodReply, routes: Routes = {}, invoices: Invoice[] = []) {
  const api = stubApi({
    'GET /api/auth/user': () => json(casey),
    'GET /api/subscriptions?limit=200': () => json([]),
    'GET /api/invoices?limit=200': () => json(invoices),
    'GET /api/billing/subscriptions?*': () => json([]),
    'GET /api/billing/payment-method': () => json(method),
    'GET /api/billing/config': () => json({ provider: 'sandbox' }),
    'POST /api/billing/payment-method/setups': () => json(setup),
    ...routes,
  });
  renderScreen(<BillingPage />, '/billing');
  return api;
}

async function enterCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Replace card' });
  await user.type(await within(dialog).findByLabelText('Card number'), number);
  await user.type(within(dialog).getByLabelText('Expiry date'), '1234');
  await user.type(within(dialog).getByLabelText('CVC'), '123');
  await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
}

describe('the card on file on the billing page (issue 19)', () => {
  it('shows the saved card with its expiry, and no warning while it outlasts the next renewal', async () => {
    renderBilling({ card: visa, nextRenewalAt: '2034-11-30T09:00:00.000Z', expiresBeforeNextRenewal: false });
    expect(await screen.findByText('Visa •••• 4242, expires 12/34')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('warns when the card expires before the next renewal, naming its date', async () => {
    renderBilling({
      card: { ...visa, expMonth: 1, expYear: 2027 },
      nextRenewalAt: '2027-02-15T12:00:00.000Z',
      expiresBeforeNextRenewal: true,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your card expires before your next renewal on Feb 15, 2027. Replace it to avoid a failed payment.',
    );
  });

  it('says when no card is saved', async () => {
    renderBilling({ card: null, nextRenewalAt: null, expiresBeforeNextRenewal: false });
    expect(await screen.findByText('No card saved yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add card' })).toBeEnabled();
  });

  it('shows a card saved before expiries were kept without one', async () => {
    renderBilling({
      card: { ...visa, expMonth: null, expYear: null },
      nextRenewalAt: '2034-11-30T09:00:00.000Z',
      expiresBeforeNextRenewal: false,
    });
    expect(await screen.findByText('Visa •••• 4242')).toBeInTheDocument();
  });

  it('replaces the card with the Sandbox form and shows the new one', async () => {
    const user = userEvent.setup();
    let card = visa;
    const api = renderBilling(
      { card: visa, nextRenewalAt: null, expiresBeforeNextRenewal: false },
      {
        'GET /api/billing/payment-method': () =>
          json({ card, nextRenewalAt: null, expiresBeforeNextRenewal: false }),
        'POST /api/billing/sandbox/confirm-setup': () => {
          card = { brand: 'mastercard', last4: '4444', expMonth: 12, expYear: 2034 };
          return json({ status: 'succeeded' });
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Replace card' }));
    await enterCard(user, '5555555555554444');
    expect(await screen.findByText('Card saved')).toBeInTheDocument();
    expect(await screen.findByText('Mastercard •••• 4444, expires 12/34')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [confirmed] = api.callsTo('/api/billing/sandbox/confirm-setup', 'POST');
    expect(JSON.parse(String(confirmed?.body))).toMatchObject({
      clientSecret: setup.clientSecret,
      card: { number: '5555555555554444' },
    });
  });

  it("keeps the dialog open with the issuer's words when the new card is declined", async () => {
    const user = userEvent.setup();
    renderBilling(
      { card: visa, nextRenewalAt: null, expiresBeforeNextRenewal: false },
      {
        'POST /api/billing/sandbox/confirm-setup': () => problem(402, 'Your card was declined.'),
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Replace card' }));
    await enterCard(user, '4000000000000002');
    expect(await screen.findByText('Card not saved')).toBeInTheDocument();
    expect(screen.getAllByText('Your card was declined.')[0]).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Replace card' })).toBeInTheDocument();
    expect(screen.getByText('Visa •••• 4242, expires 12/34')).toBeInTheDocument();
  });

  it('offers a new card where Pay now is declined, then pays again with it', async () => {
    const user = userEvent.setup();
    const overdue = anInvoice({ status: 'overdue', invoiceNumber: 'INV-000044' });
    let presses = 0;
    const api = renderBilling(
      { card: visa, nextRenewalAt: null, expiresBeforeNextRenewal: false },
      {
        [`POST /api/invoices/${overdue.id}/pay`]: () =>
          ++presses === 1
            ? problem(402, 'Your card has insufficient funds.')
            : json({ invoiceId: overdue.id, status: 'paid' }),
        'POST /api/billing/sandbox/confirm-setup': () => json({ status: 'succeeded' }),
      },
      [overdue],
    );
    await user.click(await screen.findByRole('button', { name: 'Pay invoice INV-000044 now' }));
    await user.click(await screen.findByRole('button', { name: 'Use a new card for invoice INV-000044' }));
    await enterCard(user, '5555555555554444');
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    expect(api.callsTo(`/api/invoices/${overdue.id}/pay`, 'POST')).toHaveLength(2);
  });
});
