import { afterAll, describe, expect, it } from 'vitest';
import { identityHeaders } from '@app/service-kit/testing';
import { copyTenant, startWebhookHarness } from '../support/webhook-harness.js';
import { webhookEventTypes } from '../../src/webhooks/domain/event-types.js';

const harness = await startWebhookHarness();
afterAll(() => harness.close());

const ownerId = crypto.randomUUID();
const tenantId = crypto.randomUUID();
const otherTenantId = crypto.randomUUID();
await copyTenant(harness.pool, tenantId, ownerId);
await copyTenant(harness.pool, otherTenantId, crypto.randomUUID());

const owner = await identityHeaders('tenant', undefined, { userId: ownerId });
const admin = await identityHeaders('admin');
const ownerBase = (tenant: string) => `/api/tenant-webhooks/${tenant}/endpoints`;
const adminBase = (tenant: string) => `/api/admin/tenants/${tenant}/webhooks/endpoints`;
const paid = 'billing.invoice.paid.v1';
const overdue = 'billing.invoice.overdue.v1';

type Headers = Record<string, string>;
function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) {
  return harness.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

async function register(base: string, headers: Headers, eventTypes = [paid]) {
  const response = await call('POST', base, headers, { url: 'https://hooks.example.com/in', eventTypes });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; secret: string; status: string }>();
}

describe("a tenant's owner", () => {
  it('registers an endpoint and is shown its signing secret once', async () => {
    const response = await call('POST', ownerBase(tenantId), owner, {
      url: 'https://hooks.example.com/in',
      eventTypes: [paid, overdue],
    });

    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<{ id: string; secret: string }>();
    expect(created).toMatchObject({
      tenantId,
      url: 'https://hooks.example.com/in',
      eventTypes: [paid, overdue],
      status: 'enabled',
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(response.headers.location).toBe(`${ownerBase(tenantId)}/${created.id}`);
    expect(response.headers['cache-control']).toBe('no-store');

    const list = await call('GET', ownerBase(tenantId), owner);
    expect(list.statusCode).toBe(200);
    expect(list.json().endpoints).toContainEqual(
      expect.objectContaining({ id: created.id, status: 'enabled' }),
    );
    expect(list.body).not.toContain(created.secret);
  });

  it('changes its event types, disables and enables it, and rotates its secret', async () => {
    const { id, secret } = await register(ownerBase(tenantId), owner);
    const endpoint = `${ownerBase(tenantId)}/${id}`;

    const changed = await call('PUT', `${endpoint}/event-types`, owner, { eventTypes: [overdue] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ eventTypes: [overdue] });
    expect(changed.headers.etag).toBe('"1"');

    expect((await call('POST', `${endpoint}/disable`, owner)).json()).toMatchObject({ status: 'disabled' });
    expect((await call('POST', `${endpoint}/enable`, owner)).json()).toMatchObject({ status: 'enabled' });

    const rotated = await call('POST', `${endpoint}/rotate-secret`, owner);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const newSecret = rotated.json<{ secret: string }>().secret;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
  });

  it('deletes an endpoint: gone from the list, its log with it, and a second delete is 404', async () => {
    const { id } = await register(ownerBase(tenantId), owner);
    const endpoint = `${ownerBase(tenantId)}/${id}`;

    const deleted = await call('DELETE', endpoint, owner);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const list = await call('GET', ownerBase(tenantId), owner);
    expect(list.json<{ endpoints: { id: string }[] }>().endpoints.map((listed) => listed.id)).not.toContain(
      id,
    );
    expect((await call('GET', `${endpoint}/deliveries`, owner)).statusCode).toBe(404);
    const again = await call('DELETE', endpoint, owner);
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('Webhook endpoint not found');
  });

  it('is refused an event type that is not offered, and a URL that is not http(s)', async () => {
    const unknown = await call('POST', ownerBase(tenantId), owner, {
      url: 'https://hooks.example.com/in',
      eventTypes: ['identity.user.created.v1'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Unknown event type: identity.user.created.v1');

    const ftp = await call('POST', ownerBase(tenantId), owner, {
      url: 'ftp://hooks.example.com/in',
      eventTypes: [paid],
    });
    expect(ftp.statusCode).toBe(400);
    expect(ftp.body).toContain('Must be an http:// or https:// URL');
  });

  it("neither sees nor changes another tenant's endpoints: 404", async () => {
    const theirs = await register(adminBase(otherTenantId), admin);

    expect((await call('GET', ownerBase(otherTenantId), owner)).statusCode).toBe(404);
    const registering = await call('POST', ownerBase(otherTenantId), owner, {
      url: 'https://hooks.example.com/in',
      eventTypes: [paid],
    });
    expect(registering.statusCode).toBe(404);
    // Through their own tenant's path, the other tenant's endpoint is as absent as one never registered.
    const disabling = await call('POST', `${ownerBase(tenantId)}/${theirs.id}/disable`, owner);
    expect(disabling.statusCode).toBe(404);
    expect(disabling.body).toContain('Webhook endpoint not found');
    expect((await call('DELETE', `${ownerBase(otherTenantId)}/${theirs.id}`, owner)).statusCode).toBe(404);
    expect((await call('DELETE', `${ownerBase(tenantId)}/${theirs.id}`, owner)).statusCode).toBe(404);
    const adminView = await call('GET', adminBase(otherTenantId), admin);
    expect(adminView.json().endpoints).toEqual([
      expect.objectContaining({ id: theirs.id, status: 'enabled' }),
    ]);
  });

  it('lists the tenants they own, and only those', async () => {
    const listed = await call('GET', '/api/tenant-webhooks/tenants', owner);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual({ tenants: [{ id: tenantId, name: `Tenant ${tenantId.slice(0, 8)}` }] });
    const stranger = await identityHeaders('tenant', undefined, { userId: crypto.randomUUID() });
    expect((await call('GET', '/api/tenant-webhooks/tenants', stranger)).json()).toEqual({ tenants: [] });
  });

  it('cannot use the admin routes', async () => {
    expect((await call('GET', adminBase(tenantId), owner)).statusCode).toBe(403);
  });
});

describe('an admin', () => {
  it("lists and changes any tenant's endpoints, and gets 404 for a tenant not known", async () => {
    const { id } = await register(adminBase(tenantId), admin);
    const disabled = await call('POST', `${adminBase(tenantId)}/${id}/disable`, admin);
    expect(disabled.json()).toMatchObject({ status: 'disabled' });
    const ownersView = await call('GET', ownerBase(tenantId), owner);
    expect(ownersView.json().endpoints).toContainEqual(expect.objectContaining({ id, status: 'disabled' }));

    expect((await call('GET', adminBase(crypto.randomUUID()), admin)).statusCode).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it('documents the deliveries as webhooks, one per event type an endpoint may subscribe to', async () => {
    const document = (await harness.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      openapi: string;
      webhooks?: Record<string, unknown>;
    }>();
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(document.webhooks ?? {}).sort()).toEqual([...webhookEventTypes].sort());
  });
});
