import { providerFieldNames, providerGroups, type ProviderGroup } from '@app/contracts';
import { encryptSecret, resealIfStale, secretContexts, type KeyRing } from '@app/secrets';
import type { ProviderCredentialsChange } from '../domain/tenant/commands.js';
import type { TenantState } from '../domain/tenant/tenant.js';

/** The provider fields of a PATCH body, after the contract's parsing ('' is already null). */
export type ProviderFieldsInput = Partial<Record<string, string | null | undefined>>;

/** Whether a PATCH body names any provider field, which makes it change the tenant's credentials. */
export function namesProviderField(body: ProviderFieldsInput): boolean {
  return providerGroups.some((group) =>
    Object.values(providerFieldNames(group)).some((name) => body[name] !== undefined),
  );
}

/**
 * The ChangeProviderCredentials changes a PATCH asks for, or null when it names no provider field. Each new
 * password is sealed here, bound to its tenant and group, before any command holds it. A group that changes
 * while its kept password is sealed under an older key gets that password resealed under the newest one.
 */
export function credentialChanges(
  keyRing: KeyRing,
  tenantId: string,
  state: TenantState,
  body: ProviderFieldsInput,
): Partial<Record<ProviderGroup, ProviderCredentialsChange>> | null {
  const changes: Partial<Record<ProviderGroup, ProviderCredentialsChange>> = {};
  for (const group of providerGroups) {
    const names = providerFieldNames(group);
    const [url, username, password] = [body[names.url], body[names.username], body[names.password]];
    if (url === undefined && username === undefined && password === undefined) continue;
    const context = secretContexts.tenantProviderPassword(tenantId, group);
    const change: ProviderCredentialsChange = {};
    if (url !== undefined) change.url = url;
    if (username !== undefined) change.username = username;
    if (password !== undefined) {
      change.password = password === null ? null : encryptSecret(keyRing, password, context);
    } else {
      const resealed = keptPasswordResealed(keyRing, tenantId, state, group);
      if (resealed !== null) change.password = resealed;
    }
    changes[group] = change;
  }
  return Object.keys(changes).length === 0 ? null : changes;
}

/**
 * The ChangeProviderCredentials changes that only reseal, under the newest key, each kept password an older key
 * sealed (the bulk reseal after a key rotation, docs/operations.md); null when every one is current.
 */
export function staleCredentialReseals(
  keyRing: KeyRing,
  tenantId: string,
  state: TenantState,
): Partial<Record<ProviderGroup, ProviderCredentialsChange>> | null {
  const changes: Partial<Record<ProviderGroup, ProviderCredentialsChange>> = {};
  for (const group of providerGroups) {
    const resealed = keptPasswordResealed(keyRing, tenantId, state, group);
    if (resealed !== null) changes[group] = { password: resealed };
  }
  return Object.keys(changes).length === 0 ? null : changes;
}

function keptPasswordResealed(keyRing: KeyRing, tenantId: string, state: TenantState, group: ProviderGroup) {
  const kept = state.status === 'absent' ? null : state.providers[group].password;
  return kept === null
    ? null
    : resealIfStale(keyRing, kept, secretContexts.tenantProviderPassword(tenantId, group));
}
