import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, parseKeyRing, secretContexts } from '@app/secrets';
import { credentialChanges } from '../../src/application/tenant-credentials.js';
import { evolve, initialState, type TenantState } from '../../src/domain/tenant/tenant.js';
import { newKeyRingText } from '../support/key-rings.js';

const tenantId = '019a0000-0000-7000-8000-0000000000c9';
const oldText = newKeyRingText('old');
const oldRing = parseKeyRing(oldText);
const rotated = parseKeyRing(`${newKeyRingText('new')},${oldText}`);
const context = secretContexts.tenantProviderPassword(tenantId, 'dnsServer');

function tenantWithDnsPassword(sealedUnder = oldRing): TenantState {
  const created = evolve(initialState(), {
    type: 'TenantCreated',
    data: {
      tenantId,
      name: 'T',
      slug: 't',
      ownerId: null,
      status: 'active',
      domainUrl: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
  });
  return evolve(created, {
    type: 'ProviderCredentialsChanged',
    data: {
      tenantId,
      group: 'dnsServer',
      url: null,
      username: null,
      password: encryptSecret(sealedUnder, 'secret-1', context),
      changedAt: '2026-01-01T00:00:00.000Z',
    },
  });
}

describe('credentialChanges', () => {
  it('seals a new password for its tenant and group, under the newest key', () => {
    const changes = credentialChanges(rotated, tenantId, tenantWithDnsPassword(), {
      dnsServerPassword: 'fresh',
    });
    const sealed = changes?.dnsServer?.password;
    expect(sealed).toMatchObject({ keyId: 'new' });
    expect(JSON.stringify(changes)).not.toContain('fresh');
    expect(decryptSecret(rotated, sealed!, context)).toBe('fresh');
  });

  it('reseals a kept password sealed under an older key when its group changes', () => {
    const changes = credentialChanges(rotated, tenantId, tenantWithDnsPassword(), {
      dnsServerUsername: 'ops',
    });
    const sealed = changes?.dnsServer?.password;
    expect(sealed).toMatchObject({ keyId: 'new' });
    expect(decryptSecret(rotated, sealed!, context)).toBe('secret-1');
  });

  it('leaves a kept password under the newest key and untouched groups alone', () => {
    const state = tenantWithDnsPassword(rotated);
    expect(credentialChanges(rotated, tenantId, state, { dnsServerUsername: 'ops' })).toEqual({
      dnsServer: { username: 'ops' },
    });
    expect(credentialChanges(rotated, tenantId, state, { name: 'not a provider field' })).toBeNull();
    expect(credentialChanges(rotated, tenantId, state, { webHostingPassword: null })).toEqual({
      webHosting: { password: null },
    });
  });
});
