/**
 * Every metric the platform exports for Prometheus beyond prom-client's default process metrics (ARCHITECTURE.md
 * "Observability and deployment"): one place that the code registering them, the Grafana dashboards and the alert
 * rules all name, so a dashboard cannot chart a metric nobody exports (deploy/test checks it). Prometheus adds
 * `job` and `instance` from its scrape configuration; these are the labels the platform sets itself.
 */
export const metricCatalogue = {
  /** RED per route: every service and the gateway (libs/service-kit/src/http/metrics.ts). */
  httpRequestDuration: {
    name: 'http_request_duration_seconds',
    type: 'histogram',
    labels: ['method', 'route', 'status_code'],
  },
  /** How far an event-sourced service's relay is behind its event store: age of the oldest unpublished event. */
  relayLag: { name: 'eventing_relay_lag_seconds', type: 'gauge', labels: [] },
  /** How far each projection's checkpoint is behind the event store's head, in seconds. */
  projectionLag: { name: 'eventing_projection_lag_seconds', type: 'gauge', labels: ['projection'] },
  /** Card payments confirmed or refused, by provider (sandbox, stripe) and outcome (succeeded, failed). */
  payments: { name: 'billing_payments_total', type: 'counter', labels: ['provider', 'outcome'] },
  /** Scrapes of tenant apps' metrics endpoints, by outcome (ok, failed). */
  tenantScrapes: { name: 'monitoring_scrapes_total', type: 'counter', labels: ['outcome'] },
  /** Public catalogue reads at the gateway, by how its cache took them (hit, miss, bypass). */
  catalogueCacheReads: { name: 'gateway_catalogue_cache_reads_total', type: 'counter', labels: ['outcome'] },
  /** Email send attempts by message (receipt, …) and outcome (sent, retried, failed). */
  emailSends: { name: 'notifications_emails_total', type: 'counter', labels: ['message', 'outcome'] },
  /** Webhook delivery attempts by outcome (delivered; retried, a failure with a try left; failed, the last one). */
  webhookDeliveries: { name: 'notifications_webhook_deliveries_total', type: 'counter', labels: ['outcome'] },
  /** Tenants' webhook endpoints marked failing, their retries having run out. */
  webhookEndpointsMarkedFailing: {
    name: 'notifications_webhook_endpoints_marked_failing_total',
    type: 'counter',
    labels: [],
  },
  /** Pending items of notifications' queues (queue: email, webhook), due or waiting for a retry. */
  queueDepth: { name: 'notifications_queue_depth', type: 'gauge', labels: ['queue'] },
  /** Age in seconds of the oldest pending item since its schedule began (0 when none is pending). */
  queueOldestPending: {
    name: 'notifications_queue_oldest_pending_seconds',
    type: 'gauge',
    labels: ['queue'],
  },
  /** How long the most overdue item has been due without being attempted, in seconds (0 when none is due). */
  queueOldestDue: { name: 'notifications_queue_oldest_due_seconds', type: 'gauge', labels: ['queue'] },
} as const;

export type MetricName = (typeof metricCatalogue)[keyof typeof metricCatalogue]['name'];
