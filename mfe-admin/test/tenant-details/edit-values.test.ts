import { describe, expect, it } from 'vitest';
import { providerFormValues, providerPatchBody } from '../../src/screens/tenant-details/provider-fields.js';
import {
  subscriptionEditBody,
  subscriptionProductName,
} from '../../src/screens/tenant-details/subscription-edit.js';
import { ownerLabel, tenantHeading } from '../../src/screens/tenant-details/tenant-names.js';
import { aSubscription, aTenant, aUser } from '../support/fixtures.js';

describe('tenant details derivations', () => {
  it('names the tenant, or Unknown Tenant', () => {
    expect(tenantHeading({ name: 'Acme' })).toBe('Acme');
    expect(tenantHeading({ name: '  ' })).toBe('Unknown Tenant');
  });

  it('labels the owner: none, loading, read, or as last known when the read fails', () => {
    const ownerId = crypto.randomUUID();
    const owner = { name: 'Riley Stone', email: 'riley@example.com' };
    expect(ownerLabel({ ownerId: null, owner: null }, { data: undefined, isError: false })).toBe('No owner');
    expect(ownerLabel({ ownerId, owner }, { data: undefined, isError: false })).toBe('Loading...');
    expect(
      ownerLabel({ ownerId, owner }, { data: aUser({ firstName: 'Sam', lastName: null }), isError: false }),
    ).toBe('Sam');
    expect(ownerLabel({ ownerId, owner }, { data: undefined, isError: true })).toBe('Riley Stone');
    expect(
      ownerLabel(
        { ownerId, owner: { name: null, email: 'x@example.com' } },
        { data: undefined, isError: true },
      ),
    ).toBe('x@example.com');
  });

  it('sends the trimmed domain URL, and the key only when typed (untrimmed) or removed', () => {
    expect(
      subscriptionEditBody({
        domainUrl: ' https://a.example.com ',
        metricsApiKey: { value: '', clear: false },
      }),
    ).toEqual({ domainUrl: 'https://a.example.com' });
    expect(subscriptionEditBody({ domainUrl: '', metricsApiKey: { value: ' key ', clear: false } })).toEqual({
      domainUrl: '',
      metricsApiKey: ' key ',
    });
    expect(subscriptionEditBody({ domainUrl: '', metricsApiKey: { value: '', clear: true } })).toEqual({
      domainUrl: '',
      metricsApiKey: '',
    });
  });

  it('names a subscription by its product, its recorded name, or Unknown Product', () => {
    const tenant = aTenant();
    expect(subscriptionProductName(aSubscription(tenant))).toBe('Risk Scoring');
    expect(
      subscriptionProductName(
        aSubscription(tenant, { product: { name: '', basePrice: 1, color: '' }, productName: 'Legacy' }),
      ),
    ).toBe('Legacy');
    expect(
      subscriptionProductName(
        aSubscription(tenant, { product: { name: '', basePrice: 1, color: '' }, productName: '' }),
      ),
    ).toBe('Unknown Product');
  });

  it('round-trips the provider form: untouched values send back what was stored, passwords stay out', () => {
    const tenant = aTenant({
      webHostingUrl: 'https://host.example.com',
      webHostingUsername: 'admin',
      webHostingPasswordSet: true,
    });
    expect(providerPatchBody(providerFormValues(tenant))).toEqual({
      domainRegistrarUrl: '',
      domainRegistrarUsername: '',
      dnsServerUrl: '',
      dnsServerUsername: '',
      emailProviderUrl: '',
      emailProviderUsername: '',
      webHostingUrl: 'https://host.example.com',
      webHostingUsername: 'admin',
    });
  });
});
