// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { fireEvent, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProductDetailsPage } from '../../src/screens/product-details/product-details-page.js';
import { screens } from '../../src/routes.js';
import { json, never, pageOf, problem, renderScreen, stubApi, type Routes } from '@app/test-support/web';
import { cardTitled } from '../support/cards.js';
import { aProduct, aSubscription, aSubscriptionSummary, aTenant } from '../support/fixtures.js';

const route = '/product-details/:id';
const ledger = aProduct({
  name: 'Ledger',
  description: 'Double-entry books',
  basePrice: 10,
  basicPrice: 4.5,
  category: 'Accounting',
  color: '#10B981',
  features: ['Journals', 'Ledgers'],
  isActive: true,
});
const subscriptionsPath = `/api/admin/products/${ledger.id}/subscriptions?live=true`;
const summaryPath = `/api/admin/products/${ledger.id}/subscriptions/summary`;
const readPath = `/api/products/${ledger.id}`;
const productPath = `/api/admin/products/${ledger.id}`;

function open(routes: Routes = {}) {
  const api = stubApi({
    [`GET ${readPath}`]: () => json(ledger),
    [`GET ${subscriptionsPath}`]: () => json([]),
    [`GET ${summaryPath}`]: () => json(aSubscriptionSummary()),
    ...routes,
  });
  renderScreen(<ProductDetailsPage />, `/product-details/${ledger.id}`, { route });
  return api;
}

