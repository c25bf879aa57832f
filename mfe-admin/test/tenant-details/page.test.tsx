// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, never, problem, stubApi } from '@app/test-support/web';
import { cardTitled } from '../support/cards.js';
import { aTenant, aUser } from '../support/fixtures.js';
import { renderTenantDetails, stubTenantDetails } from '../support/tenant-details.js';

describe('Tenant details page', () => {
  it('shows Loading tenant details... while the tenant loads', async () => {
    const tenant = aTenant();
    stubApi({ [`/api/admin/tenants/${tenant.id}`]: () => never() });
    renderTenantDetails(tenant.id);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading tenant details...');
  });

  it('says Tenant not found. on a 404', async () => {
    const tenant = aTenant();
    stubApi({ [`/api/admin/tenants/${tenant.id}`]: () => problem(404, 'Tenant not found') });
    renderTenantDetails(tenant.id);
    expect(await screen.findByRole('heading', { name: 'Tenant not found.' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says Failed to load tenant details. Please try again. on any other failure', async () => {
    const tenant = aTenant();
    stubApi({ [`/api/admin/tenants/${tenant.id}`]: () => json({}, 500) });
    renderTenantDetails(tenant.id);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load tenant details. Please try again.',
    );
  });

  it('shows the header and the four summary cards, the owner Loading... until read', async () => {
    const owner = aUser({ firstName: 'Riley', lastName: 'Stone' });
    let answerOwner: (response: Response) => void = () => undefined;
    const tenant = aTenant({
      name: 'Northwind',
      ownerId: owner.id,
      domainUrl: 'https://northwind.example.com',
      subscriptionCount: 3,
      status: 'suspended',
    });
    stubTenantDetails(
      tenant,
      {},
      {
        [`GET /api/admin/users/${owner.id}`]: () =>
          new Promise<Response>((resolve) => {
            answerOwner = resolve;
          }),
      },
    );
    renderTenantDetails(tenant.id);

    expect(await screen.findByRole('heading', { name: 'Northwind', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Tenant Details and Configuration')).toBeInTheDocument();
    expect(cardTitled('Owner').getByText('Loading...')).toBeInTheDocument();
    answerOwner(json(owner));
    expect(await cardTitled('Owner').findByText('Riley Stone')).toBeInTheDocument();
    expect(cardTitled('Subscriptions').getByText('3')).toBeInTheDocument();
    expect(cardTitled('Domain').getByText('Configured')).toBeInTheDocument();
    expect(cardTitled('Status').getByText('suspended')).toBeInTheDocument();
  });

  it('shows the owner by email without a name, Unknown Tenant without a name, Not Set without a domain', async () => {
    const owner = aUser({ firstName: null, lastName: null, email: 'owner@example.com' });
    const tenant = aTenant({ name: '', ownerId: owner.id });
    stubTenantDetails(tenant, { owner });
    renderTenantDetails(tenant.id);
    expect(await screen.findByRole('heading', { name: 'Unknown Tenant', level: 1 })).toBeInTheDocument();
    expect(await cardTitled('Owner').findByText('owner@example.com')).toBeInTheDocument();
    expect(cardTitled('Domain').getByText('Not Set')).toBeInTheDocument();
  });

  it('reads no user when the tenant has no owner', async () => {
    const tenant = aTenant({ ownerId: null });
    const api = stubTenantDetails(tenant);
    renderTenantDetails(tenant.id);
    await screen.findByRole('heading', { name: 'Owner' });
    expect(cardTitled('Owner').getByText('No owner')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.url.startsWith('/api/admin/users'))).toHaveLength(0);
  });
});
