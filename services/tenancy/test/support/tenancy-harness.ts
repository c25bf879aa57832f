import { randomBytes } from 'node:crypto';
import { parseKeyRing, type KeyRing } from '@app/secrets';
import { testIdentitySecret } from '@app/service-kit/testing';
import { startServiceHarness, type ServiceHarness } from '@app/test-support/service-harness';
import { buildApp } from '../../src/app.js';
import { tenancySchema } from '../../src/config.js';
import { subscriptionsProjection } from '../../src/projections/subscriptions.js';
import { tenantsProjection } from '../../src/projections/tenants.js';
import { ownedCategories, prepareStorage } from '../../src/runtime.js';

export { countEvents, silentLogger } from '@app/test-support/service-harness';

export type TenancyHarness = ServiceHarness<Awaited<ReturnType<typeof buildApp>>> & { keyRing: KeyRing };

/** A fresh key ring text: `<id>:<base64 32 bytes>`, newest first. */
export function newKeyRingText(...ids: string[]): string {
  return ids.map((id) => `${id}:${randomBytes(32).toString('base64')}`).join(',');
}

/** Tenancy as server.ts wires it, minus NATS and the listening socket, on a database of its own. */
export async function startTenancy(
  options: { readYourWritesTimeoutMs?: number; keyRing?: KeyRing; logLevel?: string } = {},
): Promise<TenancyHarness> {
  const keyRing = options.keyRing ?? parseKeyRing(newKeyRingText('k1'));
  const harness = await startServiceHarness({
    schema: tenancySchema,
    categories: ownedCategories,
    projections: [tenantsProjection, subscriptionsProjection],
    prepareStorage,
    buildApp: ({ pool, eventStore, projections, readiness }) =>
      buildApp({
        identitySecret: testIdentitySecret,
        logLevel: options.logLevel ?? 'silent',
        readYourWritesTimeoutMs: options.readYourWritesTimeoutMs ?? 5_000,
        keyRing,
        db: pool,
        eventStore,
        projections,
        readiness,
      }),
  });
  return { ...harness, keyRing };
}
