import { testIdentitySecret } from '@app/service-kit/testing';
import { startServiceHarness, type ServiceHarness } from '@app/test-support/service-harness';
import { buildApp } from '../../src/app.js';
import { identitySchema } from '../../src/config.js';
import type { OidcSettings } from '../../src/oidc/oidc-client.js';
import { usersProjection } from '../../src/projections/users.js';
import { ownedCategories, prepareStorage } from '../../src/runtime.js';

export { countEvents, silentLogger } from '@app/test-support/service-harness';

export type IdentityHarness = ServiceHarness<Awaited<ReturnType<typeof buildApp>>>;

/** Identity as server.ts wires it, minus NATS and the listening socket, on a database of its own. */
export function startIdentity(
  options: { readYourWritesTimeoutMs?: number; publicUrl?: string; oidc?: OidcSettings } = {},
): Promise<IdentityHarness> {
  return startServiceHarness({
    schema: identitySchema,
    categories: ownedCategories,
    projections: [usersProjection],
    prepareStorage,
    buildApp: ({ pool, eventStore, projections, readiness }) =>
      buildApp({
        identitySecret: testIdentitySecret,
        logLevel: 'silent',
        readYourWritesTimeoutMs: options.readYourWritesTimeoutMs ?? 5_000,
        db: pool,
        eventStore,
        projections,
        readiness,
        ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
        ...(options.oidc ? { oidc: options.oidc } : {}),
      }),
  });
}