describe('Product details', () => {
  it('shows the product read by its id, with its features', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Ledger', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByText('Active')[0]).toBeInTheDocument();
    const info = cardTitled('Product Information');
    expect(info.getByText('Double-entry books')).toBeInTheDocument();
    expect(info.getByText('$10.00/mo')).toBeInTheDocument();
    expect(info.getByText('Basic Plan').nextElementSibling).toHaveTextContent('$4.50/mo');
    expect(info.getByText('Enterprise Plan').nextElementSibling).toHaveTextContent('Not offered');
    expect(info.getByText('Accounting')).toBeInTheDocument();
    expect(info.getByText('#10B981')).toBeInTheDocument();
    const features = within(cardTitled('Product Features').getByRole('list', { name: 'Features' }));
    expect(features.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Journals',
      'Ledgers',
    ]);
    expect(screen.getByRole('link', { name: 'Back to Admin Portal' })).toHaveAttribute(
      'href',
      '/admin-portal',
    );
    expect(await screens['product-details']?.()).toBe(ProductDetailsPage);
  });

  it('shows Product Not Found for an id no product has, or that is no id', async () => {
    stubApi({ 'GET /api/products/missing': () => problem(400, 'id must be a UUID') });
    renderScreen(<ProductDetailsPage />, '/product-details/missing', { route });
    expect(await screen.findByRole('heading', { name: 'Product Not Found', level: 1 })).toBeInTheDocument();
    expect(screen.getByText("The product you're looking for doesn't exist.")).toBeInTheDocument();
  });

  it('shows Product Not Found when the product is gone (404), and the read error otherwise', async () => {
    stubApi({ [`GET ${readPath}`]: () => problem(404, 'Product not found') });
    const { unmount } = renderScreen(<ProductDetailsPage />, `/product-details/${ledger.id}`, { route });
    expect(await screen.findByRole('heading', { name: 'Product Not Found', level: 1 })).toBeInTheDocument();
    unmount();
    stubApi({ [`GET ${readPath}`]: () => new Response('down', { status: 503 }) });
    renderScreen(<ProductDetailsPage />, `/product-details/${ledger.id}`, { route });
    expect(await screen.findByRole('alert')).toHaveTextContent('503: down');
  });

  it('shows a loading state while the product loads', () => {
    stubApi({ [`GET ${readPath}`]: never });
    renderScreen(<ProductDetailsPage />, `/product-details/${ledger.id}`, { route });
    expect(screen.getByRole('status')).toHaveTextContent('Loading product...');
  });

  it('lists the live subscriptions (live=true) with tenant, status, domain and a View Tenant link', async () => {
    const acme = aTenant({ name: 'Acme Corp' });
    const beta = aTenant({ name: 'Beta Labs' });
    const live = aSubscription(acme, { productId: ledger.id, domainUrl: 'https://acme.example.com' });
    const trial = aSubscription(beta, { productId: ledger.id, status: 'trial' });
    open({
      [`GET ${subscriptionsPath}`]: () => json([live, trial]),
      [`GET ${summaryPath}`]: () => json(aSubscriptionSummary({ active: 1, trial: 1, cancelled: 4 })),
    });

    const list = within(await screen.findByRole('list', { name: 'Active subscriptions' }));
    expect(await screen.findByRole('heading', { name: 'Active Subscriptions (2)' })).toBeInTheDocument();
    const [first, second] = list.getAllByRole('listitem');
    if (!first || !second) throw new Error('expected two subscriptions');
    expect(within(first).getByRole('heading', { name: 'Acme Corp' })).toBeInTheDocument();
    expect(within(first).getByText('active')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'https://acme.example.com' })).toHaveAttribute(
      'href',
      'https://acme.example.com',
    );
    expect(within(first).getByRole('link', { name: 'View Tenant Acme Corp' })).toHaveAttribute(
      'href',
      `/tenant-details/${acme.id}`,
    );
    expect(within(second).getByText('trial')).toBeInTheDocument();
  });

  it('counts the live subscriptions from the summary, not from the page read, and reads on with Load more', async () => {
    const user = userEvent.setup();
    const subscriptions = Array.from({ length: 3 }, (_, index) =>
      aSubscription(aTenant({ name: `Tenant ${index + 1}` }), { productId: ledger.id }),
    );
    const next = `${subscriptionsPath}&cursor=c2`;
    const api = open({
      [`GET ${subscriptionsPath}`]: () => pageOf(subscriptions.slice(0, 2), next),
      [`GET ${next}`]: () => pageOf(subscriptions.slice(2)),
      [`GET ${summaryPath}`]: () => json(aSubscriptionSummary({ active: 120 })),
    });

    expect(await screen.findByRole('heading', { name: 'Active Subscriptions (120)' })).toBeInTheDocument();
    const list = () => within(screen.getByRole('list', { name: 'Active subscriptions' }));
    expect(list().getAllByRole('heading', { level: 3 })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await list().findByRole('heading', { name: 'Tenant 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.callsTo(next)).toHaveLength(1);
  });

  it('says so when no tenant subscribes to the product', async () => {
    open();
    expect(await screen.findByText('No active subscriptions for this product.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Active Subscriptions (0)' })).toBeInTheDocument();
  });
});

