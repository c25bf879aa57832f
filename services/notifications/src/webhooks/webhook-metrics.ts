import { catalogueCounter, metricCatalogue, type CatalogueCounter } from '@app/service-kit';

export interface WebhookMetrics {
  /** notifications_webhook_deliveries_total: one per attempt (delivered; retried; failed, the schedule's last). */
  deliveries: CatalogueCounter<'outcome'>;
  /** notifications_webhook_endpoints_marked_failing_total: an endpoint turned failing. */
  endpointsMarkedFailing: CatalogueCounter<never>;
}

/** Made before the app, since the delivery worker starts first; the app serves them on /metrics. */
export function webhookMetrics(): WebhookMetrics {
  return {
    deliveries: catalogueCounter(metricCatalogue.webhookDeliveries, 'Webhook delivery attempts by outcome'),
    endpointsMarkedFailing: catalogueCounter(
      metricCatalogue.webhookEndpointsMarkedFailing,
      'Webhook endpoints marked failing at the end of a message retry schedule',
    ),
  };
}
