// @vitest-environment happy-dom
import '@app/test-support/web/dom-setup';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, problem } from '@app/test-support/web';
import { aTenant } from '../support/fixtures.js';
import { renderTenantDetails, renderTenantSaving, stubTenantDetails } from '../support/tenant-details.js';

const group = (name: string) => within(screen.getByRole('region', { name }));
const revealPath = (tenantId: string, providerGroup: string) =>
  `/api/admin/tenants/${tenantId}/credentials/${providerGroup}/reveal`;

const configured = {
  domainRegistrarUrl: 'https://registrar.example.com',
  domainRegistrarUsername: 'acme-admin',
  domainRegistrarPasswordSet: true,
};

describe('Tenant details, Service Providers', () => {
  it('shows each group with its URL, username and a masked password, or the fallbacks', async () => {
    const tenant = aTenant(configured);
    stubTenantDetails(tenant);
    renderTenantDetails(tenant.id);

    await screen.findByRole('heading', { name: 'Service Providers' });
    const registrar = group('Domain Registrar');
    expect(registrar.getByRole('link', { name: 'https://registrar.example.com' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(registrar.getByText('acme-admin')).toBeInTheDocument();
    expect(registrar.getByText('••••••••')).toBeInTheDocument();
    for (const name of ['DNS Server', 'Email Provider', 'Web Hosting']) {
      expect(group(name).getByText('Not configured')).toBeInTheDocument();
      expect(group(name).getAllByText('Not set')).toHaveLength(2);
      expect(group(name).queryByRole('button')).not.toBeInTheDocument();
    }
  });

  it('reveals a password by asking the server, and hides it again', async () => {
    const user = userEvent.setup();
    const tenant = aTenant(configured);
    const path = revealPath(tenant.id, 'domainRegistrar');
    const api = stubTenantDetails(
      tenant,
      {},
      {
        [`POST ${path}`]: () =>
          json({ group: 'domainRegistrar', password: 's3cret!', revealedAt: '2026-01-15T12:00:00.000Z' }),
      },
    );
    renderTenantDetails(tenant.id);

    await user.click(await screen.findByRole('button', { name: 'Show Domain Registrar password' }));
    expect(await group('Domain Registrar').findByText('s3cret!')).toBeInTheDocument();
    expect(api.callsTo(path, 'POST')).toHaveLength(1);
    expect(api.callsTo(path, 'POST')[0]?.body).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Hide Domain Registrar password' }));
    expect(group('Domain Registrar').queryByText('s3cret!')).not.toBeInTheDocument();
    expect(group('Domain Registrar').getByText('••••••••')).toBeInTheDocument();
  });

  it("shows the server's message when a reveal is refused", async () => {
    const user = userEvent.setup();
    const tenant = aTenant(configured);
    stubTenantDetails(
      tenant,
      {},
      {
        [`POST ${revealPath(tenant.id, 'domainRegistrar')}`]: () => problem(403, 'Admins only'),
      },
    );
    renderTenantDetails(tenant.id);
    await user.click(await screen.findByRole('button', { name: 'Show Domain Registrar password' }));
    expect(await group('Domain Registrar').findByRole('alert')).toHaveTextContent('Admins only');
  });

  it('saves only the provider fields: URLs and usernames, and the passwords that were typed', async () => {
    const user = userEvent.setup();
    const tenant = aTenant(configured);
    const path = `/api/admin/tenants/${tenant.id}`;
    const api = renderTenantSaving(tenant, path, tenant);

    await user.click(await screen.findByRole('button', { name: 'Edit service providers' }));
    expect(screen.getByLabelText('Domain Registrar Provider URL')).toHaveValue(
      'https://registrar.example.com',
    );
    expect(screen.getByLabelText('Domain Registrar Password')).toHaveValue('');
    expect(screen.getByLabelText('Domain Registrar Password')).toHaveAttribute('type', 'password');
    await user.type(screen.getByLabelText('DNS Server Provider URL'), 'https://dns.example.com');
    await user.type(screen.getByLabelText('DNS Server Username'), 'dns-user');
    await user.type(screen.getByLabelText('DNS Server Password'), 'dns-pass');
    await user.clear(screen.getByLabelText('Domain Registrar Username'));
    await user.click(screen.getByRole('button', { name: 'Save service providers' }));

    expect(await screen.findByText('Service providers updated successfully')).toBeInTheDocument();
    expect(api.bodiesSentTo('PATCH', path)).toEqual([
      {
        domainRegistrarUrl: 'https://registrar.example.com',
        domainRegistrarUsername: '',
        dnsServerUrl: 'https://dns.example.com',
        dnsServerUsername: 'dns-user',
        dnsServerPassword: 'dns-pass',
        emailProviderUrl: '',
        emailProviderUsername: '',
        webHostingUrl: '',
        webHostingUsername: '',
      },
    ]);
    expect(screen.queryByLabelText('DNS Server Provider URL')).not.toBeInTheDocument();
  });

  it('removes a saved password when asked: it is sent empty', async () => {
    const user = userEvent.setup();
    const tenant = aTenant(configured);
    const path = `/api/admin/tenants/${tenant.id}`;
    const api = renderTenantSaving(tenant, path, tenant);

    await user.click(await screen.findByRole('button', { name: 'Edit service providers' }));
    expect(screen.getAllByRole('switch')).toHaveLength(1);
    await user.click(screen.getByRole('switch', { name: 'Remove the saved Domain Registrar password' }));
    await user.click(screen.getByRole('button', { name: 'Save service providers' }));
    await screen.findByText('Service providers updated successfully');
    expect(api.bodiesSentTo('PATCH', path)).toEqual([
      expect.objectContaining({ domainRegistrarPassword: '', domainRegistrarUsername: 'acme-admin' }),
    ]);
  });

  it('Cancel restores the values; a failed save toasts Failed to update service providers', async () => {
    const user = userEvent.setup();
    const tenant = aTenant(configured);
    stubTenantDetails(
      tenant,
      {},
      {
        [`PATCH /api/admin/tenants/${tenant.id}`]: () =>
          problem(400, 'Web Hosting URL must be an http(s) URL'),
      },
    );
    renderTenantDetails(tenant.id);

    await user.click(await screen.findByRole('button', { name: 'Edit service providers' }));
    await user.type(screen.getByLabelText('Domain Registrar Username'), '-typo');
    await user.click(screen.getByRole('button', { name: 'Cancel editing service providers' }));
    expect(group('Domain Registrar').getByText('acme-admin')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit service providers' }));
    expect(screen.getByLabelText('Domain Registrar Username')).toHaveValue('acme-admin');

    await user.type(screen.getByLabelText('Web Hosting Provider URL'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Save service providers' }));
    expect(await screen.findByText('Failed to update service providers')).toBeInTheDocument();
    expect(screen.getByText('Web Hosting URL must be an http(s) URL')).toBeInTheDocument();
    expect(screen.getByLabelText('Web Hosting Provider URL')).toBeInTheDocument();
  });
});
