import { aggregateStore, type EventStore } from '@app/eventing';
import { customers } from './customers.js';
import { invoices } from './invoices.js';
import { payments } from './payments.js';
import { terms } from './terms.js';

/** Billing's aggregates bound to its event store: the only way its use cases read or change one. */
export function createBillingStores(eventStore: EventStore) {
  return {
    customers: aggregateStore(eventStore, customers),
    payments: aggregateStore(eventStore, payments),
    invoices: aggregateStore(eventStore, invoices),
    terms: aggregateStore(eventStore, terms),
  };
}

export type BillingStores = ReturnType<typeof createBillingStores>;
