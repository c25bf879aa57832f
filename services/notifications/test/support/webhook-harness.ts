import type pg from 'pg';
import { parseKeyRing } from '@app/secrets';
import { startServiceHarness } from '@app/test-support/service-harness';
import { buildApp } from '../../src/app.js';
import { notificationsEventSourcing } from '../../src/runtime.js';

/** A key ring of one fixed key: what SECRETS_KEYS gives the service. */
export const testKeyRing = parseKeyRing(`k1:${Buffer.alloc(32, 7).toString('base64')}`);

/** Notifications' event store, endpoint read model and app, on a database of this test file's own. */
export function startWebhookHarness() {
  return startServiceHarness(notificationsEventSourcing, (context) =>
    buildApp(context, { keyRing: testKeyRing, publicUrl: 'https://app.example' }),
  );
}

/** A tenant as notifications' TENANCY consumer copies it. */
export async function copyTenant(pool: pg.Pool, tenantId: string, ownerId: string | null): Promise<void> {
  await pool.query('INSERT INTO tenants (tenant_id, name, owner_id, updated_at) VALUES ($1, $2, $3, now())', [
    tenantId,
    `Tenant ${tenantId.slice(0, 8)}`,
    ownerId,
  ]);
}
