import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { itCreatesOnceThroughALostAnswer } from '@app/test-support/lost-answer';
import type { Tenant } from '@app/contracts';
import { countEvents, startTenancy } from '../support/tenancy-harness.js';
import {
  addProduct,
  asAdmin,
  asTenant,
  createTenant,
  newTenantName,
  patchTenant,
} from '../support/requests.js';

const tenancy = startedForFile(startTenancy);

const secret = 'pa55 word-with-spaces ';

describe('admin tenant routes', () => {
  itCreatesOnceThroughALostAnswer('tenant', () => ({
    harness: tenancy,
    request: async () => ({
      url: '/api/admin/tenants',
      payload: { name: newTenantName() },
      headers: await asAdmin(),
    }),
    createdType: 'TenantCreated',
  }));

  itCreatesOnceThroughALostAnswer('subscription', () => ({
    harness: tenancy,
    request: async () => {
      const [{ tenant }, productId] = await Promise.all([createTenant(tenancy), addProduct(tenancy)]);
      return {
        url: `/api/admin/tenants/${tenant.id}/subscriptions`,
        payload: { productId, status: 'active' },
        headers: await asAdmin(),
      };
    },
    createdType: 'SubscriptionStarted',
  }));

  it('refuses anonymous callers with 401 and tenants with 403', async () => {
    const anonymous = await tenancy.app.inject({ method: 'GET', url: '/api/admin/tenants' });
    expect(anonymous.statusCode).toBe(401);
    const tenant = await tenancy.app.inject({
      method: 'POST',
      url: '/api/admin/tenants',
      headers: await asTenant(),
      payload: { name: 'Nope' },
    });
    expect(tenant.statusCode).toBe(403);
  });

  it('creates a tenant with a slug from its name, unique among tenants', async () => {
    const name = newTenantName('Acme Café');
    const first = await createTenant(tenancy, { name });
    const second = await createTenant(tenancy, { name });
    expect(first.tenant).toMatchObject({ name, status: 'active', subscriptionCount: 0, owner: null });
    expect(first.tenant.slug).toMatch(/^acme-cafe-[a-z0-9]+$/);
    expect(second.tenant.slug).toBe(`${first.tenant.slug}-2`);
    const listed = await tenancy.app.inject({
      method: 'GET',
      url: '/api/admin/tenants',
      headers: await asAdmin(),
    });
    expect(listed.json<Tenant[]>().map((tenant) => tenant.id)).toContain(first.tenant.id);
  });

  it('renames, suspends and sets the domain, with If-Match guarding stale copies', async () => {
    const { tenant, etag } = await createTenant(tenancy);
    const renamed = await patchTenant(
      tenancy,
      tenant.id,
      { name: 'Renamed', status: 'suspended' },
      { 'if-match': etag },
    );
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Renamed', status: 'suspended', slug: tenant.slug });
    const stale = await patchTenant(tenancy, tenant.id, { name: 'Again' }, { 'if-match': etag });
    expect(stale.statusCode).toBe(412);

    const put = await tenancy.app.inject({
      method: 'PUT',
      url: `/api/admin/tenants/${tenant.id}`,
      headers: await asAdmin(),
      payload: { name: 'Put name', status: 'active', domainUrl: 'https://put.example.com' },
    });
    expect(put.statusCode).toBe(200);
    const read = await tenancy.app.inject({
      method: 'GET',
      url: `/api/admin/tenants/${tenant.id}`,
      headers: await asAdmin(),
    });
    expect(read.json()).toMatchObject({
      name: 'Put name',
      status: 'active',
      domainUrl: 'https://put.example.com',
    });
    expect(read.headers.etag).toBe(put.headers.etag);
  });

  it('stores provider passwords sealed, reads only flags, and reveals one on record', async () => {
    const { tenant } = await createTenant(tenancy);
    const patched = await patchTenant(tenancy, tenant.id, {
      dnsServerUrl: 'https://dns.example.com',
      dnsServerUsername: 'ops',
      dnsServerPassword: secret,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ dnsServerPasswordSet: true, webHostingPasswordSet: false });

    const reads = await Promise.all([
      tenancy.app.inject({ method: 'GET', url: `/api/admin/tenants/${tenant.id}`, headers: await asAdmin() }),
      tenancy.app.inject({ method: 'GET', url: '/api/admin/tenants', headers: await asAdmin() }),
    ]);
    for (const read of [patched, ...reads]) expect(read.body).not.toContain(secret.trim());
    const { rows } = await tenancy.pool.query('SELECT data::text FROM eventstore.events');
    expect(rows.map((row: { data: string }) => row.data).join('\n')).not.toContain(secret.trim());

    const adminId = '019a0000-0000-7000-8000-0000000000aa';
    const revealed = await tenancy.app.inject({
      method: 'POST',
      url: `/api/admin/tenants/${tenant.id}/credentials/dnsServer/reveal`,
      headers: await asAdmin(adminId),
    });
    expect(revealed.statusCode).toBe(200);
    expect(revealed.headers['cache-control']).toBe('no-store');
    expect(revealed.json()).toMatchObject({ group: 'dnsServer', password: secret });
    const { events } = await tenancy.eventStore.readStream(`tenancy_tenant-${tenant.id}`);
    expect(events.at(-1)).toMatchObject({
      type: 'CredentialRevealed',
      data: { revealedBy: adminId, group: 'dnsServer' },
    });

    const cleared = await patchTenant(tenancy, tenant.id, { dnsServerPassword: '' });
    expect(cleared.json()).toMatchObject({ dnsServerPasswordSet: false, dnsServerUsername: 'ops' });
    const none = await tenancy.app.inject({
      method: 'POST',
      url: `/api/admin/tenants/${tenant.id}/credentials/dnsServer/reveal`,
      headers: await asAdmin(),
    });
    expect(none.statusCode).toBe(404);
  });

  it('answers bad input with a clear 4xx and records nothing', async () => {
    const { tenant } = await createTenant(tenancy);
    const before = await countEvents(tenancy.pool);
    const cases = [
      {
        method: 'POST',
        url: '/api/admin/tenants',
        payload: { name: '  ' },
        message: 'Tenant name is required',
      },
      { method: 'POST', url: '/api/admin/tenants', payload: { name: 'x', extra: 1 } },
      { method: 'PATCH', url: `/api/admin/tenants/${tenant.id}`, payload: {}, message: 'Nothing to update' },
      {
        method: 'PATCH',
        url: `/api/admin/tenants/${tenant.id}`,
        payload: { webHostingUrl: 'javascript:alert(1)' },
        message: 'Web Hosting URL must be an http(s) URL',
      },
      {
        method: 'PATCH',
        url: `/api/admin/tenants/${tenant.id}`,
        payload: { status: 'deleted' },
        message: 'Status must be active or suspended',
      },
      { method: 'PUT', url: `/api/admin/tenants/${tenant.id}`, payload: { name: 'x' } },
      { method: 'PATCH', url: '/api/admin/tenants/not-a-uuid', payload: { name: 'x' } },
      {
        method: 'PATCH',
        url: '/api/admin/tenants/019a0000-0000-7000-8000-0000000fffff',
        payload: { name: 'x' },
        status: 404,
      },
      {
        method: 'POST',
        url: `/api/admin/tenants/${tenant.id}/credentials/ftp/reveal`,
        message: 'Provider group must be one of',
      },
    ] as const;
    for (const badCase of cases) {
      const response = await tenancy.app.inject({
        method: badCase.method,
        url: badCase.url,
        headers: await asAdmin(),
        ...('payload' in badCase ? { payload: badCase.payload } : {}),
      });
      const expected = 'status' in badCase ? badCase.status : 400;
      expect(response.statusCode, `${badCase.method} ${badCase.url} ${response.body}`).toBe(expected);
      if ('message' in badCase) expect(response.body).toContain(badCase.message);
    }
    expect(await countEvents(tenancy.pool)).toBe(before);
  });
});
