import { describe, expect, it } from 'vitest';
import { subscriptionEventSchema } from '../../src/domain/subscription/events.js';
import { tenantEventSchema } from '../../src/domain/tenant/events.js';

const productId = '0196f2a0-0000-7000-8000-0000000000e1';
const tenantId = '0196f2a0-0000-7000-8000-0000000000a1';
const subscriptionId = '0196f2a0-0000-7000-8000-0000000000d1';
const at = '2026-11-21T10:00:00.000Z';
const sealed = { keyId: 'k2026a', iv: 'A'.repeat(16), ciphertext: 'abc_-', tag: 'B'.repeat(22) };

describe("tenancy's stored events never hold a secret in clear", () => {
  it('take passwords and keys only sealed', () => {
    const credentials = {
      type: 'ProviderCredentialsChanged',
      data: { tenantId, group: 'dnsServer', url: null, username: null, password: sealed, changedAt: at },
    };
    expect(tenantEventSchema.safeParse(credentials).success).toBe(true);
    expect(
      tenantEventSchema.safeParse({ ...credentials, data: { ...credentials.data, password: 'hunter2' } })
        .success,
    ).toBe(false);
    const endpoint = {
      type: 'SubscriptionEndpointConfigured',
      data: { subscriptionId, tenantId, productId, domainUrl: null, metricsApiKey: sealed, configuredAt: at },
    };
    expect(subscriptionEventSchema.safeParse(endpoint).success).toBe(true);
    expect(
      subscriptionEventSchema.safeParse({ ...endpoint, data: { ...endpoint.data, metricsApiKey: 'key' } })
        .success,
    ).toBe(false);
  });
});
