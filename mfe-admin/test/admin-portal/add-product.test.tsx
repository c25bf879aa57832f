// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminPortalPage } from '../../src/screens/admin-portal/admin-portal-page.js';
import { json, problem, renderScreen } from '@app/test-support/web';
import { aProduct } from '../support/fixtures.js';
import { stubPortal } from './portal-api.js';

type User = ReturnType<typeof userEvent.setup>;

async function openAddProduct(user: User) {
  await user.click(await screen.findByRole('tab', { name: 'Products' }));
  await user.click(await screen.findByRole('button', { name: 'Add Product' }));
  return within(await screen.findByRole('dialog', { name: 'Add New Product' }));
}

async function fill(dialog: ReturnType<typeof within>, user: User, label: string, text: string) {
  const field = dialog.getByLabelText(label);
  await user.clear(field);
  if (text !== '') await user.type(field, text);
}

describe('Admin Portal, Add Product', () => {
  it("shows SPEC.md §5's messages one by one and sends nothing until the form is valid", async () => {
    const user = userEvent.setup();
    const api = stubPortal();
    renderScreen(<AdminPortalPage />, '/admin-portal');
    const dialog = await openAddProduct(user);
    const submit = () => user.click(dialog.getByRole('button', { name: 'Create Product' }));

    await submit();
    expect(dialog.getByText('Product name is required')).toBeInTheDocument();
    expect(dialog.getByText('Slug is required')).toBeInTheDocument();
    expect(dialog.getByText('Price is required')).toBeInTheDocument();
    expect(dialog.getByLabelText('Product Name')).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByLabelText('Product Name')).toHaveAccessibleDescription('Product name is required');

    await fill(dialog, user, 'Product Name', 'L');
    await fill(dialog, user, 'Slug', 'Ledger Pro');
    await fill(dialog, user, 'Base Price', '-1');
    await submit();
    expect(dialog.getByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(
      dialog.getByText('Slug must contain only lowercase letters, numbers, and hyphens'),
    ).toBeInTheDocument();
    expect(dialog.getByText('Price must be positive')).toBeInTheDocument();
    expect(api.callsTo('/api/admin/products', 'POST')).toHaveLength(0);

    await fill(dialog, user, 'Product Name', 'Ledger');
    await fill(dialog, user, 'Slug', 'ledger-pro-2');
    await fill(dialog, user, 'Base Price', '0');
    await submit();
    expect(dialog.queryByText(/required|must/)).not.toBeInTheDocument();
  });

  it('sends the product with features split and trimmed, toasts, and refreshes the list', async () => {
    const user = userEvent.setup();
    const created = aProduct({ name: 'Ledger Pro', slug: 'ledger-pro' });
    let listed = [aProduct({ name: 'Bank Connect' })];
    const api = stubPortal(
      {},
      {
        'GET /api/products': () => json(listed),
        'POST /api/admin/products': () => {
          listed = [...listed, created];
          return json(created, 201);
        },
      },
    );
    renderScreen(<AdminPortalPage />, '/admin-portal');
    const dialog = await openAddProduct(user);

    expect(dialog.getByLabelText('Brand Color')).toHaveAttribute('type', 'color');
    expect(dialog.getByText('#3B82F6')).toBeInTheDocument();
    expect(dialog.getByLabelText('Base Price')).toHaveAttribute('step', '0.01');
    await fill(dialog, user, 'Product Name', 'Ledger Pro');
    await fill(dialog, user, 'Slug', 'ledger-pro');
    await fill(dialog, user, 'Description', 'Double-entry books');
    await fill(dialog, user, 'Base Price', '19.99');
    await fill(dialog, user, 'Category', 'Accounting');
    await fill(dialog, user, 'Features (comma-separated)', ' Journals ,Ledgers,, Trial balance ');
    await user.click(dialog.getByRole('button', { name: 'Create Product' }));

    expect(await screen.findByText('Product created successfully')).toBeInTheDocument();
    expect(api.bodiesSentTo('POST', '/api/admin/products')).toEqual([
      {
        name: 'Ledger Pro',
        slug: 'ledger-pro',
        description: 'Double-entry books',
        basePrice: 19.99,
        basicPrice: null,
        enterprisePrice: null,
        category: 'Accounting',
        color: '#3B82F6',
        features: ['Journals', 'Ledgers', 'Trial balance'],
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('/api/products', 'GET')).toHaveLength(2);
    expect(
      within(screen.getByRole('list', { name: 'Products' })).getByRole('heading', { name: 'Ledger Pro' }),
    ).toBeInTheDocument();
  });

  it("shows Error creating product with the server's message, and its field message", async () => {
    const user = userEvent.setup();
    stubPortal(
      {},
      {
        'POST /api/admin/products': () =>
          problem(409, 'A product with this slug already exists', [
            { path: 'slug', message: 'Slug is already taken' },
          ]),
      },
    );
    renderScreen(<AdminPortalPage />, '/admin-portal');
    const dialog = await openAddProduct(user);
    await fill(dialog, user, 'Product Name', 'Ledger');
    await fill(dialog, user, 'Slug', 'ledger');
    await fill(dialog, user, 'Base Price', '5');
    await user.click(dialog.getByRole('button', { name: 'Create Product' }));

    expect(await screen.findByText('Error creating product')).toBeInTheDocument();
    expect(screen.getByText('A product with this slug already exists')).toBeInTheDocument();
    expect(dialog.getByText('Slug is already taken')).toBeInTheDocument();
  });
});
