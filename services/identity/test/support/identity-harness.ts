import { startServiceHarness, type ServiceHarness } from '@app/test-support/service-harness';
import { buildApp } from '../../src/app.js';
import type { OidcSettings } from '../../src/oidc/oidc-client.js';
import { service } from '../../src/service.js';

export { countEvents, silentLogger } from '@app/test-support/service-harness';

export type IdentityHarness = ServiceHarness<Awaited<ReturnType<typeof buildApp>>>;

/** Identity as service-kit runs it, minus NATS and the listening socket, on a database of its own. */
export function startIdentity(
  options: {
    readYourWritesTimeoutMs?: number;
    publicUrl?: string;
    notificationsUrl?: string;
    oidc?: OidcSettings;
    now?: () => Date;
  } = {},
): Promise<IdentityHarness> {
  const { readYourWritesTimeoutMs, ...identity } = options;
  return startServiceHarness(service, (context) => buildApp(context, identity), {
    ...(readYourWritesTimeoutMs === undefined ? {} : { readYourWritesTimeoutMs }),
  });
}
