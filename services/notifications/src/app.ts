import type { KeyRing } from '@app/secrets';
import type { ServiceMetric } from '@app/service-kit';
import { createServiceApp, type ServiceAppContext } from '@app/service-kit/runtime';
import { internalPasswordSetupMailRoutes } from './http/internal-password-setup-mail.routes.js';
import { createEndpointCommands } from './webhooks/application/endpoint-commands.js';
import { webhookDeliveryRoutes } from './webhooks/http/deliveries.routes.js';
import { webhookEndpointRoutes } from './webhooks/http/endpoints.routes.js';
import { ownedWebhookTenantsRoutes } from './webhooks/http/owned-tenants.routes.js';
import { webhooksDocumentation } from './webhooks/http/webhooks-openapi.js';

export interface NotificationsOptions {
  /** SECRETS_KEYS: seals each webhook endpoint's signing secret. */
  keyRing: KeyRing;
  /** PUBLIC_URL: the app's address, for the password-setup links identity hands over as paths. */
  publicUrl: string;
  /** Metrics of parts built before the app (the sender's), served on its /metrics. */
  metrics?: readonly ServiceMetric[];
  now?: () => Date;
}

/** Notifications' HTTP app (STYLE.md "One service": app.ts builds, main.ts listens). */
export async function buildApp(context: ServiceAppContext, options: NotificationsOptions) {
  const { db, eventStore, replies } = context;
  const { keyRing, now = () => new Date() } = options;
  const app = await createServiceApp(context, {
    name: 'notifications',
    openapi: {
      title: 'Notifications API',
      description: "Email to customers and signed webhooks to tenants' apps on the platform's events.",
      webhooks: webhooksDocumentation(),
    },
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });

  await app.register(ownedWebhookTenantsRoutes, { db });
  const commands = createEndpointCommands({ eventStore, keyRing, now });
  for (const audience of ['owner', 'admin'] as const) {
    await app.register(webhookEndpointRoutes, { audience, db, commands, replies, now });
    await app.register(webhookDeliveryRoutes, { audience, db, now });
  }
  await app.register(internalPasswordSetupMailRoutes, {
    db,
    keyRing,
    publicUrl: options.publicUrl,
    internalSecret: context.identitySecret,
    now,
  });
  return app;
}

export type NotificationsApp = Awaited<ReturnType<typeof buildApp>>;
