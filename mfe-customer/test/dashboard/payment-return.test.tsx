// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { createQueryClient, queryKeys } from '@app/web-data';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '@app/test-support/web';
import { anInvoice, aSubscription, aUsageRecord, casey } from '../support/fixtures.js';
import { card, location, renderDashboard } from './render.js';

/** What the dashboard held before the customer went to the checkout: no subscription, no invoice, no usage. */
function clientFromBeforeCheckout() {
  const client = createQueryClient();
  client.setQueryData(queryKeys.currentUser, casey);
  client.setQueryData(queryKeys.subscriptions, []);
  client.setQueryData(queryKeys.invoices, []);
  client.setQueryData(queryKeys.usage, []);
  return client;
}

const afterCheckout = {
  subscriptions: () => json([aSubscription({ productName: 'Bank Connect' })]),
  invoices: () => json([anInvoice({ amount: 49 })]),
  usage: () => json([aUsageRecord(7)]),
};

describe('Customer dashboard back from a paid checkout (?payment=success)', () => {
  it('confirms the payment, reads subscriptions, invoices and usage afresh, and drops the parameter', async () => {
    const client = clientFromBeforeCheckout();
    const { callsTo } = renderDashboard(afterCheckout, '/dashboard?payment=success', { client });

    expect(screen.getByText('Payment Successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome to your new subscription!')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/dashboard'));

    expect(await card('Active Subscriptions').findByText('1')).toBeInTheDocument();
    expect(await card('Total Spending').findByText('$49.00')).toBeInTheDocument();
    expect(await card('Usage This Month').findByText('7')).toBeInTheDocument();
    expect(callsTo('/api/subscriptions?limit=200')).toHaveLength(1);
    expect(callsTo('/api/invoices?limit=200')).toHaveLength(1);
    expect(callsTo('/api/usage?limit=200')).toHaveLength(1);
    expect(screen.getByText('Payment Successful')).toBeInTheDocument();
  });

  it('reads nothing again on an ordinary visit: the cached lists stand', async () => {
    const client = clientFromBeforeCheckout();
    const { calls } = renderDashboard(afterCheckout, '/dashboard', { client });
    expect(card('Active Subscriptions').getByText('0')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
    expect(screen.queryByText('Payment Successful')).not.toBeInTheDocument();
  });

  it('keeps the other query parameters', async () => {
    renderDashboard({}, '/dashboard?payment=success&ref=mail');
    await waitFor(() => expect(location()).toBe('/dashboard?ref=mail'));
  });

  it('lets the customer dismiss the confirmation', async () => {
    const user = userEvent.setup();
    renderDashboard({}, '/dashboard?payment=success');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Payment Successful')).not.toBeInTheDocument();
  });
});
