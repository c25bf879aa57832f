// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Product } from '@app/contracts';
import { AdminPortalPage } from '../../src/screens/admin-portal/admin-portal-page.js';
import { json, never, problem, renderScreen } from '@app/test-support/web';
import { aProduct } from '../support/fixtures.js';
import { stubPortal } from './portal-api.js';

type User = ReturnType<typeof userEvent.setup>;

const ledger = aProduct({
  name: 'Ledger',
  slug: 'ledger',
  description: 'Books',
  basePrice: 10,
  enterprisePrice: 25,
  category: 'Accounting',
  color: '#10B981',
  icon: 'Link',
  features: ['Journals'],
  isActive: true,
});

/** The PUT body for `product` as the API holds it, with `change` applied: plan prices kept, not cleared. */
function resent(product: Product, change: Partial<Product> = {}) {
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...body } = { ...product, ...change };
  return body;
}

async function productsTab(user: User) {
  await user.click(await screen.findByRole('tab', { name: 'Products' }));
  return within(await screen.findByRole('list', { name: 'Products' }));
}

async function openEdit(user: User) {
  const list = await productsTab(user);
  await user.click(list.getByRole('button', { name: 'Edit Ledger' }));
  return within(await screen.findByRole('dialog', { name: 'Edit Product' }));
}

describe('Admin Portal, product actions', () => {
  it('Deactivate resends the whole product with isActive false, toasts and refreshes the list', async () => {
    const user = userEvent.setup();
    let listed = [ledger];
    const path = `/api/admin/products/${ledger.id}`;
    const api = stubPortal(
      {},
      {
        'GET /api/products': () => json(listed),
        [`PUT ${path}`]: () => {
          listed = [{ ...ledger, isActive: false }];
          return json(listed[0]);
        },
      },
    );
    renderScreen(<AdminPortalPage />, '/admin-portal');
    const list = await productsTab(user);
    expect(list.getByText('Active')).toBeInTheDocument();
    expect(list.getByRole('link', { name: 'View Details of Ledger' })).toHaveAttribute(
      'href',
      `/product-details/${ledger.id}`,
    );

    await user.click(list.getByRole('button', { name: 'Deactivate Ledger' }));
    expect(await screen.findByText('Product status updated successfully')).toBeInTheDocument();
    expect(api.bodiesSentTo('PUT', path)).toEqual([resent(ledger, { isActive: false })]);
    expect(api.callsTo('/api/products', 'GET')).toHaveLength(2);
    expect(await list.findByRole('button', { name: 'Activate Ledger' })).toBeInTheDocument();
    expect(list.getByText('Inactive')).toBeInTheDocument();
  });

  it("shows Error updating product status with the server's message", async () => {
    const user = userEvent.setup();
    stubPortal(
      { products: [ledger] },
      { [`PUT /api/admin/products/${ledger.id}`]: () => problem(409, 'The product changed meanwhile') },
    );
    renderScreen(<AdminPortalPage />, '/admin-portal');
    const list = await productsTab(user);
    await user.click(list.getByRole('button', { name: 'Deactivate Ledger' }));
    expect(await screen.findByText('Error updating product status')).toBeInTheDocument();
    expect(screen.getByText('The product changed meanwhile')).toBeInTheDocument();
  });

  it('edits a product by resending it whole with the changed fields', async () => {
    const user = userEvent.setup();
    const path = `/api/admin/products/${ledger.id}`;
    const api = stubPortal({ products: [ledger] }, { [`PUT ${path}`]: () => json(ledger) });
    renderScreen(<AdminPortalPage />, '/admin-portal');
    const dialog = await openEdit(user);

    expect(dialog.getByLabelText('Product Name')).toHaveValue('Ledger');
    expect(dialog.getByLabelText('Features (comma-separated)')).toHaveValue('Journals');
    await user.clear(dialog.getByLabelText('Base Price'));
    await user.type(dialog.getByLabelText('Base Price'), '12.5');
    await user.type(dialog.getByLabelText('Features (comma-separated)'), ', Ledgers');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
    expect(api.bodiesSentTo('PUT', path)).toEqual([
      resent(ledger, { basePrice: 12.5, features: ['Journals', 'Ledgers'] }),
    ]);
    expect(api.callsTo('/api/products', 'GET')).toHaveLength(2);
  });

  it("shows Error updating product with the server's message", async () => {
    const user = userEvent.setup();
    stubPortal(
      { products: [ledger] },
      {
        [`PUT /api/admin/products/${ledger.id}`]: () =>
          problem(400, 'Price can have at most 2 decimal places'),
      },
    );
    renderScreen(<AdminPortalPage />, '/admin-portal');
    const dialog = await openEdit(user);
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Error updating product')).toBeInTheDocument();
    expect(screen.getByText('Price can have at most 2 decimal places')).toBeInTheDocument();
  });

  it('deletes only after the exact product name is typed, showing Deleting... while pending', async () => {
    const user = userEvent.setup();
    const path = `/api/admin/products/${ledger.id}`;
    let answer: (response: Response) => void = () => undefined;
    let listed = [ledger];
    const api = stubPortal(
      {},
      {
        'GET /api/products': () => json(listed),
        [`DELETE ${path}`]: () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    );
    renderScreen(<AdminPortalPage />, '/admin-portal');
    const edit = await openEdit(user);
    expect(edit.getByRole('heading', { name: 'Danger Zone' })).toBeInTheDocument();
    await user.click(edit.getByRole('button', { name: 'Delete Product' }));

    const confirm = within(await screen.findByRole('alertdialog', { name: 'Delete Product' }));
    const remove = confirm.getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    await user.type(confirm.getByLabelText('Product name'), 'ledger');
    expect(remove).toBeDisabled();
    await user.clear(confirm.getByLabelText('Product name'));
    await user.type(confirm.getByLabelText('Product name'), 'Ledger ');
    expect(remove).toBeDisabled();
    await user.type(confirm.getByLabelText('Product name'), '{Backspace}');
    expect(remove).toBeEnabled();

    await user.click(remove);
    expect(await confirm.findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(api.callsTo(path, 'DELETE')).toHaveLength(1);
    expect(api.callsTo(path, 'DELETE')[0]?.body).toBeUndefined();

    listed = [];
    answer(new Response(null, { status: 204 }));
    expect(await screen.findByText('Product deleted successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsTo('/api/products', 'GET')).toHaveLength(2);
    expect(await screen.findByText('No products yet')).toBeInTheDocument();
  });

  it("shows Error deleting product with the server's message", async () => {
    const user = userEvent.setup();
    stubPortal(
      { products: [ledger] },
      {
        [`DELETE /api/admin/products/${ledger.id}`]: () => problem(409, 'The product has live subscriptions'),
      },
    );
    renderScreen(<AdminPortalPage />, '/admin-portal');
    const edit = await openEdit(user);
    await user.click(edit.getByRole('button', { name: 'Delete Product' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    await user.type(confirm.getByLabelText('Product name'), 'Ledger');
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error deleting product')).toBeInTheDocument();
    expect(screen.getByText('The product has live subscriptions')).toBeInTheDocument();
  });

  it('shows a loading state while the products load', async () => {
    const user = userEvent.setup();
    stubPortal({}, { 'GET /api/products': never });
    renderScreen(<AdminPortalPage />, '/admin-portal');
    await user.click(await screen.findByRole('tab', { name: 'Products' }));
    expect(screen.getByText('Loading products...')).toBeInTheDocument();
  });
});
