import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { tenancyStream } from '@app/contracts';
import { eventually } from '@app/test-support/eventually';
import { withConsumers } from '@app/test-support/nats';
import { startedForFile } from '@app/test-support/started-for-file';
import { startMonitoringConsumers } from '../../src/integration/start-monitoring-consumers.js';
import { findWatchedTargets } from '../../src/store/watched-targets.js';
import { silentLogger, startMonitoringStorage } from '../support/monitoring-harness.js';

const storage = startedForFile(async () => {
  const started = await startMonitoringStorage();
  return withConsumers(started, [tenancyStream], (nats) =>
    startMonitoringConsumers({
      nats: nats.nc,
      pool: started.pool,
      natsPrefix: nats.prefix,
      logger: silentLogger,
    }),
  );
});

describe("tenancy's messages", () => {
  it('keep which subscriptions have an app to watch, and tenant names', async () => {
    const [tenantId, productId, subscriptionId] = [randomUUID(), randomUUID(), randomUUID()];
    const at = new Date().toISOString();
    const ids = { subscriptionId, tenantId, productId };
    await storage.nats.publish('tenancy.tenant.created.v1', {
      tenantId,
      name: 'Acme',
      slug: 'acme',
      ownerId: null,
      status: 'active',
      domainUrl: null,
      createdAt: at,
    });
    await storage.nats.publish('tenancy.subscription.started.v1', {
      ...ids,
      plan: 'basic',
      status: 'trial',
      amountCents: 4_900,
      startedAt: at,
    });
    const configured = randomUUID();
    const endpoint = {
      ...ids,
      domainUrl: 'https://acme.example',
      metricsApiKeyConfigured: true,
      configuredAt: at,
    };
    await storage.nats.publish('tenancy.subscription.endpoint-configured.v1', endpoint, { id: configured });
    // A redelivered message changes nothing.
    await storage.nats.publish('tenancy.subscription.endpoint-configured.v1', endpoint, { id: configured });
    await storage.nats.publish('tenancy.tenant.updated.v1', {
      tenantId,
      name: 'Acme Builders',
      changedAt: at,
    });

    const watched = await eventually(
      () => findWatchedTargets(storage.pool, tenantId),
      (targets) => targets.length === 1,
    );
    expect(watched).toEqual([{ subscriptionId, tenantId, domainUrl: 'https://acme.example' }]);
    const name = await eventually(
      async () =>
        (await storage.pool.query('SELECT name FROM tenants WHERE tenant_id = $1', [tenantId])).rows[0]?.name,
      (value) => value === 'Acme Builders',
    );
    expect(name).toBe('Acme Builders');

    await storage.nats.publish('tenancy.subscription.status-changed.v1', {
      ...ids,
      previousStatus: 'trial',
      status: 'cancelled',
      changedAt: at,
    });
    const afterCancel = await eventually(
      () => findWatchedTargets(storage.pool, tenantId),
      (targets) => targets.length === 0,
    );
    expect(afterCancel).toEqual([]);
    const { rows } = await storage.pool.query(
      'SELECT status, metrics_api_key_configured FROM watched_subscriptions WHERE subscription_id = $1',
      [subscriptionId],
    );
    expect(rows).toEqual([{ status: 'cancelled', metrics_api_key_configured: true }]);
  });

  it('drop an app whose domain URL is cleared', async () => {
    const [tenantId, productId, subscriptionId] = [randomUUID(), randomUUID(), randomUUID()];
    const at = new Date().toISOString();
    const ids = { subscriptionId, tenantId, productId };
    await storage.nats.publish('tenancy.subscription.started.v1', {
      ...ids,
      plan: 'basic',
      status: 'active',
      amountCents: 0,
      startedAt: at,
    });
    await storage.nats.publish('tenancy.subscription.endpoint-configured.v1', {
      ...ids,
      domainUrl: 'https://x.example',
      metricsApiKeyConfigured: false,
      configuredAt: at,
    });
    await eventually(
      () => findWatchedTargets(storage.pool, tenantId),
      (targets) => targets.length === 1,
    );
    await storage.nats.publish('tenancy.subscription.endpoint-configured.v1', {
      ...ids,
      domainUrl: null,
      metricsApiKeyConfigured: false,
      configuredAt: at,
    });
    const targets = await eventually(
      () => findWatchedTargets(storage.pool, tenantId),
      (list) => list.length === 0,
    );
    expect(targets).toEqual([]);
  });
});
