import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { demoMetricsDocument } from './metrics-document.js';
import { createWebhookReceiver } from './webhook-receiver.js';
import { webhookRoutes } from './webhook-routes.js';

export interface DemoAppOptions {
  keys: readonly string[];
  seed: string;
  now?: () => Date;
  startedAt?: Date;
  /** Request logs at this level; none when absent. */
  logLevel?: string;
  /** The demo endpoint's signing secret, or null while none is registered: every delivery is refused then. */
  webhookSecret?: () => Promise<string | null>;
}

/**
 * The demo tenant app, so the demo's monitoring has an app to scrape: what a customer's deployed app would serve
 * to the platform's monitoring, `GET /api/metrics` behind `Authorization: Bearer <metrics API key>`
 * (ARCHITECTURE.md "Decisions"); and, as a tenant's app would, the platform's signed webhooks at `/webhooks`
 * with a page of the latest. Not a platform service: no identity tokens, no database.
 */
export async function buildDemoApp(options: DemoAppOptions) {
  const now = options.now ?? (() => new Date());
  const startedAt = options.startedAt ?? now();
  // Looked up by the key's SHA-256, so the lookup's timing says nothing about the key itself; each key's app
  // is seeded from that digest, never from the key.
  const seeds = new Map(
    options.keys.map((key) => {
      const hex = digest(key);
      return [hex, `${options.seed}:${hex}`];
    }),
  );
  const app = Fastify({
    // The keys arrive in this header: never logged, whatever the serializers do later.
    logger: options.logLevel ? { level: options.logLevel, redact: ['req.headers.authorization'] } : false,
  });

  app.get('/api/metrics', async (request, reply) => {
    const presented = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const seed = presented === undefined ? undefined : seeds.get(digest(presented));
    if (seed === undefined) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: 'A valid metrics API key is required' });
    }
    reply.header('cache-control', 'no-store');
    return demoMetricsDocument({ seed, now: now(), startedAt });
  });

  const webhookSecret = options.webhookSecret ?? (async () => null);
  await app.register(webhookRoutes, {
    receiver: createWebhookReceiver({ secret: webhookSecret, now }),
    registered: async () => (await webhookSecret()) !== null,
  });

  app.get('/health', async () => ({ status: 'ok' }));
  return app;
}

function digest(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
