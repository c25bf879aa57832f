import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { tenancyIntegrationEventSchema } from '@app/contracts';
import { toIntegrationEvent } from '../../src/integration/published-events.js';
import { startTenancy } from '../support/tenancy-harness.js';
import { asAdmin, createTenant, patchTenant } from '../support/requests.js';

const tenancy = startedForFile(startTenancy);

const password = 'never-on-the-wire-4242';

describe('published tenant events', () => {
  it('publish tenant facts in the contract, and never a credential', async () => {
    const { tenant } = await createTenant(tenancy);
    await patchTenant(tenancy, tenant.id, {
      name: 'Published',
      webHostingPassword: password,
      webHostingUsername: 'u',
    });
    await tenancy.app.inject({
      method: 'POST',
      url: `/api/admin/tenants/${tenant.id}/credentials/webHosting/reveal`,
      headers: await asAdmin(),
    });
    const { events } = await tenancy.eventStore.readStream(`tenancy_tenant-${tenant.id}`);
    const published = events.map((event) => toIntegrationEvent(event)).filter((event) => event !== null);
    expect(published.map((event) => event.type)).toEqual([
      'tenancy.tenant.created.v1',
      'tenancy.tenant.updated.v1',
    ]);
    for (const envelope of published)
      expect(tenancyIntegrationEventSchema.safeParse(envelope).success).toBe(true);
    const text = JSON.stringify(published);
    expect(text).not.toContain(password);
    expect(text).not.toContain('ciphertext');
    expect(text).not.toContain('"u"');
  });
});
