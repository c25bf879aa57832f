// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, never, pageOf, problem } from '@app/test-support/web';
import { aSubscription, aTenant } from '../support/fixtures.js';
import { renderTenantDetails, renderTenantSaving, stubTenantDetails } from '../support/tenant-details.js';

const rowOf = (name: string) =>
  within(screen.getByRole('heading', { name, level: 3 }).closest('li') as HTMLElement);

describe('Tenant details, Product Subscriptions rows', () => {
  it('shows Loading subscriptions... then No subscriptions found', async () => {
    const tenant = aTenant();
    let answer: (response: Response) => void = () => undefined;
    stubTenantDetails(
      tenant,
      {},
      {
        [`GET /api/admin/tenants/${tenant.id}/subscriptions`]: () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    );
    renderTenantDetails(tenant.id);
    expect(await screen.findByText('Loading subscriptions...')).toBeInTheDocument();
    answer(json([]));
    expect(await screen.findByText('No subscriptions found')).toBeInTheDocument();
  });

  it("reads the tenant's further subscriptions with Load more", async () => {
    const user = userEvent.setup();
    const tenant = aTenant();
    const first = aSubscription(tenant, {
      product: { name: 'Bank Connect', basePrice: 49, color: '#10B981' },
    });
    const second = aSubscription(tenant, {
      product: { name: 'Risk Scoring', basePrice: 99, color: '#EF4444' },
    });
    const path = `/api/admin/tenants/${tenant.id}/subscriptions`;
    stubTenantDetails(
      tenant,
      {},
      {
        [`GET ${path}`]: () => pageOf([first], `${path}?cursor=c1`),
        [`GET ${path}?cursor=c1`]: () => pageOf([second]),
      },
    );
    renderTenantDetails(tenant.id);

    const list = within(await screen.findByRole('list', { name: 'Product Subscriptions' }));
    expect(list.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Bank Connect',
    ]);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await list.findByRole('heading', { name: 'Risk Scoring', level: 3 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('lists each subscription with its name (or Unknown Product), price, status and endpoint', async () => {
    const tenant = aTenant();
    const configured = aSubscription(tenant, {
      product: { name: 'Bank Connect', basePrice: 49, color: '#10B981' },
      amount: 49,
      domainUrl: 'https://acme.example.com',
      metricsApiKeyConfigured: true,
    });
    const unnamed = aSubscription(tenant, {
      product: { name: '', basePrice: 0, color: '' },
      productName: '',
      amount: 12.5,
      status: 'trial',
    });
    stubTenantDetails(tenant, { subscriptions: [configured, unnamed] });
    renderTenantDetails(tenant.id);

    await screen.findByRole('list', { name: 'Product Subscriptions' });
    const first = rowOf('Bank Connect');
    expect(first.getByText('$49.00/mo')).toBeInTheDocument();
    expect(first.getByText('active')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'https://acme.example.com' })).toHaveAttribute(
      'href',
      'https://acme.example.com',
    );
    expect(first.getByText('Configured')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Deactivate Bank Connect' })).toBeInTheDocument();

    const second = rowOf('Unknown Product');
    expect(second.getByText('$12.50/mo')).toBeInTheDocument();
    expect(second.getByText('trial')).toBeInTheDocument();
    expect(second.getAllByText('Not set')).toHaveLength(2);
    expect(second.getByRole('button', { name: 'Activate Unknown Product' })).toBeInTheDocument();
    const swatch = (
      screen.getByRole('heading', { name: 'Unknown Product' }).closest('li') as HTMLElement
    ).querySelector('[aria-hidden]') as HTMLElement;
    expect(swatch.style.backgroundColor.toLowerCase()).toMatch(/#3b82f6|rgb\(59, 130, 246\)/);
  });

  it('edits one row at a time, and Save sends the domain URL and the typed key', async () => {
    const user = userEvent.setup();
    const tenant = aTenant();
    const first = aSubscription(tenant, {
      product: { name: 'Bank Connect', basePrice: 49, color: '#10B981' },
    });
    const second = aSubscription(tenant, {
      product: { name: 'Risk Scoring', basePrice: 99, color: '#EF4444' },
    });
    const path = `/api/admin/subscriptions/${second.id}`;
    const api = renderTenantSaving(tenant, path, second, { subscriptions: [first, second] });

    await user.click(await screen.findByRole('button', { name: 'Edit Bank Connect subscription' }));
    expect(rowOf('Bank Connect').getByLabelText('Domain URL')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Risk Scoring subscription' }));
    expect(rowOf('Bank Connect').queryByLabelText('Domain URL')).not.toBeInTheDocument();
    expect(screen.getAllByLabelText('Domain URL')).toHaveLength(1);

    const row = rowOf('Risk Scoring');
    await user.type(row.getByLabelText('Domain URL'), 'https://risk.example.com');
    const key = row.getByLabelText('Metrics API Key');
    expect(key).toHaveAttribute('type', 'password');
    await user.type(key, 'secret-key');
    await user.click(row.getByRole('button', { name: 'Save Risk Scoring subscription' }));

    expect(await screen.findByText('Subscription updated successfully')).toBeInTheDocument();
    expect(api.bodiesSentTo('PATCH', path)).toEqual([
      { domainUrl: 'https://risk.example.com', metricsApiKey: 'secret-key' },
    ]);
    expect(screen.queryByLabelText('Domain URL')).not.toBeInTheDocument();
  });

  it('leaves the key out when its input stays empty, so the configured key is kept', async () => {
    const user = userEvent.setup();
    const tenant = aTenant();
    const subscription = aSubscription(tenant, {
      domainUrl: 'https://old.example.com',
      metricsApiKeyConfigured: true,
    });
    const path = `/api/admin/subscriptions/${subscription.id}`;
    const api = renderTenantSaving(tenant, path, subscription, { subscriptions: [subscription] });

    await user.click(await screen.findByRole('button', { name: 'Edit Risk Scoring subscription' }));
    expect(screen.getByText('Leave empty to keep the saved value.')).toBeInTheDocument();
    const domain = screen.getByLabelText('Domain URL');
    expect(domain).toHaveValue('https://old.example.com');
    await user.clear(domain);
    await user.type(domain, 'https://new.example.com');
    await user.click(screen.getByRole('button', { name: 'Save Risk Scoring subscription' }));
    await screen.findByText('Subscription updated successfully');
    expect(api.bodiesSentTo('PATCH', path)).toEqual([{ domainUrl: 'https://new.example.com' }]);
  });

  it('removes a configured key when asked: the key is sent empty', async () => {
    const user = userEvent.setup();
    const tenant = aTenant();
    const subscription = aSubscription(tenant, { metricsApiKeyConfigured: true });
    const path = `/api/admin/subscriptions/${subscription.id}`;
    const api = renderTenantSaving(tenant, path, subscription, { subscriptions: [subscription] });

    await user.click(await screen.findByRole('button', { name: 'Edit Risk Scoring subscription' }));
    await user.type(screen.getByLabelText('Metrics API Key'), 'typed');
    await user.click(screen.getByRole('switch', { name: 'Remove the saved key' }));
    expect(screen.getByLabelText('Metrics API Key')).toBeDisabled();
    expect(screen.getByLabelText('Metrics API Key')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save Risk Scoring subscription' }));
    await screen.findByText('Subscription updated successfully');
    expect(api.bodiesSentTo('PATCH', path)).toEqual([{ domainUrl: '', metricsApiKey: '' }]);
  });

  it('offers no removal when no key is configured', async () => {
    const user = userEvent.setup();
    const tenant = aTenant();
    stubTenantDetails(tenant, { subscriptions: [aSubscription(tenant)] });
    renderTenantDetails(tenant.id);
    await user.click(await screen.findByRole('button', { name: 'Edit Risk Scoring subscription' }));
    expect(screen.getByText('Nothing is saved yet.')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('Cancel restores the row; a failed save toasts Failed to update subscription with the message', async () => {
    const user = userEvent.setup();
    const tenant = aTenant();
    const subscription = aSubscription(tenant, { domainUrl: 'https://old.example.com' });
    stubTenantDetails(
      tenant,
      { subscriptions: [subscription] },
      {
        [`PATCH /api/admin/subscriptions/${subscription.id}`]: () =>
          problem(400, 'Domain URL must be an http(s) URL'),
      },
    );
    renderTenantDetails(tenant.id);

    await user.click(await screen.findByRole('button', { name: 'Edit Risk Scoring subscription' }));
    await user.type(screen.getByLabelText('Domain URL'), '/typo');
    await user.click(screen.getByRole('button', { name: 'Cancel editing Risk Scoring subscription' }));
    expect(screen.getByRole('link', { name: 'https://old.example.com' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Risk Scoring subscription' }));
    expect(screen.getByLabelText('Domain URL')).toHaveValue('https://old.example.com');
    await user.clear(screen.getByLabelText('Domain URL'));
    await user.type(screen.getByLabelText('Domain URL'), 'ftp://x');
    await user.click(screen.getByRole('button', { name: 'Save Risk Scoring subscription' }));
    expect(await screen.findByText('Failed to update subscription')).toBeInTheDocument();
    expect(screen.getByText('Domain URL must be an http(s) URL')).toBeInTheDocument();
  });

  it('Deactivate sends cancelled, Activate sends active, and each toasts the outcome', async () => {
    const user = userEvent.setup();
    const tenant = aTenant();
    const active = aSubscription(tenant, {
      product: { name: 'Bank Connect', basePrice: 49, color: '#10B981' },
    });
    const suspended = aSubscription(tenant, { status: 'suspended' });
    const api = stubTenantDetails(
      tenant,
      { subscriptions: [active, suspended] },
      {
        [`PATCH /api/admin/subscriptions/${active.id}`]: () => json({ ...active, status: 'cancelled' }),
        [`PATCH /api/admin/subscriptions/${suspended.id}`]: () => problem(409, 'Subscription is locked'),
      },
    );
    renderTenantDetails(tenant.id);

    await user.click(await screen.findByRole('button', { name: 'Deactivate Bank Connect' }));
    expect(await screen.findByText('Subscription status updated successfully')).toBeInTheDocument();
    expect(api.bodiesSentTo('PATCH', `/api/admin/subscriptions/${active.id}`)).toEqual([
      { status: 'cancelled' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Activate Risk Scoring' }));
    expect(await screen.findByText('Failed to update subscription status')).toBeInTheDocument();
    expect(screen.getByText('Subscription is locked')).toBeInTheDocument();
    expect(api.bodiesSentTo('PATCH', `/api/admin/subscriptions/${suspended.id}`)).toEqual([
      { status: 'active' },
    ]);
  });

  it('disables the toggle while its request is pending', async () => {
    const user = userEvent.setup();
    const tenant = aTenant();
    const active = aSubscription(tenant);
    stubTenantDetails(
      tenant,
      { subscriptions: [active] },
      {
        [`PATCH /api/admin/subscriptions/${active.id}`]: () => never(),
      },
    );
    renderTenantDetails(tenant.id);
    const toggle = await screen.findByRole('button', { name: 'Deactivate Risk Scoring' });
    await user.click(toggle);
    expect(toggle).toBeDisabled();
  });
});
