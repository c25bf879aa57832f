// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { fireEvent, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProductDetailsPage } from '../../src/screens/product-details/product-details-page.js';
import { screens } from '../../src/routes.js';
import { json, never, problem, renderScreen, stubApi, type Routes } from '@app/test-support/web';
import { cardTitled } from '../support/cards.js';
import { aProduct, aSubscription, aTenant } from '../support/fixtures.js';

const route = '/product-details/:id';
const ledger = aProduct({
  name: 'Ledger',
  description: 'Double-entry books',
  basePrice: 10,
  category: 'Accounting',
  color: '#10B981',
  features: ['Journals', 'Ledgers'],
  isActive: true,
});
const subscriptionsPath = `/api/admin/products/${ledger.id}/subscriptions`;
const productPath = `/api/admin/products/${ledger.id}`;

function open(routes: Routes = {}) {
  const api = stubApi({
    'GET /api/products': () => json([aProduct({ name: 'Other' }), ledger]),
    [`GET ${subscriptionsPath}`]: () => json([]),
    ...routes,
  });
  renderScreen(<ProductDetailsPage />, `/product-details/${ledger.id}`, { route });
  return api;
}

describe('Product details', () => {
  it('shows the product picked by id from the product list, with its features', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Ledger', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByText('Active')[0]).toBeInTheDocument();
    const info = cardTitled('Product Information');
    expect(info.getByText('Double-entry books')).toBeInTheDocument();
    expect(info.getByText('$10.00/mo')).toBeInTheDocument();
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

  it('shows Product Not Found for an id that is not in the list', async () => {
    stubApi({ 'GET /api/products': () => json([aProduct()]) });
    renderScreen(<ProductDetailsPage />, '/product-details/missing', { route });
    expect(await screen.findByRole('heading', { name: 'Product Not Found', level: 1 })).toBeInTheDocument();
    expect(screen.getByText("The product you're looking for doesn't exist.")).toBeInTheDocument();
  });

  it('shows a loading state while the product list loads', () => {
    stubApi({ 'GET /api/products': never });
    renderScreen(<ProductDetailsPage />, `/product-details/${ledger.id}`, { route });
    expect(screen.getByRole('status')).toHaveTextContent('Loading product...');
  });

  it('lists the live subscriptions with tenant, status, domain and a View Tenant link', async () => {
    const acme = aTenant({ name: 'Acme Corp' });
    const beta = aTenant({ name: 'Beta Labs' });
    const live = aSubscription(acme, { productId: ledger.id, domainUrl: 'https://acme.example.com' });
    const trial = aSubscription(beta, { productId: ledger.id, status: 'trial' });
    const cancelled = aSubscription(aTenant({ name: 'Gone Inc' }), { status: 'cancelled' });
    open({ [`GET ${subscriptionsPath}`]: () => json([live, trial, cancelled]) });

    const list = within(await screen.findByRole('list', { name: 'Active subscriptions' }));
    expect(screen.getByRole('heading', { name: 'Active Subscriptions (2)' })).toBeInTheDocument();
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
    expect(list.queryByText('Gone Inc')).not.toBeInTheDocument();
  });

  it('says so when no tenant subscribes to the product', async () => {
    open();
    expect(await screen.findByText('No active subscriptions for this product.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Active Subscriptions (0)' })).toBeInTheDocument();
  });
});

describe('Product details, editing', () => {
  it('saves the information with PATCH, the price as a number, and refreshes the product', async () => {
    const user = userEvent.setup();
    let listed = [ledger];
    const api = open({
      'GET /api/products': () => json(listed),
      [`PATCH ${productPath}`]: () => {
        listed = [{ ...ledger, name: 'Ledger Pro', isActive: false }];
        return json(listed[0]);
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
    expect(api.callsTo('/api/products', 'GET')).toHaveLength(2);
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
      'GET /api/products': () => json([{ ...ledger, features: [] }]),
      [`GET ${subscriptionsPath}`]: () => json([]),
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
