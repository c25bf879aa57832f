import { describe, expect, it } from 'vitest';
import { IllegalStateError, NotFoundError } from '@app/domain';
import { specification } from '@app/domain/testing';
import type { SealedSecret } from '@app/secrets/sealed-secret';
import type { TenantEvent } from '../../src/domain/tenant/events.js';
import { tenantDecider } from '../../src/domain/tenant/decide.js';

const spec = specification(tenantDecider);
const tenantId = '0196f2a0-0000-7000-8000-0000000000a1';
const ownerId = '0196f2a0-0000-7000-8000-0000000000b1';
const adminId = '0196f2a0-0000-7000-8000-0000000000c1';
const now = '2026-11-21T10:00:00.000Z';
const later = '2026-11-21T11:00:00.000Z';
const metadata = { now: later };

/** Stand-ins for values @app/secrets sealed before the command was made: the decider only compares them. */
const sealed = (n: number): SealedSecret => ({
  keyId: 'k2026a',
  iv: `iv${n}`.padEnd(16, 'A'),
  ciphertext: `c${n}`,
  tag: `t${n}`.padEnd(22, 'A'),
});

const created: TenantEvent = {
  type: 'TenantCreated',
  data: { tenantId, name: 'Acme', slug: 'acme', ownerId, status: 'active', domainUrl: null, createdAt: now },
};
const registrarSet: TenantEvent = {
  type: 'ProviderCredentialsChanged',
  data: {
    tenantId,
    group: 'domainRegistrar',
    url: 'https://registrar.example',
    username: 'acme',
    password: sealed(1),
    changedAt: now,
  },
};

