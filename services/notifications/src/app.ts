import type { ServiceMetric } from '@app/service-kit';
import { createServiceApp, type ServiceAppContext } from '@app/service-kit/runtime';

export interface NotificationsOptions {
  /** Metrics of parts built before the app (the sender's), served on its /metrics. */
  metrics?: readonly ServiceMetric[];
}

/** Notifications' HTTP app (STYLE.md "One service": app.ts builds, main.ts listens). */
export async function buildApp(context: ServiceAppContext, options: NotificationsOptions = {}) {
  return createServiceApp(context, {
    name: 'notifications',
    openapi: {
      title: 'Notifications API',
      description: "Email to customers and signed webhooks to tenants' apps on the platform's events.",
    },
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });
}

export type NotificationsApp = Awaited<ReturnType<typeof buildApp>>;
