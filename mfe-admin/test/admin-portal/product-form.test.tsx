// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { fireEvent, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { basicPriceOrderMessage, enterprisePriceOrderMessage, unstorableTextMessage } from '@app/contracts';
import { AdminPortalPage } from '../../src/screens/admin-portal/admin-portal-page.js';
import { json, problem, renderScreen } from '@app/test-support/web';
import { aProduct } from '../support/fixtures.js';
import { stubPortal } from './portal-api.js';

type User = ReturnType<typeof userEvent.setup>;

async function openDialog(user: User, button: string, dialog: string) {
  await user.click(await screen.findByRole('tab', { name: 'Products' }));
  await user.click(await screen.findByRole('button', { name: button }));
  return within(await screen.findByRole('dialog', { name: dialog }));
}

describe('the product form', () => {
  it('leaves focus on the button and keeps each message while the admin types, until the next submit', async () => {
    const user = userEvent.setup();
    stubPortal();
    renderScreen(<AdminPortalPage />, '/admin-portal');
    const dialog = await openDialog(user, 'Add Product', 'Add New Product');
    const submit = dialog.getByRole('button', { name: 'Create Product' });

    await user.click(submit);
    expect(submit).toHaveFocus();
    await user.type(dialog.getByLabelText('Product Name'), 'Ledger');
    expect(dialog.getByLabelText('Product Name')).toHaveAccessibleDescription('Product name is required');

    await user.click(submit);
    expect(dialog.queryByText('Product name is required')).not.toBeInTheDocument();
    expect(dialog.getByLabelText('Product Name')).not.toHaveAttribute('aria-invalid');
    expect(dialog.getByText('Slug is required')).toBeInTheDocument();
  });

  it("sends text only the server refuses, and shows the server's refusal beside each field it names", async () => {
    const user = userEvent.setup();
    const api = stubPortal(
      {},
      {
        'POST /api/admin/products': () =>
          problem(400, 'The request contains text that cannot be saved', [
            { path: 'name', message: unstorableTextMessage },
            { path: 'features.1', message: unstorableTextMessage },
          ]),
      },
    );
    renderScreen(<AdminPortalPage />, '/admin-portal');
    const dialog = await openDialog(user, 'Add Product', 'Add New Product');
    fireEvent.change(dialog.getByLabelText('Product Name'), { target: { value: 'Led\u0000ger' } });
    await user.type(dialog.getByLabelText('Slug'), 'ledger');
    await user.type(dialog.getByLabelText('Base Price'), '5');
    fireEvent.change(dialog.getByLabelText('Features (comma-separated)'), {
      target: { value: 'Journals, Half \ud800' },
    });
    await user.click(dialog.getByRole('button', { name: 'Create Product' }));

    expect(await screen.findByText('Error creating product')).toBeInTheDocument();
    expect(api.bodiesSentTo('POST', '/api/admin/products')).toMatchObject([
      { name: 'Led\u0000ger', features: ['Journals', 'Half \ud800'] },
    ]);
    expect(dialog.getByLabelText('Product Name')).toHaveAccessibleDescription(unstorableTextMessage);
    expect(dialog.getByLabelText('Features (comma-separated)')).toHaveAccessibleDescription(
      unstorableTextMessage,
    );
    expect(dialog.getByLabelText('Slug')).not.toHaveAttribute('aria-invalid');
  });

  it('refuses an edit that breaks a rule with its message, and sends nothing', async () => {
    const user = userEvent.setup();
    const ledger = aProduct({ name: 'Ledger', slug: 'ledger', basePrice: 10 });
    const api = stubPortal(
      { products: [ledger] },
      { [`PUT /api/admin/products/${ledger.id}`]: () => json(ledger) },
    );
    renderScreen(<AdminPortalPage />, '/admin-portal');
    const dialog = await openDialog(user, 'Edit Ledger', 'Edit Product');

    await user.clear(dialog.getByLabelText('Slug'));
    await user.type(dialog.getByLabelText('Slug'), 'Ledger');
    await user.clear(dialog.getByLabelText('Base Price'));
    await user.type(dialog.getByLabelText('Base Price'), '10.005');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(dialog.getByLabelText('Slug')).toHaveAccessibleDescription(
      'Slug must contain only lowercase letters, numbers, and hyphens',
    );
    expect(dialog.getByLabelText('Base Price')).toHaveAccessibleDescription(
      'Price can have at most 2 decimal places',
    );
    expect(api.callsTo(`/api/admin/products/${ledger.id}`)).toHaveLength(0);
  });

  it('takes optional basic and enterprise prices, refusing them out of order as the server would', async () => {
    const user = userEvent.setup();
    const ledger = aProduct({ name: 'Ledger', slug: 'ledger', basePrice: 10, enterprisePrice: 30 });
    const api = stubPortal(
      { products: [ledger] },
      { [`PUT /api/admin/products/${ledger.id}`]: () => json({ ...ledger, basicPrice: 5 }) },
    );
    renderScreen(<AdminPortalPage />, '/admin-portal');
    const dialog = await openDialog(user, 'Edit Ledger', 'Edit Product');
    const basic = dialog.getByLabelText('Basic Price (optional)');
    const enterprise = dialog.getByLabelText('Enterprise Price (optional)');
    expect(basic).toHaveValue(null);
    expect(enterprise).toHaveValue(30);

    await user.type(basic, '10');
    await user.clear(enterprise);
    await user.type(enterprise, '9.99');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(basic).toHaveAccessibleDescription(basicPriceOrderMessage);
    expect(enterprise).toHaveAccessibleDescription(enterprisePriceOrderMessage);
    expect(api.callsTo(`/api/admin/products/${ledger.id}`)).toHaveLength(0);

    await user.clear(basic);
    await user.type(basic, '5');
    await user.clear(enterprise);
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await expect
      .poll(() => api.bodiesSentTo('PUT', `/api/admin/products/${ledger.id}`))
      .toMatchObject([{ basePrice: 10, basicPrice: 5, enterprisePrice: null }]);
  });
});
