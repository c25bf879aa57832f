// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { problem } from '@app/test-support/web';
import { aTenant } from '../support/fixtures.js';
import { renderTenantDetails, renderTenantSaving, stubTenantDetails } from '../support/tenant-details.js';

describe('Tenant details, Tenant Information', () => {
  it('shows the name, status and created date; only the name is editable; Save sends it', async () => {
    const user = userEvent.setup();
    const tenant = aTenant({ name: 'Acme Corp', createdAt: '2026-01-15T12:00:00.000Z' });
    const path = `/api/admin/tenants/${tenant.id}`;
    const api = renderTenantSaving(tenant, path, { ...tenant, name: 'Acme Ltd' });

    await user.click(await screen.findByRole('button', { name: 'Edit tenant information' }));
    expect(screen.getByText('January 15, 2026')).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    const name = screen.getByLabelText('Tenant Name');
    await user.clear(name);
    await user.type(name, 'Acme Ltd');
    await user.click(screen.getByRole('button', { name: 'Save tenant information' }));

    expect(await screen.findByText('Tenant updated successfully')).toBeInTheDocument();
    expect(api.bodiesSentTo('PATCH', path)).toEqual([{ name: 'Acme Ltd' }]);
    expect(screen.queryByLabelText('Tenant Name')).not.toBeInTheDocument();
  });

  it('Cancel restores the name without sending anything', async () => {
    const user = userEvent.setup();
    const tenant = aTenant({ name: 'Acme Corp' });
    const api = stubTenantDetails(tenant);
    renderTenantDetails(tenant.id);

    await user.click(await screen.findByRole('button', { name: 'Edit tenant information' }));
    await user.type(screen.getByLabelText('Tenant Name'), ' changed');
    await user.click(screen.getByRole('button', { name: 'Cancel editing tenant information' }));
    await user.click(screen.getByRole('button', { name: 'Edit tenant information' }));
    expect(screen.getByLabelText('Tenant Name')).toHaveValue('Acme Corp');
    expect(api.calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });

  it("toasts Failed to update tenant with the server's message and stays in edit mode", async () => {
    const user = userEvent.setup();
    const tenant = aTenant();
    stubTenantDetails(
      tenant,
      {},
      {
        [`PATCH /api/admin/tenants/${tenant.id}`]: () => problem(400, 'Tenant name is required'),
      },
    );
    renderTenantDetails(tenant.id);

    await user.click(await screen.findByRole('button', { name: 'Edit tenant information' }));
    await user.clear(screen.getByLabelText('Tenant Name'));
    await user.click(screen.getByRole('button', { name: 'Save tenant information' }));
    expect(await screen.findByText('Failed to update tenant')).toBeInTheDocument();
    expect(screen.getByText('Tenant name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Tenant Name')).toBeInTheDocument();
  });
});
