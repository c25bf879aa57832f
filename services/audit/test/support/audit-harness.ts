import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { inject } from 'vitest';
import {
  auditEntrySubject,
  type AuditEntryData,
  type AuditProducer,
  type IntegrationEnvelope,
} from '@app/contracts';
import { inTransaction } from '@app/eventing';
import { bindIdentityOnInject, testIdentitySecret } from '@app/service-kit/testing';
import { createSchemaDatabase } from '@app/test-support';
import { buildApp, type AuditApp } from '../../src/app.js';
import { auditSchema } from '../../src/config.js';
import { applyIdentityMessage } from '../../src/integration/identity-actors.js';
import { recordAuditEntry } from '../../src/integration/record-entry.js';
import { prepareAuditStorage } from '../../src/runtime.js';

export interface AuditHarness {
  app: AuditApp;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** The audit service's app on its migrated schema, on a database of this file's own, identity bound on inject. */
export async function startAudit(
  options: { exportPageRows?: number; now?: () => Date } = {},
): Promise<AuditHarness> {
  const storage = await createSchemaDatabase(inject('databaseUrl'), auditSchema);
  await prepareAuditStorage(storage.pool);
  const app = await buildApp({
    identitySecret: testIdentitySecret,
    logLevel: 'silent',
    db: storage.pool,
    readiness: [],
    ...options,
  });
  bindIdentityOnInject(app);
  return {
    app,
    pool: storage.pool,
    async close() {
      await app.close();
      await storage.close();
    },
  };
}

let clock = Date.parse('2026-11-01T09:00:00.000Z');

/** An entry as a producer publishes it, fresh ids and a time a second after the last one's unless given. */
export function anEntry(overrides: Partial<AuditEntryData> = {}): AuditEntryData {
  clock += 1_000;
  return {
    eventId: randomUUID(),
    occurredAt: new Date(clock).toISOString(),
    action: 'product.updated',
    actor: { type: 'user', userId: randomUUID(), role: 'admin' },
    entity: { type: 'product', id: randomUUID(), label: 'Open Banking Connect' },
    tenantId: null,
    accountId: null,
    changes: [{ field: 'Base price', before: '$149.00', after: '$159.00' }],
    ...overrides,
  };
}

export function envelopeOf(entry: AuditEntryData, producer: AuditProducer = 'catalog'): IntegrationEnvelope {
  return {
    id: randomUUID(),
    type: auditEntrySubject(producer),
    occurredAt: entry.occurredAt,
    data: entry as unknown as Record<string, unknown>,
  };
}

/** Entries into the trail as the consumer records them, one transaction each. */
export async function record(
  harness: Pick<AuditHarness, 'pool'>,
  ...entries: AuditEntryData[]
): Promise<void> {
  for (const entry of entries)
    await inTransaction(harness.pool, (tx) => recordAuditEntry(envelopeOf(entry), tx));
}

/** A user identity told of, so entries name them. */
export async function knownUser(
  harness: Pick<AuditHarness, 'pool'>,
  user: {
    userId: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
    role: 'admin' | 'tenant';
  },
): Promise<void> {
  const envelope: IntegrationEnvelope = {
    id: randomUUID(),
    type: 'identity.user.registered.v1',
    occurredAt: new Date().toISOString(),
    data: { ...user, registeredVia: 'admin', registeredAt: new Date().toISOString() },
  };
  await inTransaction(harness.pool, (tx) => applyIdentityMessage(envelope, tx));
}
