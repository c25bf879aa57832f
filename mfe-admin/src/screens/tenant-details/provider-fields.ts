import {
  providerFieldNames,
  providerGroups,
  type PatchTenantBody,
  type ProviderGroup,
  type Tenant,
} from '@app/contracts';
import { secretField, untouchedSecret, type SecretValue } from './secret-value.js';

/** One group of the Service Providers form as the inputs hold it. */
export interface ProviderGroupValues {
  url: string;
  username: string;
  /** The screen never holds a stored password (ARCHITECTURE.md "Decisions": Secrets): keep, replace or remove. */
  password: SecretValue;
}

export type ProviderFormValues = Record<ProviderGroup, ProviderGroupValues>;

/** The form's starting values; also what Cancel restores (SPEC.md §4 "Edit modes"). */
export function providerFormValues(tenant: Tenant): ProviderFormValues {
  const entries = providerGroups.map((group) => {
    const names = providerFieldNames(group);
    return [
      group,
      { url: tenant[names.url] ?? '', username: tenant[names.username] ?? '', password: untouchedSecret },
    ];
  });
  return Object.fromEntries(entries) as ProviderFormValues;
}

/**
 * PATCH /api/admin/tenants/{id} from Service Providers: only the provider fields (SPEC.md §7). URLs and
 * usernames always go ('' clears them); a password goes only when typed or removed, since an absent field keeps
 * the stored one and the screen cannot resend a password it never read.
 */
export function providerPatchBody(values: ProviderFormValues): PatchTenantBody {
  const body: PatchTenantBody = {};
  for (const group of providerGroups) {
    const names = providerFieldNames(group);
    const { url, username, password } = values[group];
    body[names.url] = url.trim();
    body[names.username] = username.trim();
    const passwordField = secretField(password);
    if (passwordField !== undefined) body[names.password] = passwordField;
  }
  return body;
}
