import { catalogueCounter, metricCatalogue, type CatalogueCounter } from '@app/service-kit';

export type PaymentsCounter = CatalogueCounter<'provider' | 'outcome'>;

/**
 * billing_payments_total: one count per card payment outcome billing records, whichever way it came (a Sandbox
 * confirmation, a Stripe webhook, a renewal's off-session charge). Made before the app, since the renewal runner
 * starts first; the app serves it on its /metrics.
 */
export function paymentsCounter(): PaymentsCounter {
  return catalogueCounter(
    metricCatalogue.payments,
    'Card payments confirmed or refused, by provider and outcome',
  );
}
