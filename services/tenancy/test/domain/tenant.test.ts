import { describe, it } from 'vitest';
import { IllegalStateError, NotFoundError } from '@app/domain';
import { specification } from '@app/domain/testing';
import type { TenantEvent } from '../../src/domain/tenant/events.js';
import type { ChangeProviderCredentials, TenantCommand } from '../../src/domain/tenant/commands.js';
import { tenantDecider, tenantNotFound } from '../../src/domain/tenant/decide.js';
import { sealed } from './sealed.js';

const { given } = specification(tenantDecider);
const tenantId = '0196f2a0-0000-7000-8000-0000000000a1';
const ownerId = '0196f2a0-0000-7000-8000-0000000000b1';
const adminId = '0196f2a0-0000-7000-8000-0000000000c1';
const now = '2026-11-21T10:00:00.000Z';
const later = '2026-11-21T11:00:00.000Z';
const metadata = { now: later };

const create = {
  type: 'CreateTenant',
  data: { tenantId, name: 'Acme', slug: 'acme', ownerId },
  metadata: { now },
} as const;
const changeCredentials = (
  changes: ChangeProviderCredentials['data']['changes'],
): ChangeProviderCredentials => ({
  type: 'ChangeProviderCredentials',
  data: { tenantId, changes },
  metadata,
});
const reveal = (group: 'domainRegistrar' | 'dnsServer') =>
  ({ type: 'RecordCredentialReveal', data: { tenantId, group, revealedBy: adminId }, metadata }) as const;

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

describe('no tenant', () => {
  it('creates an active tenant with its owner, and no domain unless given', () => {
    given([]).when(create).then([created]);
  });

  const commands: TenantCommand[] = [
    { type: 'RenameTenant', data: { tenantId, name: 'X' }, metadata },
    { type: 'ChangeTenantStatus', data: { tenantId, status: 'suspended' }, metadata },
    { type: 'ChangeTenantDomain', data: { tenantId, domainUrl: null }, metadata },
    { type: 'ChangeProviderCredentials', data: { tenantId, changes: {} }, metadata },
    {
      type: 'RecordCredentialReveal',
      data: { tenantId, group: 'webHosting', revealedBy: adminId },
      metadata,
    },
  ];
  it.each(commands.map((command) => [command.type, command] as const))(
    'treats %s as not found',
    (_, command) => {
      given([]).when(command).thenThrows(new NotFoundError(tenantNotFound));
    },
  );
});

describe('a tenant', () => {
  it('refuses to create the same tenant twice', () => {
    given([created]).when(create).thenThrows(IllegalStateError);
  });

  it('is renamed', () => {
    given([created])
      .when({ type: 'RenameTenant', data: { tenantId, name: 'Acme Ltd' }, metadata })
      .then([{ type: 'TenantRenamed', data: { tenantId, name: 'Acme Ltd', renamedAt: later } }]);
  });

  it('decides nothing for the name it already has', () => {
    given([created])
      .when({ type: 'RenameTenant', data: { tenantId, name: 'Acme' }, metadata })
      .then([]);
  });

  it('changes status', () => {
    given([created])
      .when({ type: 'ChangeTenantStatus', data: { tenantId, status: 'suspended' }, metadata })
      .then([{ type: 'TenantStatusChanged', data: { tenantId, status: 'suspended', changedAt: later } }]);
  });

  it('decides nothing for the status it already has', () => {
    given([created])
      .when({ type: 'ChangeTenantStatus', data: { tenantId, status: 'active' }, metadata })
      .then([]);
  });

  it('changes domain', () => {
    given([created])
      .when({ type: 'ChangeTenantDomain', data: { tenantId, domainUrl: 'https://acme.example' }, metadata })
      .then([
        {
          type: 'TenantDomainChanged',
          data: { tenantId, domainUrl: 'https://acme.example', changedAt: later },
        },
      ]);
  });

  it('decides nothing when asked for no domain while it has none', () => {
    given([created])
      .when({ type: 'ChangeTenantDomain', data: { tenantId, domainUrl: null }, metadata })
      .then([]);
  });
});

describe('a tenant with a domain registrar login', () => {
  const history = [created, registrarSet];

  it('records each changed provider group whole, keeping the fields not sent', () => {
    given(history)
      .when(
        changeCredentials({
          domainRegistrar: { username: 'acme-admin' },
          webHosting: { url: 'https://host.example' },
        }),
      )
      .then([
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

  it('clears a field given null', () => {
    given(history)
      .when(changeCredentials({ domainRegistrar: { password: null, url: null } }))
      .then([
        {
          type: 'ProviderCredentialsChanged',
          data: { ...registrarSet.data, url: null, password: null, changedAt: later },
        },
      ]);
  });

  it('replaces a password with a new seal', () => {
    given(history)
      .when(changeCredentials({ domainRegistrar: { password: sealed(2) } }))
      .then([
        {
          type: 'ProviderCredentialsChanged',
          data: { ...registrarSet.data, password: sealed(2), changedAt: later },
        },
      ]);
  });

  it('skips unchanged groups', () => {
    given(history)
      .when(
        changeCredentials({
          domainRegistrar: { url: 'https://registrar.example', password: sealed(1) },
          dnsServer: {},
        }),
      )
      .then([]);
  });

  it('audits a reveal of the set password', () => {
    given(history)
      .when(reveal('domainRegistrar'))
      .then([
        {
          type: 'CredentialRevealed',
          data: { tenantId, group: 'domainRegistrar', revealedBy: adminId, revealedAt: later },
        },
      ]);
  });

  it('refuses a reveal for a group without a password', () => {
    given(history)
      .when(reveal('dnsServer'))
      .thenThrows(new NotFoundError('No DNS Server password is set for this tenant'));
  });
});

describe('a tenant whose domain registrar password was cleared', () => {
  it('refuses a reveal', () => {
    const cleared: TenantEvent = {
      type: 'ProviderCredentialsChanged',
      data: { ...registrarSet.data, password: null, changedAt: later },
    };
    given([created, registrarSet, cleared])
      .when(reveal('domainRegistrar'))
      .thenThrows(new NotFoundError('No Domain Registrar password is set for this tenant'));
  });
});
