// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Product } from '@app/contracts';
import { json, pagedList, problem } from '@app/test-support/web';
import { aProduct, aSubscription, aTenant } from '../support/fixtures.js';
import { renderTenantDetails, stubTenantDetails } from '../support/tenant-details.js';

/** Opens the Add dialog and waits for its products, which are read when it opens. */
async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add Subscription' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add Product Subscription' }));
  await waitFor(() =>
    expect(dialog.getByRole('combobox', { name: 'Product' })).toHaveTextContent('Select a product'),
  );
  return dialog;
}

async function pick(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: option }));
}

/** GET /api/products as catalog answers an admin: `isActive=true` leaves inactive ones out, `q` searches names. */
function serveProducts(products: Product[]) {
  const serve = pagedList((query) =>
    products.filter(
      (product) =>
        (query.get('isActive') !== 'true' || product.isActive) &&
        product.name.toLowerCase().includes((query.get('q') ?? '').toLowerCase()),
    ),
  );
  return { 'GET /api/products?isActive=true': serve, 'GET /api/products?*': serve };
}

describe('Tenant details, Add Product Subscription', () => {
  it('offers active products with their price, plan Professional and status Active by default', async () => {
    const user = userEvent.setup();
    const tenant = aTenant();
    const products = [
      aProduct({ name: 'Bank Connect', basePrice: 49 }),
      aProduct({ name: 'Old Product', isActive: false }),
      aProduct({ name: 'Risk Scoring', basePrice: 99.5 }),
    ];
    const api = stubTenantDetails(tenant, {}, serveProducts(products));
    renderTenantDetails(tenant.id);
    await screen.findByRole('heading', { name: 'Acme Corp', level: 1 });
    expect(api.calls.filter((call) => call.url.startsWith('/api/products'))).toHaveLength(0);

    const dialog = await openDialog(user);
    expect(dialog.getByText('Subscribe tenant to a new product')).toBeInTheDocument();
    expect(dialog.getByRole('combobox', { name: 'Plan' })).toHaveTextContent('Professional');
    expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Active');
    expect(dialog.getByRole('button', { name: 'Add Subscription' })).toBeDisabled();

    await user.click(dialog.getByRole('combobox', { name: 'Product' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Bank Connect - $49.00/mo',
      'Risk Scoring - $99.50/mo',
    ]);
    await user.keyboard('{Escape}');

    await user.click(dialog.getByRole('combobox', { name: 'Status' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Active',
      'Trial',
      'Suspended',
    ]);
    await user.keyboard('{Escape}');
    await user.click(dialog.getByRole('combobox', { name: 'Plan' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Basic',
      'Professional',
      'Enterprise',
    ]);
  });

  it('sends the chosen product, plan and status, toasts, closes, and reopens reset', async () => {
    const user = userEvent.setup();
    const tenant = aTenant();
    const product = aProduct({ name: 'Bank Connect', basePrice: 49, enterprisePrice: 99 });
    const path = `/api/admin/tenants/${tenant.id}/subscriptions`;
    const api = stubTenantDetails(
      tenant,
      { products: [product] },
      {
        [`POST ${path}`]: () => json(aSubscription(tenant, { productId: product.id }), 201),
      },
    );
    renderTenantDetails(tenant.id);

    const dialog = await openDialog(user);
    await pick(user, dialog.getByRole('combobox', { name: 'Product' }), 'Bank Connect - $49.00/mo');
    await user.click(dialog.getByRole('combobox', { name: 'Plan' }));
    // Only the plans the product offers, named as SPEC.md names them; the chosen one's price beneath.
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Professional',
      'Enterprise',
    ]);
    await user.click(await screen.findByRole('option', { name: 'Enterprise' }));
    expect(dialog.getByText('Enterprise: $99.00/mo')).toBeInTheDocument();
    await pick(user, dialog.getByRole('combobox', { name: 'Status' }), 'Trial');
    await user.click(dialog.getByRole('button', { name: 'Add Subscription' }));

    expect(await screen.findByText('Subscription added successfully')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(api.bodiesSentTo('POST', path)).toEqual([
      { productId: product.id, plan: 'enterprise', status: 'trial' },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(path, 'GET').length).toBeGreaterThanOrEqual(2);

    const reopened = await openDialog(user);
    expect(reopened.getByRole('combobox', { name: 'Product' })).toHaveTextContent('Select a product');
    expect(reopened.getByRole('combobox', { name: 'Plan' })).toHaveTextContent('Professional');
    expect(reopened.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Active');
  });

  it('searches the active products on the server and keeps the chosen one offered while searching on', async () => {
    const user = userEvent.setup();
    const tenant = aTenant();
    const products = [
      aProduct({ name: 'Bank Connect', basePrice: 49 }),
      aProduct({ name: 'Risk Scoring', basePrice: 99.5 }),
    ];
    const api = stubTenantDetails(tenant, {}, serveProducts(products));
    renderTenantDetails(tenant.id);

    const dialog = await openDialog(user);
    await user.type(dialog.getByRole('searchbox', { name: 'Search active products' }), 'risk');
    await waitFor(() => expect(api.callsTo('/api/products?isActive=true&q=risk')).toHaveLength(1));
    await user.click(dialog.getByRole('combobox', { name: 'Product' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Risk Scoring - $99.50/mo',
    ]);
    await user.click(screen.getByRole('option', { name: 'Risk Scoring - $99.50/mo' }));

    await user.clear(dialog.getByRole('searchbox', { name: 'Search active products' }));
    await user.type(dialog.getByRole('searchbox', { name: 'Search active products' }), 'bank');
    await waitFor(() => expect(api.callsTo('/api/products?isActive=true&q=bank')).toHaveLength(1));
    expect(dialog.getByRole('combobox', { name: 'Product' })).toHaveTextContent('Risk Scoring - $99.50/mo');
    expect(api.calls.filter((call) => call.url.includes('q=r'))).toHaveLength(1);
  });

  it("toasts Error: Failed to add subscription with the server's message and keeps the dialog open", async () => {
    const user = userEvent.setup();
    const tenant = aTenant();
    const product = aProduct({ name: 'Bank Connect', basePrice: 49 });
    stubTenantDetails(
      tenant,
      { products: [product] },
      {
        [`POST /api/admin/tenants/${tenant.id}/subscriptions`]: () =>
          problem(409, 'The tenant already subscribes to this product'),
      },
    );
    renderTenantDetails(tenant.id);

    const dialog = await openDialog(user);
    await pick(user, dialog.getByRole('combobox', { name: 'Product' }), 'Bank Connect - $49.00/mo');
    await user.click(dialog.getByRole('button', { name: 'Add Subscription' }));
    expect(await screen.findByText('Failed to add subscription')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByText('The tenant already subscribes to this product')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Product Subscription' })).toBeInTheDocument();
  });
});
