/**
 * `npm run bench`: thirteen figures, each against a baseline measured in the same run so the machine's speed
 * cancels out (README "Benchmarks"). A figure that misses its target is reported, not fatal: the exit code is
 * non-zero only when something crashed.
 */
import { createTestDatabase } from '@app/test-support';
import { measureAppendRate } from './append-rate.js';
import { measureConsumerCatchUp } from './consumer-catch-up.js';
import { measureCrossServiceLag } from './cross-service-lag.js';
import { loadBenchConfig } from './config.js';
import { measureMeteringCost } from './metering-cost.js';
import { measureMeteringThroughput } from './metering-throughput.js';
import { measureProxyThroughput } from './proxy-throughput.js';
import { measureRebuildRate } from './rebuild-rate.js';
import { measureScrapeCycle } from './scrape-cycle.js';
import { printReport, type Figure, type Measurement, type Outcome } from './report.js';
import { measureSessionCost } from './session-cost.js';
import { buildDeployables, startStack, type Stack } from './stack.js';
import { measureVisibility } from './visibility.js';
import { measureTimeToContent } from './time-to-content.js';
import { measureCatalogueLcp, measureShellJavaScript } from './web-page-load.js';

const config = loadBenchConfig();
const outcomes: Outcome[] = [];

/** Figure names start with their number ("2. gateway throughput"), which BENCH_FIGURES selects by. */
function selected(name: string): boolean {
  return config.figures === null || config.figures.has(Number.parseInt(name, 10));
}

async function measure(name: string, work: () => Promise<Measurement>): Promise<void> {
  if (!selected(name)) return;
  console.log(`measuring ${name} …`);
  try {
    outcomes.push({ name, ...(await work()) });
  } catch (error) {
    console.error(`${name} failed:`, error);
    outcomes.push({ name, error });
  }
}

/** A figure reported as several rows (12a, 12b …), from one measurement. */
async function measureRows(name: string, work: () => Promise<Figure[]>): Promise<void> {
  if (!selected(name)) return;
  console.log(`measuring ${name} …`);
  try {
    outcomes.push(...(await work()));
  } catch (error) {
    console.error(`${name} failed:`, error);
    outcomes.push({ name, error });
  }
}

/** The figures that run against the built services and gateway (stack.ts). */
const stackFigures = ['2.', '3.', '5.', '6.', '7.', '10.', '11.', '12.'];

function startServices(databaseUrl: string, started: (stack: Stack) => void): Promise<Stack> {
  console.log('building and starting the catalog, identity, tenancy and billing services and the gateways …');
  const built = config.build ? buildDeployables(config.buildEnv) : Promise.resolve();
  return built
    .then(() => startStack({ databaseUrl, natsUrl: config.natsUrl, path: config.path }))
    .then((stack) => {
      started(stack);
      return stack;
    });
}

async function main(): Promise<void> {
  const started = performance.now();
  const database = await createTestDatabase(config.databaseUrl);
  // drop() ends this pool and then drops the database WITH (FORCE); pg's Pool.end() resolves before its
  // connections are gone, and one terminated meanwhile would be an unhandled 'error' event, i.e. a crash.
  database.pool.on('error', () => undefined);
  let stack: Stack | undefined;
  const cleanUp = async () => {
    try {
      await stack?.stop();
    } finally {
      await database.drop();
    }
  };
  // Ctrl-C: the services (same process group) get the signal too; still drop the database before leaving. `on`,
  // not `once`: tsx relays the signal the process already got from the terminal, and a second one must not
  // fall back to the default of exiting on the spot.
  let interrupted = false;
  process.on('SIGINT', () => {
    if (interrupted) return;
    interrupted = true;
    console.error('interrupted: stopping the services and dropping the bench database …');
    void cleanUp().finally(() => process.exit(130));
  });

  try {
    await measure('1. event-store append', () => measureAppendRate(database.pool));

    const services = stackFigures.some(selected)
      ? startServices(database.url, (started) => (stack = started))
      : Promise.reject(new Error('no selected figure needs the services'));
    // Awaited by each figure that needs the services, which then fails with the reason they did not start.
    services.catch(() => undefined);
    // First, while both gateways are fresh: the metered one warmed by figures 2 and 5 and the other one cold would
    // pass JIT warmth off as metering cost.
    await measure('7. gateway reads, metering on ÷ off', async () => {
      const { gatewayUrl, unmeteredGatewayUrl, natsPrefix } = await services;
      return measureMeteringCost({ gatewayUrl, unmeteredGatewayUrl, natsUrl: config.natsUrl, natsPrefix });
    });
    await measure('2. gateway throughput', async () => measureProxyThroughput(await services));
    // Before figure 3, which adds products: 2, 5 and 7 read the same catalogue.
    await measure('5. session cost per request', async () => measureSessionCost((await services).gatewayUrl));
    await measure('3. command → visible p99', async () => {
      const { catalogUrl, identitySecret } = await services;
      return measureVisibility(catalogUrl, identitySecret);
    });
    await measure('6. cross-service lag p99', async () => {
      const { catalogUrl, tenancyUrl, identitySecret } = await services;
      return measureCrossServiceLag({ catalogUrl, tenancyUrl }, identitySecret);
    });
    await measure('10. shell initial JS', async () => measureShellJavaScript((await services).gatewayUrl));
    await measure('11. catalogue LCP', async () => measureCatalogueLcp((await services).gatewayUrl));
    await measureRows('12. time to content', async () => measureTimeToContent((await services).gatewayUrl));
    // Stopped before the rebuild (figure 4): the live projection runner and relay would otherwise compete with it.
    await stack?.stop();

    await measure('4. projection rebuild', () => measureRebuildRate(database.url));
    // Last, with the services stopped: the pipeline alone, with nothing else on the machine to compete with.
    await measure('8. metered calls/s sustained', () => measureMeteringThroughput(config.natsUrl));
    await measure('9. scrape cycle, 1,000 tenants ÷ 5 min', () => measureScrapeCycle(config.databaseUrl));
    await measure('13. consumer catch-up, batched ÷ one at a time', () =>
      measureConsumerCatchUp(database.url, config.natsUrl),
    );
  } finally {
    await cleanUp();
  }
  // In figure order: 7 is measured before 2, 5 right after it (see above).
  printReport([...outcomes].sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true })));
  console.log(`\nbench took ${((performance.now() - started) / 1_000).toFixed(1)} s`);
}

main()
  .then(() => {
    process.exitCode = outcomes.some((outcome) => 'error' in outcome) ? 1 : 0;
  })
  .catch((error: unknown) => {
    console.error('bench crashed:', error);
    process.exitCode = 1;
  });
