/** The demo tenant app's process: `DEMO_METRICS_KEYS=… node dist/server.cjs`. */
import { buildDemoApp } from './app.js';
import { loadDemoConfig } from './config.js';
import { readDemoWebhookFile } from './webhook-secret-file.js';

async function start(): Promise<void> {
  const config = loadDemoConfig();
  const app = await buildDemoApp({
    keys: config.DEMO_METRICS_KEYS,
    seed: config.DEMO_SEED,
    logLevel: config.LOG_LEVEL,
    // Read at each delivery: npm start registers the endpoint after this app is up, and may rotate its secret.
    webhookSecret: async () => {
      const file = config.DEMO_WEBHOOK_FILE;
      return file === undefined ? null : ((await readDemoWebhookFile(file))?.secret ?? null);
    },
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  const stop = () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

start().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
