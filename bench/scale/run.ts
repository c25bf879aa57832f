/**
 * `npm run bench:scale` (issue 18, item 6; bench/README.md "Scale benchmark"): grows the platform to each size
 * in SCALE_SIZES by appending real events in bulk, waits until every read model and consumer has caught up, and
 * measures the API and the screens at each size; then rebuilds every read model at the largest. Prints Markdown
 * tables with each measurement's growth and the targets. A miss does not fail the run: the exit code is
 * non-zero only when something crashed.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoAccount } from '@app/demo-fixtures';
import { connectNats, createPostgresEventStore } from '@app/eventing';
import type { NatsConnection } from '@nats-io/transport-node';
import { createTestDatabase } from '@app/test-support';
import { withBuildLock } from '../../scripts/test/support/build-lock.js';
import { signIn } from '../sign-in.js';
import { buildDeployables } from '../stack.js';
import { measureApi } from './api-measure.js';
import { apiProbes, type Caller } from './api-probes.js';
import { settledRows } from './catch-up.js';
import { loadScaleConfig, loading } from './config.js';
import { benchTenant, measuredCustomer, popularProduct, benchProduct, timelineOf } from './dataset.js';
import { benchUsageBatches, grow, type Loader } from './loader.js';
import { measureRebuilds } from './rebuilds.js';
import type { ScaleResults } from './results.js';
import { scaleReport } from './scale-report.js';
import { startScaleStack, type ScaleStack } from './scale-stack.js';
import { firstNameOf, screensOf } from './screen-list.js';
import { failedScreen, measureScreens } from './screens.js';

const config = loadScaleConfig();
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** The read models the catch-up counts: each holds one row per entity of its kind. */
const countedTables = [
  'identity.users',
  'catalog.products',
  'tenancy.owners',
  'tenancy.products',
  'tenancy.tenants',
  'tenancy.subscriptions',
  'tenancy.paid_invoices',
  'billing.products',
  'billing.tenants',
  'billing.subscriptions',
  'billing.invoices',
  benchUsageBatches,
];

async function main(): Promise<ScaleResults> {
  // Not named `t_…`: the test setup drops those after an hour, and a 100,000-tenant run takes longer.
  const database = await createTestDatabase(config.databaseUrl, { prefix: 'scale', poolSize: 4 });
  let stack: ScaleStack | undefined;
  let nats: NatsConnection | undefined;
  let interrupted = false;
  // An interrupt while the services start stops those started so far, and starts no more (scale-stack.ts).
  const starting = new AbortController();
  let startingStack: Promise<ScaleStack> | undefined;
  let cleaning: Promise<void> | undefined;
  // Once, whether the interrupt or the end of main gets here first: an interrupted start ends main too.
  const cleanUp = () => (cleaning ??= cleanUpOnce());
  const cleanUpOnce = async () => {
    await nats?.close().catch(() => undefined);
    try {
      starting.abort();
      await startingStack?.catch(() => undefined);
      await stack?.stop();
    } finally {
      if (config.keep && !interrupted) {
        await database.pool.end();
        // The name only: the URL may carry a password.
        console.log(`kept the database ${new URL(database.url).pathname.slice(1)}`);
      } else {
        await database.drop();
      }
    }
  };
  const interrupt = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`${signal}: stopping the services and dropping the bench database …`);
    void cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  // Ctrl-C, or a kill: either way the services it started and its database go with it.
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);

  try {
    // Held from the build until the services are up, as the platform tests hold it: a build elsewhere empties
    // every dist/ the services are starting from.
    stack = await withBuildLock(root, async () => {
      if (config.build) {
        console.log('building the deployables …');
        await buildDeployables(config.buildEnv);
      }
      console.log('starting catalog, identity, tenancy, billing and the gateway …');
      startingStack = startScaleStack({
        databaseUrl: database.url,
        natsUrl: config.natsUrl,
        path: config.path,
        signal: starting.signal,
      });
      return startingStack;
    });
    nats = await connectNats({ url: config.natsUrl, name: 'bench-scale' });
    const { gatewayUrl } = stack;
    const probe = { pool: database.pool, nats, stack };
    // The demo seeds' own consequences (a checkout's subscription, its copies) settle before the baseline.
    const expected = await settledRows(probe, countedTables, {
      deadlineMs: config.catchUpMs,
      pollMs: loading.pollMs,
    });

    const now = new Date();
    const timeline = timelineOf(now, config.sizes.at(-1) ?? 0);
    const screensNow = async (cookies: Cookies) => {
      try {
        const first = await firstNameOf(gatewayUrl, cookies);
        return await measureScreens(gatewayUrl, screensOf(cookies.admin, first), config.browserSamples);
      } catch (error) {
        return screensOf(null, { tenant: '', product: '' }).map((screen) => failedScreen(screen, error));
      }
    };

    console.log('measuring the screens with the demo data only …');
    const results: ScaleResults = {
      demoScreens: await screensNow(await signInAll(gatewayUrl)),
      sizes: [],
      rebuilds: [],
    };
    const schema = createPostgresEventStore({ pool: database.pool }).schema;
    const loader: Loader = { ...probe, schema, timeline, now, catchUpMs: config.catchUpMs, expected };
    const probes = apiProbes({
      customerId: measuredCustomer.id,
      popularProductId: benchProduct(popularProduct, timeline).productId,
      tenantId: benchTenant(0, timeline).tenantId,
      now,
    });
    let loaded = 0;
    for (const size of config.sizes) {
      console.log(`growing to ${size.toLocaleString('en-US')} tenants …`);
      const phases = await grow(loader, loaded, size);
      loaded = size;
      // Signed in afresh: a session idle through a long catch-up has expired by now.
      const cookies = await signInAll(gatewayUrl);
      console.log(`measuring the API at ${size.toLocaleString('en-US')} tenants …`);
      const api = await measureApi({ gatewayUrl, cookies, ...config }, probes);
      console.log(`measuring the screens at ${size.toLocaleString('en-US')} tenants …`);
      results.sizes.push({ tenants: size, phases, api, screens: await screensNow(cookies) });
      // Printed as each size completes: a long run shows what it has so far.
      console.log(['', ...scaleReport(results), ''].join('\n'));
    }
    // The services stop first: a running projection would follow each rebuild and compete with it.
    await stack.stop();
    if (config.rebuild) results.rebuilds = await measureRebuilds(stack.commandEnv);
    return results;
  } finally {
    await cleanUp();
  }
}

type Cookies = Record<Caller, string | null>;

/** The demo admin's session and the measured customer's, signed in at the gateway's sign-in form. */
async function signInAll(gatewayUrl: string): Promise<Cookies> {
  const admin = demoAccount('admin@demo.local');
  return {
    admin: (await signIn(gatewayUrl, admin.email, admin.demoPassword)).cookie,
    customer: (await signIn(gatewayUrl, measuredCustomer.email, measuredCustomer.demoPassword)).cookie,
    visitor: null,
  };
}

const started = performance.now();
main()
  .then((results) => {
    console.log(
      ['', `## bench:scale, ${config.sizes.join(' → ')} tenants`, '', ...scaleReport(results)].join('\n'),
    );
    console.log(`\nbench:scale took ${((performance.now() - started) / 60_000).toFixed(1)} min`);
    process.exitCode = 0;
  })
  .catch((error: unknown) => {
    console.error('bench:scale crashed:', error);
    process.exitCode = 1;
  });
