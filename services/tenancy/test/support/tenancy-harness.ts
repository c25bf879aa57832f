import { parseKeyRing, type KeyRing } from '@app/secrets';
import { startServiceHarness, type ServiceHarness } from '@app/test-support/service-harness';
import { buildApp } from '../../src/app.js';
import { service } from '../../src/service.js';
import { newKeyRingText } from './key-rings.js';

export { countEvents, silentLogger } from '@app/test-support/service-harness';
export { newKeyRingText } from './key-rings.js';

export type TenancyHarness = ServiceHarness<Awaited<ReturnType<typeof buildApp>>> & { keyRing: KeyRing };

/** Tenancy as service-kit runs it, minus NATS and the listening socket, on a database of its own. */
export async function startTenancy(
  options: {
    readYourWritesTimeoutMs?: number;
    keyRing?: KeyRing;
    logLevel?: string;
    /** Where the app's log lines go, for tests that read them. */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TenancyHarness> {
  const keyRing = options.keyRing ?? parseKeyRing(newKeyRingText('k1'));
  const harness = await startServiceHarness(
    service,
    (context) =>
      buildApp(
        {
          ...context,
          logLevel: options.logLevel ?? 'silent',
          ...(options.logStream ? { logStream: options.logStream } : {}),
        },
        { keyRing },
      ),
    options,
  );
  return { ...harness, keyRing };
}
