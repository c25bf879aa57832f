import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  createSubscriptionBodySchema,
  patchSubscriptionBodySchema,
  patchTenantBodySchema,
  replaceTenantBodySchema,
  tenancyIntegrationEventSchema,
  tenantSchema,
} from '../src/index.js';

const productId = '0196f2a0-0000-7000-8000-0000000000e1';
const tenantId = '0196f2a0-0000-7000-8000-0000000000a1';
const subscriptionId = '0196f2a0-0000-7000-8000-0000000000d1';
const at = '2026-11-21T10:00:00.000Z';
const sealed = { keyId: 'k2026a', iv: 'A'.repeat(16), ciphertext: 'abc_-', tag: 'B'.repeat(22) };

function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('tenant requests', () => {
  it('turns empty strings into null (clear) and keeps absent fields absent (keep)', () => {
    const parsed = patchTenantBodySchema.parse({
      dnsServerUrl: '',
      dnsServerPassword: '',
      webHostingUsername: ' ops ',
    });
    expect(parsed).toEqual({ dnsServerUrl: null, dnsServerPassword: null, webHostingUsername: 'ops' });
  });

  it('accepts only http(s) URLs', () => {
    expect(firstMessage(patchTenantBodySchema, { domainRegistrarUrl: 'javascript:alert(1)' })).toBe(
      'Domain Registrar URL must be an http(s) URL',
    );
    expect(firstMessage(patchTenantBodySchema, { domainUrl: 'ftp://acme.example' })).toBe(
      'Domain URL must be an http(s) URL',
    );
    expect(
      firstMessage(patchTenantBodySchema, { emailProviderUrl: 'https://mail.example/x' }),
    ).toBeUndefined();
  });

  it('keeps passwords as typed, needs a field, a name and a known status, and no unknown fields', () => {
    expect(patchTenantBodySchema.parse({ webHostingPassword: ' p w ' })).toEqual({
      webHostingPassword: ' p w ',
    });
    expect(firstMessage(patchTenantBodySchema, {})).toBe('Nothing to update: send at least one field');
    expect(firstMessage(patchTenantBodySchema, { name: '  ' })).toBe('Tenant name is required');
    expect(firstMessage(patchTenantBodySchema, { status: 'closed' })).toBe(
      'Status must be active or suspended',
    );
    expect(patchTenantBodySchema.safeParse({ name: 'Acme', slug: 'acme' }).success).toBe(false);
  });

  it('replaces the tenant information whole, with no domain unless given', () => {
    expect(replaceTenantBodySchema.parse({ name: 'Acme', status: 'active' })).toEqual({
      name: 'Acme',
      status: 'active',
      domainUrl: null,
    });
    expect(firstMessage(replaceTenantBodySchema, { name: 'Acme' })).toBe(
      'Status must be active or suspended',
    );
  });
});

describe('subscription requests', () => {
  it('defaults to professional and active, and offers only the add dialog statuses', () => {
    expect(createSubscriptionBodySchema.parse({ productId })).toEqual({
      productId,
      plan: 'professional',
      status: 'active',
    });
    expect(firstMessage(createSubscriptionBodySchema, {})).toBe('Select a product');
    expect(firstMessage(createSubscriptionBodySchema, { productId, status: 'cancelled' })).toBe(
      'Status must be active, trial or suspended',
    );
    expect(firstMessage(createSubscriptionBodySchema, { productId, plan: 'gold' })).toBe(
      'Plan must be basic, professional or enterprise',
    );
  });

  it('takes status alone or the endpoint fields, never both', () => {
    expect(patchSubscriptionBodySchema.parse({ status: 'cancelled' })).toEqual({ status: 'cancelled' });
    expect(
      patchSubscriptionBodySchema.parse({ domainUrl: 'https://acme.example', metricsApiKey: '' }),
    ).toEqual({
      domainUrl: 'https://acme.example',
      metricsApiKey: null,
    });
    expect(
      patchSubscriptionBodySchema.safeParse({ status: 'active', domainUrl: 'https://a.example' }).success,
    ).toBe(false);
    expect(patchSubscriptionBodySchema.safeParse({}).success).toBe(false);
    expect(patchSubscriptionBodySchema.safeParse({ domainUrl: 'javascript:x' }).success).toBe(false);
  });
});

describe('tenancy responses and published events never carry a secret', () => {
  it('a tenant read says only whether a password is set', () => {
    expect(Object.keys(tenantSchema.shape).filter((key) => /password/i.test(key))).toEqual([
      'domainRegistrarPasswordSet',
      'dnsServerPasswordSet',
      'emailProviderPasswordSet',
      'webHostingPasswordSet',
    ]);
  });

  it('the published endpoint event refuses a key and carries only whether one is configured', () => {
    const envelope = {
      id: subscriptionId,
      type: 'tenancy.subscription.endpoint-configured.v1',
      occurredAt: at,
      data: {
        subscriptionId,
        tenantId,
        productId,
        domainUrl: null,
        metricsApiKeyConfigured: true,
        configuredAt: at,
      },
    };
    expect(tenancyIntegrationEventSchema.safeParse(envelope).success).toBe(true);
    expect(
      tenancyIntegrationEventSchema.safeParse({
        ...envelope,
        data: { ...envelope.data, metricsApiKey: sealed },
      }).success,
    ).toBe(false);
  });
});
