import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type {
  ProviderGroup,
  TenantStatus,
  patchTenantBodySchema,
  replaceTenantBodySchema,
} from '@app/contracts';
import type { TenantEvent } from '../domain/tenant/events.js';
import {
  aggregateStore,
  idOfCreation,
  type CommandOptions,
  type CommandOrStateFunction,
  type CommandResult,
  type EventStore,
  type UniqueValueReservations,
} from '@app/eventing';
import { decryptSecret, secretContexts, type KeyRing } from '@app/secrets';
import type { TenantCommand } from '../domain/tenant/commands.js';
import type { TenantState } from '../domain/tenant/tenant.js';
import { credentialChanges, namesProviderField, staleCredentialReseals } from './tenant-credentials.js';
import { reserveTenantSlug } from './tenant-slugs.js';
import { tenants } from './tenants.js';

export type PatchTenant = z.output<typeof patchTenantBodySchema>;
export type ReplaceTenant = z.output<typeof replaceTenantBodySchema>;

/** A new tenant: from the admin API, or from onboarding when identity registers a customer. */
export interface NewTenant {
  name: string;
  ownerId?: string | null;
  status?: TenantStatus;
  domainUrl?: string | null;
}

export type TenantCommandResult = CommandResult<TenantState, TenantEvent> & { tenantId: string };

export interface RevealedPassword {
  group: ProviderGroup;
  password: string;
  revealedAt: string;
  result: TenantCommandResult;
}

export interface TenantCommandsDeps {
  eventStore: EventStore;
  slugs: UniqueValueReservations;
  keyRing: KeyRing;
  now: () => Date;
  newId?: () => string;
}

/** Tenancy's tenant use cases: slug reservation and password sealing around the generic command handler. */
export function createTenantCommands(deps: TenantCommandsDeps) {
  const { eventStore, slugs, keyRing, now, newId = uuidv7 } = deps;
  const store = aggregateStore(eventStore, tenants);
  const at = () => ({ now: now().toISOString() });

  /**
   * Runs several commands on one tenant in order, answering with the last state and the furthest position.
   * With If-Match the first checks the caller's revision and each later one the revision the previous left.
   */
  async function runAll(
    tenantId: string,
    commands: CommandOrStateFunction<TenantState, TenantCommand>[],
    options: CommandOptions,
  ): Promise<TenantCommandResult> {
    let expected = options.expectedRevision;
    const results: CommandResult<TenantState, TenantEvent>[] = [];
    for (const command of commands) {
      const result = await store.handle(tenantId, command, {
        ...options,
        expectedRevision: expected,
      });
      if (expected !== undefined && typeof result.revision === 'number') expected = result.revision;
      results.push(result);
    }
    const last = results.at(-1);
    if (last === undefined) throw new Error('runAll needs at least one command');
    return {
      ...last,
      tenantId,
      newEvents: results.flatMap((result) => result.newEvents),
      position: results.reduce((furthest, result) => result.position ?? furthest, last.position),
    };
  }

  return {
    /** `tenantId` is given by the demo seed and by onboarding, whose fixed ids make them idempotent. */
    async createTenant(
      tenant: NewTenant,
      options: CommandOptions,
      tenantId = idOfCreation(options, newId),
    ): Promise<TenantCommandResult> {
      const { slug, reservedNow } = await reserveTenantSlug(slugs, tenant.name, tenantId);
      try {
        const data = {
          tenantId,
          name: tenant.name,
          slug,
          ownerId: tenant.ownerId ?? null,
          status: tenant.status ?? 'active',
          domainUrl: tenant.domainUrl ?? null,
        };
        const result = await store.handle(tenantId, { type: 'CreateTenant', data, metadata: at() }, options);
        return { ...result, tenantId };
      } catch (error) {
        if (reservedNow) await slugs.releaseUnlessHeld(slug, tenantId).catch(() => undefined);
        throw error;
      }
    },

    /**
     * PATCH: whichever of name, status, domain and provider fields are present, each as its own fact. The
     * credentials' change is made from the tenant as it stands when it is appended (a kept password resealed is
     * the current one), so no pinned revision is needed.
     */
    async patchTenant(tenantId: string, body: PatchTenant, options: CommandOptions) {
      const commands: CommandOrStateFunction<TenantState, TenantCommand>[] = [];
      const metadata = at();
      if (namesProviderField(body)) {
        commands.push((state) => ({
          type: 'ChangeProviderCredentials',
          data: { tenantId, changes: credentialChanges(keyRing, tenantId, state, body) ?? {} },
          metadata,
        }));
      }
      if (body.name !== undefined) {
        commands.push({ type: 'RenameTenant', data: { tenantId, name: body.name }, metadata });
      }
      if (body.status !== undefined) {
        commands.push({ type: 'ChangeTenantStatus', data: { tenantId, status: body.status }, metadata });
      }
      if (body.domainUrl !== undefined) {
        commands.push({
          type: 'ChangeTenantDomain',
          data: { tenantId, domainUrl: body.domainUrl },
          metadata,
        });
      }
      return runAll(tenantId, commands, options);
    },

    /** PUT: name, status and domain replaced whole; provider credentials are left as they are. */
    async replaceTenant(tenantId: string, body: ReplaceTenant, options: CommandOptions) {
      const metadata = at();
      return runAll(
        tenantId,
        [
          { type: 'RenameTenant', data: { tenantId, name: body.name }, metadata },
          { type: 'ChangeTenantStatus', data: { tenantId, status: body.status }, metadata },
          { type: 'ChangeTenantDomain', data: { tenantId, domainUrl: body.domainUrl }, metadata },
        ],
        options,
      );
    },

    /**
     * Opens one provider password for an admin, recording who saw it first. Recording a reveal changes no
     * password, so the state the fact was appended to holds exactly the password the audit trail names.
     */
    async revealCredential(
      tenantId: string,
      group: ProviderGroup,
      revealedBy: string,
      options: CommandOptions,
    ): Promise<RevealedPassword> {
      const result = await store.handle(
        tenantId,
        { type: 'RecordCredentialReveal', data: { tenantId, group, revealedBy }, metadata: at() },
        options,
      );
      const sealed = result.state.status === 'absent' ? null : result.state.providers[group].password;
      const revealed = result.newEvents.find((event) => event.type === 'CredentialRevealed');
      if (sealed === null || revealed?.type !== 'CredentialRevealed') {
        throw new Error('A reveal recorded no CredentialRevealed fact');
      }
      const password = decryptSecret(keyRing, sealed, secretContexts.tenantProviderPassword(tenantId, group));
      return { group, password, revealedAt: revealed.data.revealedAt, result: { ...result, tenantId } };
    },

    /**
     * Reseals under the newest key each provider password an older key sealed, as one ChangeProviderCredentials
     * made from the tenant as it stands when appended (so no newer password is overwritten); null when none needed
     * it.
     */
    async resealCredentials(tenantId: string, options: CommandOptions): Promise<TenantCommandResult | null> {
      const { state } = await store.read(tenantId);
      if (staleCredentialReseals(keyRing, tenantId, state) === null) return null;
      return runAll(
        tenantId,
        [
          (current) => ({
            type: 'ChangeProviderCredentials',
            data: { tenantId, changes: staleCredentialReseals(keyRing, tenantId, current) ?? {} },
            metadata: at(),
          }),
        ],
        options,
      );
    },
  };
}

export type TenantCommands = ReturnType<typeof createTenantCommands>;
