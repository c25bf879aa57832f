import { describe, expect, it } from 'vitest';
import { encryptSecret, parseKeyRing } from '@app/secrets';
import { describeAuditCoverage } from '@app/test-support/audit-coverage';
import { commandTypesOf } from '@app/test-support/command-types';
import { subscriptions } from '../../src/application/subscriptions.js';
import { tenants } from '../../src/application/tenants.js';
import { describeSubscriptionEvent } from '../../src/audit/subscription-audit.js';
import { describeTenantEvent } from '../../src/audit/tenant-audit.js';
import type { TenantEvent } from '../../src/domain/tenant/events.js';
import { tenantEventTypes } from '../../src/domain/tenant/events.js';
import { evolve, initialState } from '../../src/domain/tenant/tenant.js';
import { subscriptionEventTypes } from '../../src/domain/subscription/events.js';
import {
  evolve as evolveSubscription,
  initialState as initialSubscription,
} from '../../src/domain/subscription/subscription.js';
import {
  cancelNow,
  cancellationScheduled,
  changePlan,
  configure,
  endTerm,
  scheduleCancellation,
  standing,
  start,
  started,
  statusChanged,
  toggle,
  withdrawCancellation,
} from '../domain/subscription-fixtures.js';
import { newKeyRingText } from '../support/key-rings.js';

const keyRing = parseKeyRing(newKeyRingText('audit-test'));
const providerPassword = 'correct-horse-battery-staple';
const otherPassword = 'second-provider-password-2026';
const metricsKey = 'mk_live_0123456789abcdef';
const sealedPassword = encryptSecret(keyRing, providerPassword, 'tenant:x:domainRegistrar');
const resealed = encryptSecret(keyRing, otherPassword, 'tenant:x:domainRegistrar');
const sealedKey = encryptSecret(keyRing, metricsKey, 'subscription:x:metricsApiKey');
/** The plaintexts, and every part of their seals: none may reach an entry. */
const secrets = [providerPassword, otherPassword, metricsKey].concat(
  [sealedPassword, resealed, sealedKey].flatMap((seal) => [seal.ciphertext, seal.iv, seal.tag]),
);

const tenantId = '0196f2a0-0000-7000-8000-0000000000a1';
const ownerId = '0196f2a0-0000-7000-8000-0000000000b1';
const adminId = '0196f2a0-0000-7000-8000-0000000000c1';
const now = '2026-11-21T10:00:00.000Z';
const metadata = { now };
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
    password: sealedPassword,
    changedAt: now,
  },
};

describeAuditCoverage({
  producer: 'tenancy',
  aggregate: tenants,
  describeEvent: describeTenantEvent,
  commandTypes: commandTypesOf(
    new URL('../../src/domain/tenant/commands.ts', import.meta.url),
    'TenantCommand',
  ),
  eventTypes: tenantEventTypes,
  secrets,
  scenarios: {
    CreateTenant: [
      { when: { type: 'CreateTenant', data: { tenantId, name: 'Acme', slug: 'acme', ownerId }, metadata } },
    ],
    RenameTenant: [
      { given: [created], when: { type: 'RenameTenant', data: { tenantId, name: 'Acme Ltd' }, metadata } },
    ],
    ChangeTenantStatus: [
      {
        given: [created],
        when: { type: 'ChangeTenantStatus', data: { tenantId, status: 'suspended' }, metadata },
      },
    ],
    ChangeTenantDomain: [
      {
        given: [created],
        when: { type: 'ChangeTenantDomain', data: { tenantId, domainUrl: 'https://acme.example' }, metadata },
      },
    ],
    ChangeProviderCredentials: [
      {
        given: [created],
        when: {
          type: 'ChangeProviderCredentials',
          data: { tenantId, changes: { domainRegistrar: { username: 'acme', password: sealedPassword } } },
          metadata,
        },
      },
      {
        given: [created, registrarSet],
        when: {
          type: 'ChangeProviderCredentials',
          data: {
            tenantId,
            changes: { domainRegistrar: { password: resealed }, dnsServer: { url: 'https://dns.example' } },
          },
          metadata,
        },
      },
    ],
    RecordCredentialReveal: [
      {
        given: [created, registrarSet],
        when: {
          type: 'RecordCredentialReveal',
          data: { tenantId, group: 'domainRegistrar', revealedBy: adminId },
          metadata,
        },
      },
    ],
  },
});

describeAuditCoverage({
  producer: 'tenancy',
  aggregate: subscriptions,
  describeEvent: describeSubscriptionEvent,
  commandTypes: commandTypesOf(
    new URL('../../src/domain/subscription/commands.ts', import.meta.url),
    'SubscriptionCommand',
  ),
  eventTypes: subscriptionEventTypes,
  secrets,
  scenarios: {
    StartSubscription: [{ when: start() }],
    ToggleSubscriptionStatus: [{ given: [started()], when: toggle('cancelled') }],
    ConfigureEndpoint: [
      {
        given: [started()],
        when: configure({ domainUrl: 'https://acme.example', metricsApiKey: sealedKey }),
      },
      { given: [started()], when: configure({ domainUrl: 'https://acme.example' }) },
    ],
    ApplyPaymentStanding: [{ given: [started()], when: standing('overdue') }],
    ScheduleCancellation: [{ given: [started()], when: scheduleCancellation() }],
    WithdrawCancellation: [{ given: [started(), cancellationScheduled], when: withdrawCancellation() }],
    CancelNow: [{ given: [started()], when: cancelNow('Fraud reported by the bank') }],
    EndTerm: [{ given: [started(), cancellationScheduled], when: endTerm() }],
    ChangePlan: [{ given: [started()], when: changePlan('enterprise', 29_900, now) }],
  },
});

describe('a tenant entry', () => {
  const state = evolve(evolve(initialState(), created), registrarSet);

  it('says a provider password was changed, and shows the rest of the group as values', () => {
    const changed: TenantEvent = {
      type: 'ProviderCredentialsChanged',
      data: { ...registrarSet.data, username: 'acme-ops', password: resealed },
    } as TenantEvent;
    expect(describeTenantEvent(changed, state, evolve(state, changed))).toEqual({
      action: 'tenant.provider-credentials-changed',
      entity: { type: 'tenant', id: tenantId, label: 'Acme' },
      tenantId,
      accountId: ownerId,
      changes: [
        { field: 'Domain Registrar username', before: 'acme', after: 'acme-ops' },
        { field: 'Domain Registrar password', secret: 'changed' },
      ],
    });
  });

  it('records a reveal as revealed, by the actor of the event', () => {
    const revealed: TenantEvent = {
      type: 'CredentialRevealed',
      data: { tenantId, group: 'domainRegistrar', revealedBy: adminId, revealedAt: now },
    };
    expect(describeTenantEvent(revealed, state, state).changes).toEqual([
      { field: 'Domain Registrar password', secret: 'revealed' },
    ]);
  });

  it('gives a cancellation its reason', () => {
    const live = evolveSubscription(initialSubscription(), started());
    const cancelled = statusChanged('active', 'cancelled', 'Fraud');
    expect(describeSubscriptionEvent(cancelled, live, evolveSubscription(live, cancelled)).changes).toEqual([
      { field: 'Status', before: 'active', after: 'cancelled' },
      { field: 'Reason', before: null, after: 'Fraud' },
    ]);
  });
});
