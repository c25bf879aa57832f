import { startServiceHarness, type ServiceHarness } from '@app/test-support/service-harness';
import { buildApp } from '../../src/app.js';
import { service } from '../../src/service.js';

export { countEvents } from '@app/test-support/service-harness';

export type CatalogHarness = ServiceHarness<Awaited<ReturnType<typeof buildApp>>>;

/** The catalogue as service-kit runs it, minus NATS and the listening socket, on a database of its own. */
export function startCatalog(options: { readYourWritesTimeoutMs?: number } = {}): Promise<CatalogHarness> {
  return startServiceHarness(service, (context) => buildApp(context), options);
}