describe('tenant decider', () => {
  it('creates an active tenant with its owner, and no domain unless given', () => {
    const result = spec.given([]).when({
      type: 'CreateTenant',
      data: { tenantId, name: 'Acme', slug: 'acme', ownerId },
      metadata: { now },
    });
    expect(result.events).toEqual([created]);
  });

  it('refuses to create the same tenant twice', () => {
    const result = spec.given([created]).when({
      type: 'CreateTenant',
      data: { tenantId, name: 'Acme', slug: 'acme', ownerId },
      metadata: { now },
    });
    expect(result.error).toBeInstanceOf(IllegalStateError);
  });

  it('renames, changes status and domain, deciding nothing when the value is unchanged', () => {
    const rename = spec
      .given([created])
      .when({ type: 'RenameTenant', data: { tenantId, name: 'Acme Ltd' }, metadata });
    expect(rename.events).toEqual([
      { type: 'TenantRenamed', data: { tenantId, name: 'Acme Ltd', renamedAt: later } },
    ]);
    const sameName = spec
      .given([created])
      .when({ type: 'RenameTenant', data: { tenantId, name: 'Acme' }, metadata });
    expect(sameName.events).toEqual([]);

    const suspend = spec
      .given([created])
      .when({ type: 'ChangeTenantStatus', data: { tenantId, status: 'suspended' }, metadata });
    expect(suspend.events).toEqual([
      { type: 'TenantStatusChanged', data: { tenantId, status: 'suspended', changedAt: later } },
    ]);
    const stillActive = spec
      .given([created])
      .when({ type: 'ChangeTenantStatus', data: { tenantId, status: 'active' }, metadata });
    expect(stillActive.events).toEqual([]);

    const domain = spec
      .given([created])
      .when({ type: 'ChangeTenantDomain', data: { tenantId, domainUrl: 'https://acme.example' }, metadata });
    expect(domain.events).toEqual([
      {
        type: 'TenantDomainChanged',
        data: { tenantId, domainUrl: 'https://acme.example', changedAt: later },
      },
    ]);
    const noDomain = spec
      .given([created])
      .when({ type: 'ChangeTenantDomain', data: { tenantId, domainUrl: null }, metadata });
    expect(noDomain.events).toEqual([]);
  });

  it('records each changed provider group whole, keeping the fields not sent', () => {
    const result = spec.given([created, registrarSet]).when({
      type: 'ChangeProviderCredentials',
      data: {
        tenantId,
        changes: { domainRegistrar: { username: 'acme-admin' }, webHosting: { url: 'https://host.example' } },
      },
      metadata,
    });
    expect(result.events).toEqual([
      {
        type: 'ProviderCredentialsChanged',
        data: { ...registrarSet.data, username: 'acme-admin', changedAt: later },
      },
      {
        type: 'ProviderCredentialsChanged',
        data: {
          tenantId,
          group: 'webHosting',
          url: 'https://host.example',
          username: null,
          password: null,
          changedAt: later,
        },
      },
    ]);
  });

  it('clears a field given null, replaces a password with a new seal, and skips unchanged groups', () => {
    const cleared = spec.given([created, registrarSet]).when({
      type: 'ChangeProviderCredentials',
      data: { tenantId, changes: { domainRegistrar: { password: null, url: null } } },
      metadata,
    });
    expect(cleared.events).toEqual([
      {
        type: 'ProviderCredentialsChanged',
        data: { ...registrarSet.data, url: null, password: null, changedAt: later },
      },
    ]);

    const resealed = spec.given([created, registrarSet]).when({
      type: 'ChangeProviderCredentials',
      data: { tenantId, changes: { domainRegistrar: { password: sealed(2) } } },
      metadata,
    });
    expect(resealed.events).toEqual([
      {
        type: 'ProviderCredentialsChanged',
        data: { ...registrarSet.data, password: sealed(2), changedAt: later },
      },
    ]);

    const unchanged = spec.given([created, registrarSet]).when({
      type: 'ChangeProviderCredentials',
      data: {
        tenantId,
        changes: {
          domainRegistrar: { url: 'https://registrar.example', password: sealed(1) },
          dnsServer: {},
        },
      },
      metadata,
    });
    expect(unchanged.events).toEqual([]);
  });

  it('audits a reveal of a set password, and refuses one for a group without a password', () => {
    const reveal = spec.given([created, registrarSet]).when({
      type: 'RecordCredentialReveal',
      data: { tenantId, group: 'domainRegistrar', revealedBy: adminId },
      metadata,
    });
    expect(reveal.events).toEqual([
      {
        type: 'CredentialRevealed',
        data: { tenantId, group: 'domainRegistrar', revealedBy: adminId, revealedAt: later },
      },
    ]);

    const none = spec.given([created, registrarSet]).when({
      type: 'RecordCredentialReveal',
      data: { tenantId, group: 'dnsServer', revealedBy: adminId },
      metadata,
    });
    expect(none.error).toBeInstanceOf(NotFoundError);
    expect((none.error as Error).message).toBe('No DNS Server password is set for this tenant');
  });

  it('refuses a reveal once the password was cleared', () => {
    const clearedEvent: TenantEvent = {
      type: 'ProviderCredentialsChanged',
      data: { ...registrarSet.data, password: null, changedAt: later },
    };
    const result = spec.given([created, registrarSet, clearedEvent]).when({
      type: 'RecordCredentialReveal',
      data: { tenantId, group: 'domainRegistrar', revealedBy: adminId },
      metadata,
    });
    expect((result.error as Error).message).toBe('No Domain Registrar password is set for this tenant');
  });

  it('treats every command on a missing tenant as not found', () => {
    const commands = [
      { type: 'RenameTenant', data: { tenantId, name: 'X' }, metadata },
      { type: 'ChangeTenantStatus', data: { tenantId, status: 'suspended' }, metadata },
      { type: 'ChangeTenantDomain', data: { tenantId, domainUrl: null }, metadata },
      { type: 'ChangeProviderCredentials', data: { tenantId, changes: {} }, metadata },
      {
        type: 'RecordCredentialReveal',
        data: { tenantId, group: 'webHosting', revealedBy: adminId },
        metadata,
      },
    ] as const;
    for (const command of commands) {
      const result = spec.given([]).when(command);
      expect(result.error).toBeInstanceOf(NotFoundError);
      expect((result.error as Error).message).toBe('Tenant not found');
    }
  });
});
