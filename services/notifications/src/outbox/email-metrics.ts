import { catalogueCounter, metricCatalogue, type CatalogueCounter } from '@app/service-kit';

export type EmailSendsCounter = CatalogueCounter<'message' | 'outcome'>;

/**
 * notifications_emails_total: one count per send attempt, by message and outcome (sent; retried, a failure with a
 * try left; failed, the last try failed). Made before the app, since the sender starts first.
 */
export function emailSendsCounter(): EmailSendsCounter {
  return catalogueCounter(metricCatalogue.emailSends, 'Email send attempts by message and outcome');
}
