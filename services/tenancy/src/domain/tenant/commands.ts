import type { ProviderGroup, TenantStatus } from '@app/contracts';
import type { SealedSecret } from '@app/secrets/sealed-secret';

/** Time comes with the command (STYLE.md "Domain"): decide has no clock. */
interface CommandMetadata {
  now: string;
}

/** The slug is reserved by the caller beforehand (unique across tenants), the id made before. */
export interface CreateTenant {
  type: 'CreateTenant';
  data: {
    tenantId: string;
    name: string;
    slug: string;
    ownerId: string | null;
    status?: TenantStatus;
    domainUrl?: string | null;
  };
  metadata: CommandMetadata;
}

export interface RenameTenant {
  type: 'RenameTenant';
  data: { tenantId: string; name: string };
  metadata: CommandMetadata;
}

export interface ChangeTenantStatus {
  type: 'ChangeTenantStatus';
  data: { tenantId: string; status: TenantStatus };
  metadata: CommandMetadata;
}

export interface ChangeTenantDomain {
  type: 'ChangeTenantDomain';
  data: { tenantId: string; domainUrl: string | null };
  metadata: CommandMetadata;
}

/**
 * Per field: absent keeps it, null clears it (the API's '' becomes null). A new password arrives already
 * sealed for `tenant:<id>:<group>`: the caller seals, the decider never holds plaintext.
 */
export interface ProviderCredentialsChange {
  url?: string | null;
  username?: string | null;
  password?: SealedSecret | null;
}

export interface ChangeProviderCredentials {
  type: 'ChangeProviderCredentials';
  data: { tenantId: string; changes: Partial<Record<ProviderGroup, ProviderCredentialsChange>> };
  metadata: CommandMetadata;
}

/** Recorded before the password is shown, so there is no reveal without its audit fact. */
export interface RecordCredentialReveal {
  type: 'RecordCredentialReveal';
  data: { tenantId: string; group: ProviderGroup; revealedBy: string };
  metadata: CommandMetadata;
}

export type TenantCommand =
  | CreateTenant
  | RenameTenant
  | ChangeTenantStatus
  | ChangeTenantDomain
  | ChangeProviderCredentials
  | RecordCredentialReveal;
