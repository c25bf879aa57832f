import { providerGroupLabels, providerGroups } from '@app/contracts';
import type { TenantEvent } from './events.js';
import { IllegalStateError, NotFoundError, assertNever, type Decider } from '@app/domain';
import type {
  ChangeProviderCredentials,
  ChangeTenantDomain,
  ChangeTenantStatus,
  CreateTenant,
  RecordCredentialReveal,
  RenameTenant,
  TenantCommand,
} from './commands.js';
import { sameSealed } from '../sealed.js';
import {
  evolve,
  initialState,
  type ProviderCredentials,
  type TenantFacts,
  type TenantState,
} from './tenant.js';

/** The tenant details screen's own wording (SPEC.md §2). */
export const tenantNotFound = 'Tenant not found';

type ExistingTenant = Exclude<TenantState, { status: 'absent' }>;

function existing(state: TenantState): ExistingTenant {
  if (state.status === 'absent') throw new NotFoundError(tenantNotFound);
  return state;
}

function create(command: CreateTenant, state: TenantState): TenantEvent[] {
  if (state.status !== 'absent') throw new IllegalStateError('A tenant with this id already exists');
  const { tenantId, name, slug, ownerId, status = 'active', domainUrl = null } = command.data;
  return [
    {
      type: 'TenantCreated',
      data: { tenantId, name, slug, ownerId, status, domainUrl, createdAt: command.metadata.now },
    },
  ];
}

/** Saving an unchanged form decides nothing, so a resend records no fact that did not happen. */
function rename(command: RenameTenant, state: TenantState): TenantEvent[] {
  const tenant = existing(state);
  const { tenantId, name } = command.data;
  if (name === tenant.name) return [];
  return [{ type: 'TenantRenamed', data: { tenantId, name, renamedAt: command.metadata.now } }];
}

function changeStatus(command: ChangeTenantStatus, state: TenantState): TenantEvent[] {
  const tenant = existing(state);
  const { tenantId, status } = command.data;
  if (status === tenant.status) return [];
  return [{ type: 'TenantStatusChanged', data: { tenantId, status, changedAt: command.metadata.now } }];
}

function changeDomain(command: ChangeTenantDomain, state: TenantState): TenantEvent[] {
  const tenant = existing(state);
  const { tenantId, domainUrl } = command.data;
  if (domainUrl === tenant.domainUrl) return [];
  return [{ type: 'TenantDomainChanged', data: { tenantId, domainUrl, changedAt: command.metadata.now } }];
}

/** One event per group that actually changed, each carrying the whole group after the change. */
function changeCredentials(command: ChangeProviderCredentials, state: TenantState): TenantEvent[] {
  const tenant = existing(state);
  const { tenantId, changes } = command.data;
  return providerGroups.flatMap((group): TenantEvent[] => {
    const change = changes[group];
    if (change === undefined) return [];
    const before = tenant.providers[group];
    const after: ProviderCredentials = {
      url: change.url === undefined ? before.url : change.url,
      username: change.username === undefined ? before.username : change.username,
      password: change.password === undefined ? before.password : change.password,
    };
    if (sameCredentials(before, after)) return [];
    return [
      {
        type: 'ProviderCredentialsChanged',
        data: { tenantId, group, ...after, changedAt: command.metadata.now },
      },
    ];
  });
}

function recordReveal(command: RecordCredentialReveal, state: TenantState): TenantEvent[] {
  const tenant: TenantFacts = existing(state);
  const { tenantId, group, revealedBy } = command.data;
  if (tenant.providers[group].password === null) {
    throw new NotFoundError(`No ${providerGroupLabels[group]} password is set for this tenant`);
  }
  return [
    { type: 'CredentialRevealed', data: { tenantId, group, revealedBy, revealedAt: command.metadata.now } },
  ];
}

export function decide(command: TenantCommand, state: TenantState): TenantEvent[] {
  switch (command.type) {
    case 'CreateTenant':
      return create(command, state);
    case 'RenameTenant':
      return rename(command, state);
    case 'ChangeTenantStatus':
      return changeStatus(command, state);
    case 'ChangeTenantDomain':
      return changeDomain(command, state);
    case 'ChangeProviderCredentials':
      return changeCredentials(command, state);
    case 'RecordCredentialReveal':
      return recordReveal(command, state);
    default:
      return assertNever(command);
  }
}

export const tenantDecider: Decider<TenantState, TenantCommand, TenantEvent> = {
  initialState,
  evolve,
  decide,
};

function sameCredentials(a: ProviderCredentials, b: ProviderCredentials): boolean {
  return a.url === b.url && a.username === b.username && sameSealed(a.password, b.password);
}
