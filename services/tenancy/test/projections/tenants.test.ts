import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { viewsSettled } from '@app/test-support/service-harness';
import { rebuildProjection } from '@app/eventing';
import { tenancySchema } from '../../src/config.js';
import { tenantsProjection } from '../../src/projections/tenants.js';
import { categoriesOf } from '@app/service-kit/runtime';
import { service } from '../../src/service.js';
import { startTenancy } from '../support/tenancy-harness.js';
import { addProduct, asAdmin, createTenant, patchTenant, subscribe } from '../support/requests.js';

const ownedCategories = categoriesOf(service);

const tenancy = startedForFile(startTenancy);

const tenantRows = async () => (await tenancy.pool.query('SELECT * FROM tenants ORDER BY id')).rows;

describe('tenants projection', () => {
  it('rebuilds exactly the rows the live projection built, keeping the subscription counters', async () => {
    const { tenant } = await createTenant(tenancy);
    const other = await createTenant(tenancy);
    await patchTenant(tenancy, tenant.id, {
      name: 'Renamed',
      status: 'suspended',
      domainUrl: 'https://a.example',
    });
    await patchTenant(tenancy, other.tenant.id, {
      emailProviderUrl: 'https://mail.example',
      emailProviderPassword: 'x',
    });
    const reveal = await tenancy.app.inject({
      method: 'POST',
      url: `/api/admin/tenants/${other.tenant.id}/credentials/emailProvider/reveal`,
      headers: await asAdmin(),
    });
    expect(reveal.statusCode, reveal.body).toBe(200);
    // The reveal answers without waiting for the view (it changes nothing shown): wait here.
    await viewsSettled(tenancy, ownedCategories);
    // What the subscription projection counted: a rebuild of tenants must keep it.
    await subscribe(tenancy, tenant.id, await addProduct(tenancy), 'trial');
    await subscribe(tenancy, tenant.id, await addProduct(tenancy));
    await viewsSettled(tenancy, ownedCategories);
    const live = await tenantRows();
    expect(live).toHaveLength(2);
    expect(live.find((row: Record<string, unknown>) => row.id === tenant.id)).toMatchObject({
      subscription_count: 2,
      active_subscriptions: 1,
    });
    expect(live.some((row: Record<string, unknown>) => row.email_provider_password_set === true)).toBe(true);

    // One batch of every event (folded in memory), then a batch per event (each a change to an earlier row).
    for (const batchSize of [1_000, 1]) {
      const result = await rebuildProjection({
        eventStore: tenancy.eventStore,
        pool: tenancy.pool,
        schema: tenancySchema,
        categories: ownedCategories,
        projection: tenantsProjection,
        batchSize,
      });
      expect(result.events).toBeGreaterThanOrEqual(6);
      expect(await tenantRows(), `batches of ${batchSize}`).toEqual(live);
    }
  });
});
