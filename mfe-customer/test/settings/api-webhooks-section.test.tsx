// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import type { WebhookDelivery, WebhookEndpoint } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, problem, renderScreen, stubApi } from '@app/test-support/web';
import { ApiWebhooksSection } from '../../src/screens/settings/api-webhooks-section.js';
import { casey } from './fixtures.js';

const acme = { id: '0196f2a0-0000-7000-8000-0000000000a1', name: 'Acme' };
const globex = { id: '0196f2a0-0000-7000-8000-0000000000a2', name: 'Globex' };
const base = (tenantId: string) => `/api/tenant-webhooks/${tenantId}/endpoints`;
const paid = 'billing.invoice.paid.v1';

const endpoint: WebhookEndpoint = {
  id: '0196f2a0-0000-7000-8000-0000000000e1',
  tenantId: acme.id,
  url: 'https://hooks.acme.example/in',
  eventTypes: [paid],
  status: 'enabled',
  registeredAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
};
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw3n5wSXHlbHA=';

const delivery: WebhookDelivery = {
  id: '0196f2a0-0000-7000-8000-0000000000d1',
  endpointId: endpoint.id,
  messageId: '0196f2a0-0000-7000-8000-0000000000f1',
  eventType: paid,
  status: 'failed',
  nextAttemptAt: null,
  lastError: 'The endpoint answered HTTP 500',
  createdAt: '2026-11-21T10:01:00.000Z',
  attempts: [
    {
      attempt: 1,
      attemptedAt: '2026-11-21T10:01:00.000Z',
      outcome: 'failed',
      statusCode: 500,
      latencyMs: 42,
      responseExcerpt: 'boom',
      reason: 'The endpoint answered HTTP 500',
    },
  ],
};

describe('API & Webhooks', () => {
  it('registers an endpoint, shows the server’s field message, then the secret once', async () => {
    let endpoints: WebhookEndpoint[] = [];
    let attempts = 0;
    const api = stubApi({
      'GET /api/auth/user': () => json(casey),
      'GET /api/tenant-webhooks/tenants': () => json({ tenants: [acme] }),
      [`GET ${base(acme.id)}`]: () => json({ endpoints }),
      [`POST ${base(acme.id)}`]: () => {
        attempts += 1;
        if (attempts === 1) {
          return problem(400, 'Must be an http:// or https:// URL', [
            { path: 'url', message: 'Must be an http:// or https:// URL' },
          ]);
        }
        endpoints = [endpoint];
        return json({ ...endpoint, secret }, 201);
      },
    });
    renderScreen(<ApiWebhooksSection />, '/settings');

    expect(await screen.findByText('No webhook endpoints yet.', { exact: false })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
    await userEvent.type(within(dialog).getByLabelText('Endpoint URL'), 'ftp://hooks.acme.example');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /An invoice was paid/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('Must be an http:// or https:// URL')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Endpoint URL')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(within(dialog).getByLabelText('Endpoint URL'));
    await userEvent.type(within(dialog).getByLabelText('Endpoint URL'), endpoint.url);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    expect(await screen.findByLabelText('Signing secret')).toHaveValue(secret);
    expect(screen.getByText(/you will not see it again/)).toBeInTheDocument();
    expect(api.bodiesSentTo('POST', base(acme.id)).at(-1)).toEqual({ url: endpoint.url, eventTypes: [paid] });
    expect(await screen.findByRole('listitem', { name: endpoint.url })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('Signing secret')).not.toBeInTheDocument();
  });

  it('picks among the tenants owned, and deletes, disables and redelivers after confirming', async () => {
    let endpoints = [endpoint];
    const path = `${base(acme.id)}/${endpoint.id}`;
    const api = stubApi({
      'GET /api/auth/user': () => json(casey),
      'GET /api/tenant-webhooks/tenants': () => json({ tenants: [acme, globex] }),
      [`GET ${base(acme.id)}`]: () => json({ endpoints }),
      [`GET ${base(globex.id)}`]: () => json({ endpoints: [] }),
      [`POST ${path}/disable`]: () => {
        endpoints = [{ ...endpoint, status: 'disabled' }];
        return json(endpoints[0]);
      },
      [`GET ${path}/deliveries`]: () => json({ deliveries: [delivery] }),
      [`POST ${path}/deliveries/${delivery.id}/redeliver`]: () => json({ ...delivery, status: 'pending' }),
      [`DELETE ${path}`]: () => {
        endpoints = [];
        return new Response(null, { status: 204 });
      },
    });
    renderScreen(<ApiWebhooksSection />, '/settings');

    const row = await screen.findByRole('listitem', { name: endpoint.url });
    expect(screen.getByRole('heading', { name: 'Webhooks for Acme' })).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('switch', { name: `Enabled: ${endpoint.url}` }));
    expect(await within(row).findByText('Disabled')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: `Delivery log of ${endpoint.url}` }));
    expect(await within(row).findByRole('cell', { name: '500' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'boom' })).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: /^Redeliver billing.invoice.paid.v1/ }));
    await waitFor(() =>
      expect(api.callsTo(`${path}/deliveries/${delivery.id}/redeliver`, 'POST')).toHaveLength(1),
    );

    await userEvent.click(within(row).getByRole('button', { name: `Delete ${endpoint.url}` }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete endpoint' }));
    expect(await screen.findByText('No webhook endpoints yet.', { exact: false })).toBeInTheDocument();
    expect(api.callsTo(path, 'DELETE')).toHaveLength(1);

    await userEvent.click(screen.getByRole('combobox', { name: 'Tenant' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Globex' }));
    expect(await screen.findByRole('heading', { name: 'Webhooks for Globex' })).toBeInTheDocument();
  });
});
