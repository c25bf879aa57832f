import {
  providerGroupLabels,
  type AuditChange,
  type AuditDescription,
  type ProviderGroup,
} from '@app/contracts';
import { assertNever } from '@app/domain';
import {
  auditedAggregate,
  changedFields,
  initialFields,
  secretChange,
  secretOutcome,
} from '@app/service-kit/audit';
import { tenants } from '../application/tenants.js';
import { sameSealed } from '../domain/sealed.js';
import type { TenantEvent } from '../domain/tenant/events.js';
import { emptyProviderCredentials, type TenantState } from '../domain/tenant/tenant.js';

const actions = {
  TenantCreated: 'tenant.created',
  TenantRenamed: 'tenant.renamed',
  TenantStatusChanged: 'tenant.status-changed',
  TenantDomainChanged: 'tenant.domain-changed',
  ProviderCredentialsChanged: 'tenant.provider-credentials-changed',
  CredentialRevealed: 'tenant.credential-revealed',
} as const satisfies Record<TenantEvent['type'], AuditDescription['action']>;

function credentialsOf(state: TenantState, group: ProviderGroup) {
  return state.status === 'absent' ? emptyProviderCredentials : state.providers[group];
}

/** A group's URL and username as values; its password only as set, changed or cleared (ARCHITECTURE.md "Secrets"). */
function credentialChanges(group: ProviderGroup, before: TenantState, after: TenantState): AuditChange[] {
  const label = providerGroupLabels[group];
  const was = credentialsOf(before, group);
  const now = credentialsOf(after, group);
  const outcome = secretOutcome(
    was.password !== null,
    now.password !== null,
    sameSealed(was.password, now.password),
  );
  return [
    ...changedFields([
      [`${label} URL`, was.url, now.url],
      [`${label} username`, was.username, now.username],
    ]),
    ...(outcome === null ? [] : [secretChange(`${label} password`, outcome)]),
  ];
}

function changesOf(event: TenantEvent, before: TenantState, after: TenantState): AuditChange[] {
  const was = before.status === 'absent' ? undefined : before;
  switch (event.type) {
    case 'TenantCreated':
      return initialFields([
        ['Name', event.data.name],
        ['Slug', event.data.slug],
        ['Owner', event.data.ownerId],
        ['Status', event.data.status],
        ['Domain URL', event.data.domainUrl],
      ]);
    case 'TenantRenamed':
      return changedFields([['Name', was?.name, event.data.name]]);
    case 'TenantStatusChanged':
      return changedFields([['Status', was?.status, event.data.status]]);
    case 'TenantDomainChanged':
      return changedFields([['Domain URL', was?.domainUrl, event.data.domainUrl]]);
    case 'ProviderCredentialsChanged':
      // The decider records a group only when it changed, so there is always something to say.
      return credentialChanges(event.data.group, before, after);
    case 'CredentialRevealed':
      return [secretChange(`${providerGroupLabels[event.data.group]} password`, 'revealed')];
    default:
      return assertNever(event);
  }
}

/** Each stored tenant event as an audit entry of that tenant; its owner is the account it concerns. */
export function describeTenantEvent(
  event: TenantEvent,
  before: TenantState,
  after: TenantState,
): AuditDescription {
  const known = after.status === 'absent' ? null : after;
  return {
    action: actions[event.type],
    entity: { type: 'tenant', id: event.data.tenantId, label: known?.name ?? null },
    tenantId: event.data.tenantId,
    accountId: known?.ownerId ?? null,
    changes: changesOf(event, before, after),
  };
}

export const tenantsAudit = auditedAggregate(tenants, describeTenantEvent);
