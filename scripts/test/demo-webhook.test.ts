import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { identityHeaders, testIdentitySecret } from '@app/service-kit/testing';
import { ensureDemoWebhook, type DemoWebhookOptions } from '../launcher/demo-webhook.js';
import {
  copyTenant,
  startWebhookHarness,
} from '../../services/notifications/test/support/webhook-harness.js';

/**
 * npm start's registration of the demo tenant's endpoint (launcher/demo-webhook.ts) against a listening
 * notifications: once, whatever the restarts, the secret kept where the demo app reads it.
 */
const notifications = await startWebhookHarness();
await notifications.app.listen({ port: 0, host: '127.0.0.1' });
const address = notifications.app.server.address();
if (address === null || typeof address === 'string') throw new Error('notifications is not listening');
const notificationsUrl = `http://127.0.0.1:${address.port}`;
const dataDir = await mkdtemp(join(tmpdir(), 'demo-webhook-'));
afterAll(async () => {
  await notifications.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function aDemoTenant(copied = true): Promise<DemoWebhookOptions> {
  const tenantId = randomUUID();
  const ownerId = randomUUID();
  if (copied) await copyTenant(notifications.pool, tenantId, ownerId);
  return {
    notificationsUrl,
    internalSecret: testIdentitySecret,
    owner: { userId: ownerId, email: `owner-${ownerId}@example.test` },
    tenantId,
    endpointUrl: 'http://127.0.0.1:4100/webhooks',
    file: join(dataDir, `${tenantId}.json`),
    waitMs: 5_000,
  };
}

async function endpointsOf(tenantId: string) {
  const response = await notifications.app.inject({
    method: 'GET',
    url: `/api/admin/tenants/${tenantId}/webhooks/endpoints`,
    headers: await identityHeaders('admin'),
  });
  return response.json<{
    endpoints: Array<{ id: string; url: string; eventTypes: string[]; status: string }>;
  }>().endpoints;
}

const saved = async (file: string) =>
  JSON.parse(await readFile(file, 'utf8')) as { endpointId: string; secret: string };

describe('the demo tenant’s webhook endpoint, as npm start registers it', () => {
  it('is registered once for every offered event type, and kept as it is on the next start', async () => {
    const options = await aDemoTenant();
    expect(await ensureDemoWebhook(options)).toBe('registered');
    const [endpoint, ...others] = await endpointsOf(options.tenantId);
    expect(others).toEqual([]);
    expect(endpoint).toMatchObject({ url: options.endpointUrl, status: 'enabled' });
    expect(endpoint?.eventTypes).toEqual(
      expect.arrayContaining(['billing.invoice.paid.v1', 'tenancy.subscription.started.v1']),
    );
    const first = await saved(options.file);
    expect(first).toEqual({ endpointId: endpoint?.id, secret: expect.stringMatching(/^whsec_/) });

    expect(await ensureDemoWebhook(options)).toBe('kept');
    expect(await endpointsOf(options.tenantId)).toHaveLength(1);
    expect(await saved(options.file)).toEqual(first);
  });

  it('rotates the secret of the endpoint it finds when the file with its secret was lost', async () => {
    const options = await aDemoTenant();
    await ensureDemoWebhook(options);
    const first = await saved(options.file);
    await rm(options.file);

    expect(await ensureDemoWebhook(options)).toBe('rotated');
    const [endpoint, ...others] = await endpointsOf(options.tenantId);
    expect(others).toEqual([]);
    const rotated = await saved(options.file);
    expect(rotated.endpointId).toBe(endpoint?.id);
    expect(rotated.endpointId).toBe(first.endpointId);
    expect(rotated.secret).not.toBe(first.secret);
  });

  it('waits for notifications’ copy of the tenant, which comes from tenancy’s events', async () => {
    const options = await aDemoTenant(false);
    const registering = ensureDemoWebhook(options);
    setTimeout(() => void copyTenant(notifications.pool, options.tenantId, options.owner.userId), 700);
    expect(await registering).toBe('registered');
    expect(await endpointsOf(options.tenantId)).toHaveLength(1);
  });
});