describe('Product details, editing', () => {
  it('saves the information with PATCH, the price as a number, and refreshes the product', async () => {
    const user = userEvent.setup();
    let current = ledger;
    const api = open({
      [`GET ${readPath}`]: () => json(current),
      [`PATCH ${productPath}`]: () => {
        current = { ...ledger, name: 'Ledger Pro', isActive: false };
        return json(current);
      },
    });
    await screen.findByRole('heading', { name: 'Ledger', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Edit product information' }));
    const info = cardTitled('Product Information');

    await user.clear(info.getByLabelText('Product Name'));
    await user.type(info.getByLabelText('Product Name'), 'Ledger Pro');
    await user.clear(info.getByLabelText('Description'));
    await user.clear(info.getByLabelText('Base Price'));
    await user.type(info.getByLabelText('Base Price'), '12.5');
    await user.clear(info.getByLabelText('Category'));
    await user.type(info.getByLabelText('Category'), 'Books');
    expect(info.getByLabelText('Brand Color')).toHaveAttribute('type', 'color');
    fireEvent.input(info.getByLabelText('Brand Color'), { target: { value: '#ff0000' } });
    expect(info.getByText('#FF0000')).toBeInTheDocument();
    await user.click(info.getByRole('switch', { name: 'Active Product' }));
    await user.click(info.getByRole('button', { name: 'Save product information' }));

    expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
    expect(api.bodiesSentTo('PATCH', productPath)).toEqual([
      {
        name: 'Ledger Pro',
        description: '',
        basePrice: 12.5,
        category: 'Books',
        color: '#ff0000',
        isActive: false,
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Ledger Pro', level: 1 })).toBeInTheDocument();
    expect(api.callsTo(readPath, 'GET')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Save product information' })).not.toBeInTheDocument();
  });

  it('sends a base price of 0 when the field holds no number', async () => {
    const user = userEvent.setup();
    const api = open({ [`PATCH ${productPath}`]: () => json(ledger) });
    await screen.findByRole('heading', { name: 'Ledger', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Edit product information' }));
    await user.clear(cardTitled('Product Information').getByLabelText('Base Price'));
    await user.click(screen.getByRole('button', { name: 'Save product information' }));
    await screen.findByText('Product updated successfully');
    expect(api.bodiesSentTo('PATCH', productPath)[0]).toMatchObject({ basePrice: 0 });
  });

  it('Cancel restores the original values and sends nothing', async () => {
    const user = userEvent.setup();
    const api = open();
    await screen.findByRole('heading', { name: 'Ledger', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Edit product information' }));
    await user.clear(cardTitled('Product Information').getByLabelText('Product Name'));
    await user.type(cardTitled('Product Information').getByLabelText('Product Name'), 'Changed');
    await user.click(screen.getByRole('button', { name: 'Cancel editing product information' }));

    expect(cardTitled('Product Information').getByText('Ledger')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit product information' }));
    expect(cardTitled('Product Information').getByLabelText('Product Name')).toHaveValue('Ledger');
    expect(api.callsTo(productPath)).toHaveLength(0);
  });

  it("shows Failed to update product with the server's message and stays in edit mode", async () => {
    const user = userEvent.setup();
    open({ [`PATCH ${productPath}`]: () => problem(400, 'Name must be at least 2 characters') });
    await screen.findByRole('heading', { name: 'Ledger', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Edit product information' }));
    await user.click(screen.getByRole('button', { name: 'Save product information' }));
    expect(await screen.findByText('Failed to update product')).toBeInTheDocument();
    expect(screen.getByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(cardTitled('Product Information').getByLabelText('Product Name')).toBeInTheDocument();
  });

  it('edits the features: adds and removes entries and drops empty ones on save', async () => {
    const user = userEvent.setup();
    const api = open({ [`PATCH ${productPath}`]: () => json(ledger) });
    await screen.findByRole('heading', { name: 'Ledger', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Edit product features' }));
    const features = cardTitled('Product Features');

    await user.click(features.getByRole('button', { name: 'Remove feature 1' }));
    await user.click(features.getByRole('button', { name: 'Add Feature' }));
    await user.click(features.getByRole('button', { name: 'Add Feature' }));
    const added = features.getAllByPlaceholderText('Feature description');
    expect(added).toHaveLength(3);
    await user.type(features.getByLabelText('Feature 3'), '  Trial balance ');
    await user.click(features.getByRole('button', { name: 'Save product features' }));

    expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
    expect(api.bodiesSentTo('PATCH', productPath)).toEqual([{ features: ['Ledgers', 'Trial balance'] }]);
  });

  it('Cancel restores the features, and an empty list says No features defined', async () => {
    const user = userEvent.setup();
    stubApi({
      [`GET ${readPath}`]: () => json({ ...ledger, features: [] }),
      [`GET ${subscriptionsPath}`]: () => json([]),
      [`GET ${summaryPath}`]: () => json(aSubscriptionSummary()),
    });
    renderScreen(<ProductDetailsPage />, `/product-details/${ledger.id}`, { route });
    expect(await screen.findByText('No features defined')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit product features' }));
    await user.click(screen.getByRole('button', { name: 'Add Feature' }));
    await user.type(screen.getByLabelText('Feature 1'), 'Draft');
    await user.click(screen.getByRole('button', { name: 'Cancel editing product features' }));
    expect(screen.getByText('No features defined')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('Draft')).not.toBeInTheDocument();
  });
});
