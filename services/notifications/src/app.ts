import {
  createService,
  type AcceptedSecrets,
  type ReadinessCheck,
  type ServiceMetric,
  type Telemetry,
} from '@app/service-kit';

export interface NotificationsDeps {
  /** INTERNAL_TOKEN_SECRET: checks the gateway's identity tokens. */
  identitySecret: AcceptedSecrets;
  logLevel: string;
  readiness: ReadinessCheck[];
  telemetry?: Telemetry;
  /** Metrics of parts built before the app (the sender's), served on its /metrics. */
  metrics?: readonly ServiceMetric[];
}

/** Notifications' HTTP app (STYLE.md "One service": app.ts builds, server.ts listens): health and metrics. */
export async function buildApp(deps: NotificationsDeps) {
  return createService({
    name: 'notifications',
    logger: { level: deps.logLevel },
    identity: { secret: deps.identitySecret },
    readiness: deps.readiness,
    openapi: {
      title: 'Notifications API',
      description: "Email to customers on the platform's events.",
    },
    ...(deps.metrics ? { metrics: deps.metrics } : {}),
    ...(deps.telemetry ? { telemetry: deps.telemetry } : {}),
  });
}

export type NotificationsApp = Awaited<ReturnType<typeof buildApp>>;
